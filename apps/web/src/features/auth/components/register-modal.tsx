import { LIMITS } from '@l4l/shared/constants/limits';
import { ROLE } from '@l4l/shared/constants/roles';
import { lawyerRegistrationSchema, userRegistrationSchema } from '@l4l/shared/schemas/auth';
import { isStrongPassword } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es/account';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { BarAssociationField } from '../../../components/bar-association-field/bar-association-field.tsx';
import { BackButton, Button } from '../../../components/button/button.tsx';
import { CategorySelect } from '../../../components/category-select/category-select.tsx';
import {
  Field,
  PasswordField,
  PhoneField,
  TextAreaField,
  TextField,
} from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { ProvinceSelect } from '../../../components/province-select/province-select.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { sanitizePriceInput } from '../../../lib/price-input.ts';
import { schemaResolverBy } from '../../../lib/schema-resolver.ts';
import { loginToast } from '../../../lib/toast.ts';
import { isSignIn, useLogin } from '../api/login.ts';
import { type LawyerRegistrationInput, useRegisterLawyer } from '../api/register-lawyer.ts';
import { type UserRegistrationInput, useRegisterUser } from '../api/register-user.ts';
import { loginErrorMessage } from '../lib/login-error.ts';
import { useCompleteSignIn } from '../lib/use-complete-sign-in.ts';
import styles from './auth-forms.module.css';
import { Divider } from './login-modal.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import wizard from './register-modal.module.css';
import { SocialSignIn } from './social-sign-in.tsx';

/** docs/product.md, Registration: the wizard's steps, and the lawyer's closing notice. */
export type RegisterStep = 'role' | 'method' | 'credentials' | 'personal' | 'lawyer' | 'pending';
type Role = typeof ROLE.USUARIO | typeof ROLE.ABOGADO;

export type RegisterFormValues = {
  role: Role | '';
  mail: string;
  password: string;
  name: string;
  surname: string;
  phoneNumber: string;
  lawyerCategory: string[];
  lawyerDescription: string;
  lawyerPrice: string;
  province: string;
  barNumber: string;
  barAssociation: string;
  lawyerPhoto: string;
};

const EMPTY_FORM: RegisterFormValues = {
  role: '',
  mail: '',
  password: '',
  name: '',
  surname: '',
  phoneNumber: '',
  lawyerCategory: [],
  lawyerDescription: '',
  lawyerPrice: '',
  province: '',
  barNumber: '',
  barAssociation: '',
  lawyerPhoto: '',
};

const STEP_ORDER: readonly RegisterStep[] = ['role', 'method', 'credentials', 'personal', 'lawyer'];
const FIELDS_BY_STEP = {
  credentials: ['mail', 'password'],
  personal: ['name', 'surname', 'phoneNumber'],
  lawyer: [
    'lawyerCategory',
    'lawyerDescription',
    'lawyerPrice',
    'province',
    'barAssociation',
    'barNumber',
    'lawyerPhoto',
  ],
} as const satisfies Partial<Record<RegisterStep, readonly (keyof RegisterFormValues)[]>>;

/** The shared schemas decide (docs/domain.md, Validation rules); which one depends on the profile chosen in step 1. */
const resolver = schemaResolverBy<RegisterFormValues>((values) =>
  values.role === ROLE.ABOGADO ? lawyerRegistrationSchema : userRegistrationSchema,
);

const STEP_TITLES: Record<RegisterStep, string> = {
  role: es.register.title,
  method: es.register.options,
  credentials: es.register.credentialsTitle,
  personal: es.register.personalTitle,
  lawyer: es.register.lawyerTitle,
  pending: es.register.lawyerPendingTitle,
};

/** A server's field error names a field of the wire (maybe nested: 'lawyerCategory.0'): find it here. */
function formFieldOf(path: string): keyof RegisterFormValues | null {
  const head = path.split('.')[0] ?? '';
  return head in EMPTY_FORM && head !== 'role' ? (head as keyof RegisterFormValues) : null;
}

function stepOfField(field: keyof RegisterFormValues): RegisterStep {
  for (const [step, fields] of Object.entries(FIELDS_BY_STEP)) {
    if ((fields as readonly string[]).includes(field)) return step as RegisterStep;
  }
  return 'credentials';
}

type RegisterModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSwitchToLogin: () => void;
};

export function RegisterModal({ open, onOpenChange, onSwitchToLogin }: RegisterModalProps) {
  const [step, setStep] = useState<RegisterStep>('role');
  const formRef = useRef<HTMLFormElement>(null);
  const shownStep = useRef<RegisterStep>(step);
  const form = useForm<RegisterFormValues>({ resolver, defaultValues: EMPTY_FORM });
  const { register, control, watch, trigger, handleSubmit, setError, reset, formState } = form;
  const { errors, touchedFields } = formState;

  const registerUser = useRegisterUser();
  const registerLawyer = useRegisterLawyer();
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();
  const busy = registerUser.isPending || registerLawyer.isPending || login.isPending;

  // a closed wizard starts again from the first step next time
  useEffect(() => {
    if (!open) {
      setStep('role');
      reset(EMPTY_FORM);
    }
  }, [open, reset]);

  // each new step starts at its first control, so keyboard and screen-reader users land on it
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    formRef.current?.querySelector<HTMLElement>('input, textarea, button')?.focus();
  }, [step]);

  const role = watch('role');
  const mail = watch('mail');
  const password = watch('password');
  const description = watch('lawyerDescription');
  const isLawyer = role === ROLE.ABOGADO;
  const totalSteps = isLawyer ? 5 : 4;
  const stepNumber = STEP_ORDER.indexOf(step) + 1;

  const goBack = () => {
    const previous = STEP_ORDER[STEP_ORDER.indexOf(step) - 1];
    if (previous) setStep(previous);
  };

  /** Puts the server's per-field messages beside their fields and shows the first step that has one. */
  const showServerFields = (fields: Readonly<Record<string, string>>) => {
    let first: RegisterStep | null = null;
    for (const [path, message] of Object.entries(fields)) {
      const field = formFieldOf(path);
      if (!field) continue;
      setError(field, { message });
      const fieldStep = stepOfField(field);
      if (!first || STEP_ORDER.indexOf(fieldStep) < STEP_ORDER.indexOf(first)) first = fieldStep;
    }
    if (first) setStep(first);
  };

  const onExistingUser = (message: string) => {
    toast.error(message);
    setError('mail', { message });
    setStep('credentials');
  };

  const submitUser = (values: UserRegistrationInput) =>
    registerUser.mutate(values, {
      onSuccess: () => {
        toast.success(es.register.created);
        // docs/product.md, Registration: a new client is signed in straight away
        login.mutate(
          { email: values.mail, password: values.password },
          {
            // a new client never owes a second factor: the answer is the session
            onSuccess: (answer) => (isSignIn(answer) ? completeSignIn(answer) : undefined),
            onError: (error) => {
              loginToast.error(loginErrorMessage(error));
              onSwitchToLogin();
            },
          },
        );
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409) return onExistingUser(es.validation.userExists);
        if (isApiError(error)) showServerFields(error.fields);
        toast.error(es.register.failed);
      },
    });

  const submitLawyer = (values: LawyerRegistrationInput) =>
    registerLawyer.mutate(values, {
      onSuccess: () => {
        toast.success(es.register.created);
        setStep('pending');
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409) return onExistingUser(es.register.lawyerExists);
        if (isApiError(error)) showServerFields(error.fields);
        toast.error(
          isApiError(error) && error.status === 400 ? es.register.lawyerInvalid : es.register.failed,
        );
      },
    });

  const next = async () => {
    if (step === 'role' && role) setStep('method');
    if (step === 'credentials' && (await trigger([...FIELDS_BY_STEP.credentials]))) setStep('personal');
    if (step === 'personal' && isLawyer && (await trigger([...FIELDS_BY_STEP.personal]))) setStep('lawyer');
  };

  const onSubmit = handleSubmit(
    (values) => {
      // the resolver has already turned the form into the schema's output (digits-only phone, numeric price)
      if (isLawyer) submitLawyer(values as unknown as LawyerRegistrationInput);
      else submitUser(values as unknown as UserRegistrationInput);
    },
    () => {
      // docs/product.md, Registration: an invalid lawyer form also gets a toast; fields show their own messages
      if (isLawyer && step === 'lawyer') toast.error(es.register.lawyerInvalid);
    },
  );

  const submitsHere = step === 'lawyer' || (step === 'personal' && !isLawyer);
  // docs/product.md, Registration: Continue stays disabled until a mail is typed and the password meets the policy
  const credentialsReady = mail.trim() !== '' && password !== '' && isStrongPassword(password);
  const passwordProblem = password !== '' && touchedFields.password && !isStrongPassword(password);

  // one primary button per step (none on the options step); Enter presses it
  const primary = submitsHere
    ? { label: es.buttons.createUser, disabled: busy }
    : step === 'role'
      ? { label: es.buttons.continue, disabled: !role }
      : step === 'credentials'
        ? { label: es.buttons.continue, disabled: !credentialsReady }
        : step === 'personal'
          ? { label: es.buttons.continue, disabled: false }
          : null;

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (submitsHere) return onSubmit(event);
    event.preventDefault();
    return next();
  };

  const header =
    step === 'pending' ? null : (
      <>
        {step !== 'role' ? <BackButton onClick={goBack} /> : null}
        <span className={wizard.progress}>{es.register.stepOf(stepNumber, totalSteps)}</span>
      </>
    );

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={STEP_TITLES[step]} header={header} size="md">
      {step === 'pending' ? (
        <div className={styles.stack}>
          <p className={wizard.pendingText}>{es.register.lawyerPendingText}</p>
          <Button size="lg" block onClick={() => onOpenChange(false)}>
            {es.register.gotIt}
          </Button>
        </div>
      ) : (
        <form ref={formRef} className={styles.stack} onSubmit={onFormSubmit} noValidate>
          {step === 'role' ? (
            <fieldset className={wizard.roles}>
              <legend className={wizard.legend}>{es.register.chooseRole}</legend>
              {(
                [
                  { value: ROLE.USUARIO, title: es.register.roleUser, text: es.register.roleUserHint },
                  { value: ROLE.ABOGADO, title: es.register.roleLawyer, text: es.register.roleLawyerHint },
                ] as const
              ).map((option) => (
                <label key={option.value} className={wizard.roleCard}>
                  <input type="radio" value={option.value} className={wizard.radio} {...register('role')} />
                  <span className={wizard.roleTitle}>{option.title}</span>
                  <span className={wizard.roleText}>{option.text}</span>
                </label>
              ))}
            </fieldset>
          ) : null}

          {step === 'method' ? (
            <>
              <Button size="lg" block onClick={() => setStep('credentials')}>
                {es.register.withEmail}
              </Button>
              <SocialSignIn context="signup" allowGoogle={!isLawyer} lead={<Divider />} />
            </>
          ) : null}

          {step === 'credentials' ? (
            <>
              <TextField
                label={es.login.email}
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder={es.login.emailPlaceholder}
                error={errors.mail?.message}
                {...register('mail')}
              />
              <PasswordField
                label={es.login.password}
                autoComplete="new-password"
                error={errors.password?.message ?? (passwordProblem ? es.validation.password : null)}
                hint={passwordProblem || errors.password ? undefined : es.validation.password}
                {...register('password')}
              />
            </>
          ) : null}

          {step === 'personal' ? (
            <>
              <div className={wizard.row}>
                <TextField
                  label={es.register.name}
                  autoComplete="given-name"
                  error={errors.name?.message}
                  {...register('name')}
                />
                <TextField
                  label={es.register.surname}
                  autoComplete="family-name"
                  error={errors.surname?.message}
                  {...register('surname')}
                />
              </div>
              <PhoneField
                label={es.register.phone}
                placeholder={es.register.phonePlaceholder}
                error={errors.phoneNumber?.message}
                {...register('phoneNumber')}
              />
            </>
          ) : null}

          {step === 'lawyer' ? (
            <>
              <Field label={es.register.categories} error={errors.lawyerCategory?.message}>
                {(controlProps, labelId) => (
                  <Controller
                    control={control}
                    name="lawyerCategory"
                    render={({ field }) => (
                      <CategorySelect
                        {...controlProps}
                        labelId={labelId}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                      />
                    )}
                  />
                )}
              </Field>
              <TextAreaField
                label={es.register.description}
                maxLength={LIMITS.descriptionMax}
                aside={es.register.descriptionCounter(description.length, LIMITS.descriptionMax)}
                placeholder={es.register.descriptionPlaceholder}
                error={errors.lawyerDescription?.message}
                {...register('lawyerDescription')}
              />
              <div className={wizard.row}>
                <Controller
                  control={control}
                  name="lawyerPrice"
                  render={({ field }) => (
                    <TextField
                      label={es.register.price}
                      inputMode="decimal"
                      placeholder={es.register.pricePlaceholder}
                      maxLength={LIMITS.priceInputMax}
                      hint={es.register.priceHint}
                      error={errors.lawyerPrice?.message}
                      name={field.name}
                      ref={field.ref}
                      value={field.value}
                      onBlur={field.onBlur}
                      onChange={(event) => field.onChange(sanitizePriceInput(event.target.value))}
                    />
                  )}
                />
                <Field label={es.register.province} error={errors.province?.message}>
                  {(controlProps) => (
                    <Controller
                      control={control}
                      name="province"
                      render={({ field }) => (
                        <ProvinceSelect
                          {...controlProps}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                        />
                      )}
                    />
                  )}
                </Field>
              </div>
              <div className={wizard.row}>
                <BarAssociationField error={errors.barAssociation?.message} {...register('barAssociation')} />
                <TextField
                  label={es.trust.barNumber}
                  hint={es.trust.barNumberHint}
                  maxLength={LIMITS.barNumberMax}
                  autoComplete="off"
                  error={errors.barNumber?.message}
                  {...register('barNumber')}
                />
              </div>
              <Controller
                control={control}
                name="lawyerPhoto"
                render={({ field }) => (
                  <PhotoPicker
                    value={field.value}
                    onChange={field.onChange}
                    name={watch('name')}
                    error={errors.lawyerPhoto?.message}
                  />
                )}
              />
            </>
          ) : null}

          {primary ? (
            <Button type="submit" size="lg" block disabled={primary.disabled}>
              {busy ? <Spinner size="sm" label={es.register.creating} /> : null}
              {primary.label}
            </Button>
          ) : null}

          {step === 'role' || step === 'method' ? (
            <p className={styles.switch}>
              <Button variant="link" onClick={onSwitchToLogin}>
                {es.register.haveAccount}
              </Button>
            </p>
          ) : null}
        </form>
      )}
    </Modal>
  );
}
