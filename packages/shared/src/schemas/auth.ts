import { z } from 'zod';
import { BAR_ASSOCIATION_IDS } from '../constants/bar-associations.ts';
import { CATEGORIES, PROFESSIONAL_TITLES } from '../constants/categories.ts';
import { LIMITS } from '../constants/limits.ts';
import { PROVINCES } from '../constants/provinces.ts';
import { ROLES } from '../constants/roles.ts';
import { es } from '../texts/es/public.ts';
import {
  blankToUndefined,
  emailSchema,
  passwordSchema,
  phoneSchema,
  priceSchema,
  requiredText,
} from './common.ts';

/**
 * Accounts and sessions (docs/api/http.md, Auth and Users). The server validates requests with
 * these and the web forms use them too, so they stay browser-safe. Objects are not strict: the first web client's
 * payloads carry extras (role, username, id) that are accepted and dropped, never trusted.
 */

/** docs/domain.md, Validation rules: the username is the name and the surname together, spaces removed. */
export function usernameOf(name: string, surname: string): string {
  return `${name}${surname}`.replace(/\s+/g, '');
}

const nameSchema = requiredText(LIMITS.nameMax);
/** the session cookie is persistent only when the web says the cookie consent is 'true' (ADR 0003) */
const rememberSchema = z.boolean().optional();

/** docs/domain.md, Validation rules: name, surname and phone are required; mail and password checked as there. */
export const userRegistrationSchema = z.object({
  mail: emailSchema,
  password: passwordSchema,
  name: nameSchema,
  surname: nameSchema,
  phoneNumber: phoneSchema,
  remember: rememberSchema,
});
export type UserRegistration = z.infer<typeof userRegistrationSchema>;

/**
 * POST /api/auth/register/check (+): the wizard's step 3 (mail and password) asked before the steps after
 * it, so a taken mail or a common password is refused where it was typed (docs/product.md, Registration).
 */
export const registrationCheckSchema = userRegistrationSchema.pick({ mail: true, password: true });
export type RegistrationCheck = z.infer<typeof registrationCheckSchema>;

/** A data URL (`data:<type>;base64,<bytes>`); the server checks the bytes themselves, not the declared type. */
export const DATA_URL_PATTERN =
  /^data:[\w.+-]+\/[\w.+-]+(?:;[\w.+-]+=[\w.+-]+)*;base64,[A-Za-z0-9+/]*={0,2}$/;

/**
 * docs/domain.md, Colegiación: the number the colegio gave the lawyer, as it prints it ('78.412', 'A-1234',
 * '12345/2019'): at least one digit, then digits, letters, dots, dashes or slashes, at most 12 characters.
 */
export const barNumberSchema = z
  .string({ error: es.validation.barNumber })
  .trim()
  .max(LIMITS.barNumberMax, { error: es.validation.barNumber })
  .regex(/^(?=.*\d)[0-9A-Za-z./-]+$/, { error: es.validation.barNumber });

/** docs/domain.md, Colegiación: one of Spain's 83 Colegios de la Abogacía, by its id. */
export const barAssociationSchema = z.enum(BAR_ASSOCIATION_IDS, { error: es.validation.barAssociation });

/** (+) docs/domain.md, Professional title: 'Abogado' or 'Abogada'. */
export const professionalTitleSchema = z.enum(PROFESSIONAL_TITLES, {
  error: es.validation.professionalTitle,
});

/** docs/domain.md, Validation rules: lawyer extras. The photo's error reuses the price message, as the first web client's form does. */
export const lawyerRegistrationSchema = userRegistrationSchema
  .extend({
    lawyerCategory: z
      .array(z.enum(CATEGORIES, { error: es.validation.category }), { error: es.validation.category })
      .min(1, { error: es.validation.category })
      .max(CATEGORIES.length, { error: es.validation.category })
      .transform((categories) => [...new Set(categories)]),
    lawyerDescription: z
      .string({ error: es.validation.description })
      .trim()
      .min(1, { error: es.validation.description })
      .max(LIMITS.descriptionMax, { error: es.validation.descriptionTooLong }),
    lawyerPrice: priceSchema,
    province: z.enum(PROVINCES, { error: es.validation.province }),
    barNumber: barNumberSchema,
    barAssociation: barAssociationSchema,
    /** (+) docs/domain.md, Professional title: 'Abogado' when not given */
    professionalTitle: professionalTitleSchema.optional(),
    lawyerPhoto: z
      .string({ error: es.validation.price })
      .trim()
      .refine((photo) => photo === '' || DATA_URL_PATTERN.test(photo), { error: es.validation.price })
      .transform((photo) => photo || undefined)
      .optional(),
    /**
     * (+) docs/domain.md, Lawyers' prices: whether the first consultation is free, and its price when it is
     * not. The wizard asks for the choice; a registration without it keeps the price as not given (null),
     * never a silent 0 shown as 'Gratuita'.
     */
    lawyerFirstVisitFree: z.boolean({ error: es.validation.firstVisitChoice }).optional(),
    lawyerPriceFirstVisit: z.preprocess(blankToUndefined, priceSchema.optional()),
  })
  .refine((lawyer) => lawyer.lawyerFirstVisitFree !== false || lawyer.lawyerPriceFirstVisit !== undefined, {
    error: es.validation.price,
    path: ['lawyerPriceFirstVisit'],
    // checked beside the other fields' messages, so a form shows every one at once
    when: ({ value }) => typeof value === 'object' && value !== null,
  });
export type LawyerRegistration = z.infer<typeof lawyerRegistrationSchema>;

/** Any password an account may hold (older ones may predate the policy): only required and bounded. */
export const anyPasswordSchema = z
  .string({ error: es.validation.required })
  .min(1, { error: es.validation.required })
  .max(1024, { error: es.validation.required });

/** docs/api/http.md, Auth: the login sends `email` (the account's `mail`) and the password. */
export const loginSchema = z.object({
  email: emailSchema,
  password: anyPasswordSchema,
  remember: rememberSchema,
});
export type Login = z.infer<typeof loginSchema>;

/** POST /api/auth/recover-password?email= */
export const recoverPasswordQuerySchema = z.object({ email: emailSchema });

/** POST /api/auth/update-password: the reset link's token and the new password (body or query). */
export const updatePasswordSchema = z.object({
  token: z
    .string({ error: es.validation.resetAllRequired })
    .trim()
    .min(1, { error: es.validation.resetAllRequired })
    .max(200, { error: es.validation.resetAllRequired }),
  newPassword: passwordSchema,
});
export type UpdatePassword = z.infer<typeof updatePasswordSchema>;

/** POST /api/auth/change-password (+), signed in. */
export const changePasswordSchema = z.object({
  currentPassword: anyPasswordSchema,
  newPassword: passwordSchema,
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** POST /api/auth/google (+): the ID token Google Identity Services gives the page. */
export const googleSignInSchema = z.object({
  credential: z
    .string({ error: es.validation.required })
    .min(1, { error: es.validation.required })
    .max(8192, { error: es.validation.required }),
  remember: rememberSchema,
});

/**
 * docs/domain.md, Validation rules (profile): name non-empty after trim, valid mail, 9-digit phone; the surname may be empty. A new
 * mail needs the current password too, and takes effect once confirmed from the new address.
 */
export const userProfileUpdateSchema = z.object({
  name: nameSchema,
  surname: z.string().trim().max(LIMITS.nameMax, { error: es.validation.required }).default(''),
  mail: emailSchema,
  phoneNumber: phoneSchema,
  currentPassword: anyPasswordSchema.optional(),
});
export type UserProfileUpdate = z.infer<typeof userProfileUpdateSchema>;

/** Who a person is, as every answer about an account shows it (never the password hash). */
export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string(),
  mail: z.string(),
  phoneNumber: z.string(),
  photoUrl: z.string().nullable(),
});

/** docs/api/http.md, Auth: the session user `{id, username, role, mail, name, surname, phoneNumber, photoUrl}`. */
export const baseUserSchema = personSchema.extend({
  username: z.string(),
  role: z.enum(ROLES),
  /** the sign-in mail has been proven to be the person's (docs/domain.md, Mail verification) */
  emailVerified: z.boolean(),
});
export type BaseUser = z.infer<typeof baseUserSchema>;

/** docs/api/http.md, Auth: the login answer's `data`. */
export const signInSchema = z.object({ token: z.string(), baseUser: baseUserSchema });
export type SignIn = z.infer<typeof signInSchema>;

/** GET /api/auth/providers (+): which sign-in providers the server has configured. */
export const authProvidersSchema = z.object({
  google: z.object({ clientId: z.string() }).nullable(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/**
 * GET /api/user/profile/{id} (docs/api/http.md, Users). `lastConnection` is an ISO date or null; `pendingMail` (+) is a new
 * sign-in mail waiting for its confirmation.
 */
export const userProfileSchema = personSchema.extend({
  lastConnection: z.string().nullable(),
  pendingMail: z.string().nullable().optional(),
});

/** POST /api/auth/confirm-email-change?token= (+): the link mailed to the new address. */
export const confirmMailChangeQuerySchema = z.object({ token: updatePasswordSchema.shape.token });
/** POST /api/auth/verify-email?token=: the link mailed to confirm the sign-in address. */
export const verifyMailQuerySchema = z.object({
  token: z
    .string({ error: es.validation.verifyMailLinkInvalid })
    .trim()
    .min(1, { error: es.validation.verifyMailLinkInvalid })
    .max(200, { error: es.validation.verifyMailLinkInvalid }),
});
/** Its answer, and confirm-email-change's: the sign-in mail now in force (and confirmed). */
export const confirmedMailSchema = z.object({ mail: z.string() });
export type UserProfile = z.infer<typeof userProfileSchema>;
