import { ROLE } from '@l4l/shared/constants/roles';
import { isStrongPassword } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es/account';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/button/button.tsx';
import { PasswordField, PhoneField, TextField } from '../../../components/form/field.tsx';
import { paths } from '../../../lib/paths.ts';
import { MAIL_INPUT } from '../lib/mail-input.ts';
import type { RegisterFormValues } from '../lib/register-form.ts';
import authForms from './auth-forms.module.css';
import { Divider } from './login-modal.tsx';
import wizard from './register-modal.module.css';
import { SocialSignIn } from './social-sign-in.tsx';

type Form = UseFormReturn<RegisterFormValues>;

/**
 * RGPD art. 13 and LSSI: where the account is created (the last step, or Google's button), the terms and the
 * privacy policy are one click away, in a new tab so the wizard keeps what was typed.
 */
export function LegalConsent() {
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

const ROLE_OPTIONS = [
  { value: ROLE.USUARIO, title: es.register.roleUser, text: es.register.roleUserHint },
  { value: ROLE.ABOGADO, title: es.register.roleLawyer, text: es.register.roleLawyerHint },
] as const;

/** Step 1: client or lawyer. */
export function RoleStep({ form }: { form: Form }) {
  return (
    <fieldset className={wizard.roles}>
      <legend className={wizard.legend}>{es.register.chooseRole}</legend>
      {ROLE_OPTIONS.map((option) => (
        <label key={option.value} className={wizard.roleCard}>
          <input type="radio" value={option.value} className={wizard.radio} {...form.register('role')} />
          <span className={wizard.roleTitle}>{option.title}</span>
          <span className={wizard.roleText}>{option.text}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A client's options: by mail, or with Google when it is configured. */
export function MethodStep({ isLawyer, onMail }: { isLawyer: boolean; onMail: () => void }) {
  return (
    <>
      <Button size="lg" block onClick={onMail}>
        {es.register.withEmail}
      </Button>
      <SocialSignIn context="signup" allowGoogle={!isLawyer} lead={<Divider />} />
    </>
  );
}

/** Mail and password; the policy is shown as a hint until the typed password breaks it. */
export function CredentialsStep({ form }: { form: Form }) {
  const { register, watch, formState } = form;
  const { errors, touchedFields } = formState;
  const password = watch('password');
  const passwordProblem = password !== '' && touchedFields.password && !isStrongPassword(password);
  return (
    <>
      <TextField {...MAIL_INPUT} error={errors.mail?.message} {...register('mail')} />
      <PasswordField
        label={es.login.password}
        autoComplete="new-password"
        error={errors.password?.message ?? (passwordProblem ? es.validation.password : null)}
        hint={passwordProblem || errors.password ? undefined : es.validation.password}
        {...register('password')}
      />
    </>
  );
}

/** Name, surname and phone. */
export function PersonalStep({ form }: { form: Form }) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
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
  );
}

/** A lawyer's account waits for the administrators' check. */
export function PendingStep({ onDone }: { onDone: () => void }) {
  return (
    <div className={authForms.stack}>
      <p className={wizard.pendingText}>{es.register.lawyerPendingText}</p>
      <Button size="lg" block onClick={onDone}>
        {es.register.gotIt}
      </Button>
    </div>
  );
}

export function SwitchToLogin({ onSwitch }: { onSwitch: () => void }) {
  return (
    <p className={authForms.switch}>
      <Button variant="link" onClick={onSwitch}>
        {es.register.haveAccount}
      </Button>
    </p>
  );
}
