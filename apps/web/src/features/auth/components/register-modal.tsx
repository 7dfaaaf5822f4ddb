import { ROLE } from '@l4l/shared/constants/roles';
import { lawyerRegistrationSchema, userRegistrationSchema } from '@l4l/shared/schemas/auth';
import { isStrongPassword } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es/account';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { BackButton } from '../../../components/button/back-button.tsx';
import { Button } from '../../../components/button/button.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { schemaResolverBy } from '../../../lib/schema-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import type { LawyerRegistrationInput } from '../api/register-lawyer.ts';
import type { UserRegistrationInput } from '../api/register-user.ts';
import {
  EMPTY_FORM,
  FIELDS_BY_STEP,
  fixFieldsMessage,
  type RegisterFormValues,
  type RegisterStep,
  stepsOf,
} from '../lib/register-form.ts';
import { useRegisterSubmit } from '../lib/use-register-submit.ts';
import styles from './auth-forms.module.css';
import { RegisterLawyerStep } from './register-lawyer-step.tsx';
import wizard from './register-modal.module.css';
import {
  CredentialsStep,
  LegalConsent,
  MethodStep,
  PendingStep,
  PersonalStep,
  RoleStep,
  SwitchToLogin,
} from './register-steps.tsx';
import { useConfiguredGoogle } from './social-sign-in.tsx';

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

/** One primary button per step (none on the options step); Enter presses it. */
function primaryButton(
  step: RegisterStep,
  state: { submitsHere: boolean; chosen: boolean; credentialsReady: boolean; busy: boolean },
): { label: string; disabled: boolean } | null {
  if (state.submitsHere) return { label: es.buttons.createUser, disabled: state.busy };
  if (step === 'role') return { label: es.buttons.continue, disabled: !state.chosen };
  if (step === 'credentials') return { label: es.buttons.continue, disabled: !state.credentialsReady };
  if (step === 'personal') return { label: es.buttons.continue, disabled: false };
  return null;
}

/**
 * The step shown: a closed wizard starts again from the first step next time, and each new step starts at its
 * first control, so keyboard and screen-reader users land on it.
 */
function useWizardStep(open: boolean, onClosed: () => void) {
  const [step, setStep] = useState<RegisterStep>('role');
  const formRef = useRef<HTMLFormElement>(null);
  const shownStep = useRef<RegisterStep>(step);
  const closed = useRef(onClosed);
  closed.current = onClosed;

  useEffect(() => {
    if (!open) {
      setStep('role');
      closed.current();
    }
  }, [open]);

  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    formRef.current?.querySelector<HTMLElement>('input, textarea, button')?.focus();
  }, [step]);

  return { step, setStep, formRef };
}

function WizardHeader({ onBack, of }: { onBack: (() => void) | null; of: [number, number | null] }) {
  return (
    <>
      {onBack ? <BackButton onClick={onBack} /> : null}
      <span className={wizard.progress}>{es.register.stepOf(...of)}</span>
    </>
  );
}

type RegisterModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSwitchToLogin: () => void;
};

export function RegisterModal({ open, onOpenChange, onSwitchToLogin }: RegisterModalProps) {
  const form = useForm<RegisterFormValues>({ resolver, defaultValues: EMPTY_FORM });
  const { watch, trigger, handleSubmit, reset } = form;
  const { step, setStep, formRef } = useWizardStep(open, () => reset(EMPTY_FORM));

  const role = watch('role');
  const mail = watch('mail');
  const password = watch('password');
  const isLawyer = role === ROLE.ABOGADO;
  const submit = useRegisterSubmit({ form, isLawyer, setStep, onSwitchToLogin });
  // docs/product.md, Registration: the count follows the path chosen; before a choice, no total is promised
  const withOptions = useConfiguredGoogle(!isLawyer) !== null;
  const steps = stepsOf(role, withOptions);
  const stepAfter = (current: RegisterStep) => steps[steps.indexOf(current) + 1];

  const goBack = () => {
    const previous = steps[steps.indexOf(step) - 1];
    if (previous) setStep(previous);
  };

  const next = async () => {
    if (step === 'role' && role) setStep(stepAfter('role') ?? 'credentials');
    if (
      step === 'credentials' &&
      (await trigger([...FIELDS_BY_STEP.credentials])) &&
      (await submit.credentialsAccepted())
    )
      setStep('personal');
    if (step === 'personal' && isLawyer && (await trigger([...FIELDS_BY_STEP.personal]))) setStep('lawyer');
  };

  const onSubmit = handleSubmit(
    (values) => {
      // the resolver has already turned the form into the schema's output (digits-only phone, numeric price)
      if (isLawyer) submit.submitLawyer(values as unknown as LawyerRegistrationInput);
      else submit.submitUser(values as unknown as UserRegistrationInput);
    },
    (invalid: FieldErrors<RegisterFormValues>) => {
      // docs/product.md, Registration: an invalid lawyer form also gets a toast naming what to fix
      if (isLawyer && step === 'lawyer') toast.error(fixFieldsMessage(Object.keys(invalid)));
    },
  );

  const submitsHere = step === 'lawyer' || (step === 'personal' && !isLawyer);
  // docs/product.md, Registration: Continue stays disabled until a mail is typed and the password meets the policy
  const credentialsReady = mail.trim() !== '' && password !== '' && isStrongPassword(password);

  const primary = primaryButton(step, {
    submitsHere,
    chosen: Boolean(role),
    credentialsReady: credentialsReady && !submit.checking,
    busy: submit.busy,
  });

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (submitsHere) return onSubmit(event);
    event.preventDefault();
    return next();
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={STEP_TITLES[step]}
      header={
        step === 'pending' ? null : (
          <WizardHeader
            onBack={step === 'role' ? null : goBack}
            of={[steps.indexOf(step) + 1, role ? steps.length : null]}
          />
        )
      }
      size="md"
    >
      {step === 'pending' ? (
        <PendingStep onDone={() => onOpenChange(false)} />
      ) : (
        <form ref={formRef} className={styles.stack} onSubmit={onFormSubmit} noValidate>
          {step === 'role' ? <RoleStep form={form} /> : null}
          {step === 'method' ? (
            <MethodStep isLawyer={isLawyer} onMail={() => setStep('credentials')} />
          ) : null}
          {step === 'credentials' ? <CredentialsStep form={form} /> : null}
          {step === 'personal' ? <PersonalStep form={form} /> : null}
          {step === 'lawyer' ? <RegisterLawyerStep form={form} /> : null}

          {submitsHere || step === 'method' ? <LegalConsent /> : null}

          {primary ? (
            <Button type="submit" size="lg" block disabled={primary.disabled}>
              {submit.busy ? <Spinner size="sm" label={es.register.creating} /> : null}
              {submit.checking ? <Spinner size="sm" label={es.register.checking} /> : null}
              {primary.label}
            </Button>
          ) : null}

          {step === 'role' || step === 'method' ? <SwitchToLogin onSwitch={onSwitchToLogin} /> : null}
        </form>
      )}
    </Modal>
  );
}
