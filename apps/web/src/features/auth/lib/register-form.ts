import type { ROLE } from '@l4l/shared/constants/roles';
import { es } from '@l4l/shared/texts/es/account';

/** docs/product.md, Registration: the wizard's steps, and the lawyer's closing notice. */
export type RegisterStep = 'role' | 'method' | 'credentials' | 'personal' | 'lawyer' | 'pending';

export type RegisterFormValues = {
  role: typeof ROLE.USUARIO | typeof ROLE.ABOGADO | '';
  mail: string;
  password: string;
  name: string;
  surname: string;
  phoneNumber: string;
  lawyerCategory: string[];
  lawyerDescription: string;
  lawyerPrice: string;
  /** null until the lawyer chooses: the first consultation has no default (docs/domain.md, Lawyers' prices) */
  lawyerFirstVisitFree: boolean | null;
  lawyerPriceFirstVisit: string;
  province: string;
  barNumber: string;
  barAssociation: string;
  /** docs/domain.md, Professional title */
  professionalTitle: 'Abogado' | 'Abogada';
  lawyerPhoto: string;
};

export const EMPTY_FORM: RegisterFormValues = {
  role: '',
  mail: '',
  password: '',
  name: '',
  surname: '',
  phoneNumber: '',
  lawyerCategory: [],
  lawyerDescription: '',
  lawyerPrice: '',
  lawyerFirstVisitFree: null,
  lawyerPriceFirstVisit: '',
  province: '',
  barNumber: '',
  barAssociation: '',
  professionalTitle: 'Abogado',
  lawyerPhoto: '',
};

type FormField = Exclude<keyof RegisterFormValues, 'role'>;

export const STEP_ORDER: readonly RegisterStep[] = ['role', 'method', 'credentials', 'personal', 'lawyer'];

/**
 * docs/product.md, Registration: the steps of one path. The options step is there only when it offers a
 * choice (Google sign-up, for clients, when the server has it); a lawyer has the professional step.
 */
export function stepsOf(role: RegisterFormValues['role'], withOptions: boolean): RegisterStep[] {
  return STEP_ORDER.filter(
    (step) => (step !== 'method' || withOptions) && (step !== 'lawyer' || role === 'ABOGADO'),
  );
}

/** Each step's fields, in the order the step shows them. */
export const FIELDS_BY_STEP = {
  credentials: ['mail', 'password'],
  personal: ['name', 'surname', 'phoneNumber'],
  lawyer: [
    'professionalTitle',
    'lawyerCategory',
    'lawyerDescription',
    'lawyerPrice',
    'lawyerFirstVisitFree',
    'lawyerPriceFirstVisit',
    'province',
    'barAssociation',
    'barNumber',
    'lawyerPhoto',
  ],
} as const satisfies Partial<Record<RegisterStep, readonly FormField[]>>;

/** The label a person reads for each field: a refusal names the fields to fix by these. */
const FIELD_LABELS: Record<FormField, string> = {
  mail: es.login.email,
  password: es.login.password,
  name: es.register.name,
  surname: es.register.surname,
  phoneNumber: es.register.phone,
  lawyerCategory: es.register.categories,
  lawyerDescription: es.register.description,
  lawyerPrice: es.register.price,
  lawyerFirstVisitFree: es.register.firstVisit,
  lawyerPriceFirstVisit: es.register.priceFirstVisit,
  province: es.register.province,
  barAssociation: es.trust.barAssociation,
  barNumber: es.trust.barNumber,
  professionalTitle: es.trust.professionalTitle,
  lawyerPhoto: es.register.photo,
};

const ALL_FIELDS: readonly FormField[] = [
  ...FIELDS_BY_STEP.credentials,
  ...FIELDS_BY_STEP.personal,
  ...FIELDS_BY_STEP.lawyer,
];

/** A server's field error names a field of the wire (maybe nested: 'lawyerCategory.0'): find it here. */
export function formFieldOf(path: string): FormField | null {
  const head = path.split('.')[0] ?? '';
  return (ALL_FIELDS as readonly string[]).includes(head) ? (head as FormField) : null;
}

export function stepOfField(field: FormField): RegisterStep {
  for (const [step, fields] of Object.entries(FIELDS_BY_STEP)) {
    if ((fields as readonly string[]).includes(field)) return step as RegisterStep;
  }
  return 'credentials';
}

/**
 * 'Revisa estos campos: Categorías y Provincia.': the toast of a refused step names what to fix, in the
 * order the wizard shows the fields (never 'Hubo un error inesperado').
 */
export function fixFieldsMessage(fields: Iterable<string>): string {
  const wrong = new Set(fields);
  return es.register.fixFields(ALL_FIELDS.filter((field) => wrong.has(field)).map((f) => FIELD_LABELS[f]));
}
