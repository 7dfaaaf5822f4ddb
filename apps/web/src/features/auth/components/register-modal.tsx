import { ROLE } from '@l4l/shared/constants/roles';
import { lawyerRegistrationSchema, userRegistrationSchema } from '@l4l/shared/schemas/auth';
import { isStrongPassword } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es/account';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { BackButton, Button } from '../../../components/button/button.tsx';
import { PasswordField, PhoneField, TextField } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { schemaResolverBy } from '../../../lib/schema-resolver.ts';
import { loginToast, toast } from '../../../lib/toast.ts';
import { useCheckRegistration } from '../api/check-registration.ts';
import { isSignIn, useLogin } from '../api/login.ts';
import { type LawyerRegistrationInput, useRegisterLawyer } from '../api/register-lawyer.ts';
import { type UserRegistrationInput, useRegisterUser } from '../api/register-user.ts';
import { loginErrorMessage } from '../lib/login-error.ts';
import {
  EMPTY_FORM,
  FIELDS_BY_STEP,
  fixFieldsMessage,
  formFieldOf,
  type RegisterFormValues,
  type RegisterStep,
  STEP_ORDER,
  stepOfField,
  stepsOf,
} from '../lib/register-form.ts';
import { useCompleteSignIn } from '../lib/use-complete-sign-in.ts';
import styles from './auth-forms.module.css';
import { Divider } from './login-modal.tsx';
import { RegisterLawyerStep } from './register-lawyer-step.tsx';
import wizard from './register-modal.module.css';
import { SocialSignIn, useConfiguredGoogle } from './social-sign-in.tsx';

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

/**
 * RGPD art. 13 and LSSI: where the account is created (the last step, or Google's button), the terms and the
 * privacy policy are one click away, in a new tab so the wizard keeps what was typed.
 */
function LegalConsent() {
  const t = es.register;
  return (
    <p className={wizard.consent}>
      {t.consentBefore}{' '}
      <a href={`${paths.legalNotice}#condiciones`} target="_blank" rel="noopener">
        {t.termsLink}
      </a>{' '}
      {t.consentMiddle}{' '}
      <a href={paths.privacy} target="_blank" rel="noopener">
        {t.privacyLink}
      </a>
      {t.consentAfter}
    </p>
  );
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
  const { register, watch, trigger, getValues, handleSubmit, setError, reset, formState } = form;
  const { errors, touchedFields } = formState;

  const registerUser = useRegisterUser();
  const registerLawyer = useRegisterLawyer();
  const login = useLogin();
  const checkRegistration = useCheckRegistration();
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
  const isLawyer = role === ROLE.ABOGADO;
  // docs/product.md, Registration: the count follows the path chosen; before a choice, no total is promised
  const withOptions = useConfiguredGoogle(!isLawyer) !== null;
  const steps = stepsOf(role, withOptions);
  const totalSteps = role ? steps.length : null;
  const stepNumber = steps.indexOf(step) + 1;
  const stepAfter = (current: RegisterStep) => steps[steps.indexOf(current) + 1];

  const goBack = () => {
    const previous = steps[steps.indexOf(step) - 1];
    if (previous) setStep(previous);
  };

  /**
   * Puts the server's per-field messages beside their fields and shows the first step that has one;
   * answers the fields it placed.
   */
  const showServerFields = (fields: Readonly<Record<string, string>>) => {
    let first: RegisterStep | null = null;
    const placed: string[] = [];
    for (const [path, message] of Object.entries(fields)) {
      const field = formFieldOf(path);
      if (!field) continue;
      setError(field, { message });
      placed.push(field);
      const fieldStep = stepOfField(field);
      if (!first || STEP_ORDER.indexOf(fieldStep) < STEP_ORDER.indexOf(first)) first = fieldStep;
    }
    if (first) setStep(first);
    return placed;
  };

  const onExistingUser = (message: string) => {
    toast.error(message);
    setError('mail', { message });
    setStep('credentials');
  };

  /**
   * A refused registration says what to do (docs/product.md, Registration): a taken mail goes back to it; the
   * fields the server names are marked and the toast names them; a photo it cannot read is marked on the
   * photo; anything else shows the server's own Spanish text.
   */
  const onRefused = (error: unknown, existsMessage: string) => {
    if (!isApiError(error)) return toast.error(es.register.failed);
    if (error.status === 409) return onExistingUser(existsMessage);
    const placed = showServerFields(error.fields);
    if (placed.length > 0) return toast.error(fixFieldsMessage(placed));
    if (isLawyer && (error.status === 413 || error.status === 415)) {
      setError('lawyerPhoto', { message: error.message });
      setStep('lawyer');
      return toast.error(fixFieldsMessage(['lawyerPhoto']));
    }
    toast.error(error.status > 0 && error.status < 500 ? error.message : es.register.failed);
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
      onError: (error) => onRefused(error, es.validation.userExists),
    });

  const submitLawyer = (values: LawyerRegistrationInput) =>
    registerLawyer.mutate(values, {
      onSuccess: () => {
        toast.success(es.register.created);
        setStep('pending');
      },
      onError: (error) => onRefused(error, es.register.lawyerExists),
    });

  /**
   * Step 3 asks the server before going on: a taken mail or a common password is refused here, beside its
   * field. A check that cannot answer (offline, too many) does not hold the person back: the registration
   * itself checks again.
   */
  const credentialsAccepted = async (): Promise<boolean> => {
    const { mail: typedMail, password: typedPassword } = getValues();
    try {
      await checkRegistration.mutateAsync({ mail: typedMail.trim().toLowerCase(), password: typedPassword });
      return true;
    } catch (error) {
      if (!isApiError(error) || error.status !== 400) return true;
      return showServerFields(error.fields).length === 0;
    }
  };

  const next = async () => {
    if (step === 'role' && role) setStep(stepAfter('role') ?? 'credentials');
    if (
      step === 'credentials' &&
      (await trigger([...FIELDS_BY_STEP.credentials])) &&
      (await credentialsAccepted())
    )
      setStep('personal');
    if (step === 'personal' && isLawyer && (await trigger([...FIELDS_BY_STEP.personal]))) setStep('lawyer');
  };

  const onSubmit = handleSubmit(
    (values) => {
      // the resolver has already turned the form into the schema's output (digits-only phone, numeric price)
      if (isLawyer) submitLawyer(values as unknown as LawyerRegistrationInput);
      else submitUser(values as unknown as UserRegistrationInput);
    },
    (invalid: FieldErrors<RegisterFormValues>) => {
      // docs/product.md, Registration: an invalid lawyer form also gets a toast naming what to fix
      if (isLawyer && step === 'lawyer') toast.error(fixFieldsMessage(Object.keys(invalid)));
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
        ? { label: es.buttons.continue, disabled: !credentialsReady || checkRegistration.isPending }
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

          {step === 'lawyer' ? <RegisterLawyerStep form={form} /> : null}

          {submitsHere || step === 'method' ? <LegalConsent /> : null}

          {primary ? (
            <Button type="submit" size="lg" block disabled={primary.disabled}>
              {busy ? <Spinner size="sm" label={es.register.creating} /> : null}
              {checkRegistration.isPending ? <Spinner size="sm" label={es.register.checking} /> : null}
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
