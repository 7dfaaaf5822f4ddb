import { EMAIL_PATTERN } from '@l4l/shared/constants/mail';
import type { MfaChallenge } from '@l4l/shared/schemas/admin';
import { loginSchema } from '@l4l/shared/schemas/auth';
import { es } from '@l4l/shared/texts/es/admin';
import { type ChangeEvent, type FocusEvent, type ReactNode, useEffect, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { Button } from '../../../components/button/button.tsx';
import { FormMessage, PasswordField, TextField } from '../../../components/form/field.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { schemaResolver } from '../../../lib/schema-resolver.ts';
import { loginToast, recoveryToast } from '../../../lib/toast.ts';
import { isMfaChallenge, isSignIn, type LoginInput, useLogin } from '../api/login.ts';
import { useRecoverPassword } from '../api/recover-password.ts';
import { isAccountRefusal, loginErrorMessage } from '../lib/login-error.ts';
import { MAIL_INPUT } from '../lib/mail-input.ts';
import { useCompleteSignIn } from '../lib/use-complete-sign-in.ts';
import styles from './auth-forms.module.css';
import { SecondFactor } from './second-factor.tsx';
import { SocialSignIn, useConfiguredGoogle } from './social-sign-in.tsx';

/** docs/product.md, Login: the three views it moves between. */
export type LoginMode = 'initial' | 'loginWithMail' | 'forgotPass';

const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

type LoginModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSwitchToRegister: () => void;
  /** what the app has to tell before the form (an account just erased), composed in by app/ */
  notice?: ReactNode;
};

export function LoginModal({ open, onOpenChange, onSwitchToRegister, notice }: LoginModalProps) {
  const [mode, setMode] = useState<LoginMode>('loginWithMail');
  const [email, setEmail] = useState('');
  // an administrator's correct password: the second step still owed (docs/api/http.md, Auth)
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);

  // every opening starts on the mail form (docs/product.md, Login: it is the default view)
  useEffect(() => {
    if (!open) {
      setMode('loginWithMail');
      setChallenge(null);
    }
  }, [open]);

  if (challenge) {
    return (
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title={challenge.otpauthUrl ? es.admin.mfa.enrolTitle : es.admin.mfa.title}
      >
        <SecondFactor challenge={challenge} onBack={() => setChallenge(null)} />
      </Modal>
    );
  }

  const recovering = mode === 'forgotPass';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={recovering ? es.login.recoverTitle : es.login.title}
      description={recovering ? es.login.recoverText : es.login.subtitle}
    >
      {recovering ? null : notice}
      {mode === 'initial' ? (
        <div className={styles.stack}>
          <Button block onClick={() => setMode('loginWithMail')}>
            {es.register.withEmail}
          </Button>
          <SocialSignIn context="signin" lead={<Divider />} onSecondFactor={setChallenge} />
        </div>
      ) : null}
      {mode === 'loginWithMail' ? (
        <LoginWithMail
          defaultEmail={email}
          onEmailChange={setEmail}
          onForgot={() => setMode('forgotPass')}
          onOtherOptions={() => setMode('initial')}
          onSecondFactor={setChallenge}
        />
      ) : null}
      {recovering ? (
        <ForgotPassword
          defaultEmail={email}
          onEmailChange={setEmail}
          onBack={() => setMode('loginWithMail')}
        />
      ) : null}
      {recovering ? null : (
        <p className={styles.switch}>
          <Button variant="link" onClick={onSwitchToRegister}>
            {es.login.noAccount}
          </Button>
        </p>
      )}
    </Modal>
  );
}

/** The mail input of both views (docs/product.md, Login): typing clears its error; leaving it malformed shows it. */
function MailField({ form, onTyped }: { form: UseFormReturn<LoginInput>; onTyped: (mail: string) => void }) {
  return (
    <TextField
      {...MAIL_INPUT}
      error={form.formState.errors.email?.message}
      {...form.register('email', {
        onChange: (event: ChangeEvent<HTMLInputElement>) => {
          form.clearErrors('email');
          onTyped(event.target.value);
        },
        onBlur: (event: FocusEvent<HTMLInputElement>) => {
          const value = event.target.value;
          if (value.trim() && !isEmail(value)) form.setError('email', { message: es.validation.email });
        },
      })}
    />
  );
}

export function Divider() {
  return (
    <div className={styles.divider} role="presentation">
      <span>{es.common.or}</span>
    </div>
  );
}

function LoginWithMail({
  defaultEmail,
  onEmailChange,
  onForgot,
  onOtherOptions,
  onSecondFactor,
}: {
  defaultEmail: string;
  onEmailChange: (email: string) => void;
  onForgot: () => void;
  onOtherOptions: () => void;
  onSecondFactor: (challenge: MfaChallenge) => void;
}) {
  const login = useLogin();
  const google = useConfiguredGoogle();
  const completeSignIn = useCompleteSignIn();
  const form = useForm<LoginInput>({
    resolver: schemaResolver(loginSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { register, handleSubmit, watch, formState } = form;
  const email = watch('email');
  const password = watch('password');
  // docs/product.md, Login: Continuar only with a non-blank, well-formed mail and a non-blank password
  const canSubmit = isEmail(email) && password.trim() !== '' && !login.isPending;
  // a banned or rejected account is told why and what to do: text to read, kept in the form, not a toast
  const [refusal, setRefusal] = useState<string>();

  const onSubmit = handleSubmit((values) => {
    setRefusal(undefined);
    login.mutate(values, {
      onSuccess: (answer) => {
        if (isMfaChallenge(answer)) onSecondFactor(answer);
        else if (isSignIn(answer)) completeSignIn(answer);
        else loginToast.error(es.login.connectionError);
      },
      onError: (error) => {
        if (isAccountRefusal(error)) setRefusal(loginErrorMessage(error));
        else loginToast.error(loginErrorMessage(error));
      },
    });
  });

  return (
    <form className={styles.stack} onSubmit={onSubmit} noValidate>
      <MailField form={form} onTyped={onEmailChange} />
      <PasswordField
        label={es.login.password}
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <div className={styles.forgotRow}>
        <Button variant="link" onClick={onForgot}>
          {es.login.forgot}
        </Button>
      </div>
      {refusal ? <FormMessage>{refusal}</FormMessage> : null}
      <Button type="submit" size="lg" block disabled={!canSubmit}>
        {login.isPending ? <Spinner size="sm" label={es.common.sending} /> : null}
        {es.buttons.continue}
      </Button>
      <Divider />
      {/* the other ways in are the configured providers: none, no button */}
      {google ? (
        <Button variant="secondary" block onClick={onOtherOptions}>
          {es.login.otherOptions}
        </Button>
      ) : null}
    </form>
  );
}

function ForgotPassword({
  defaultEmail,
  onEmailChange,
  onBack,
}: {
  defaultEmail: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
}) {
  const recover = useRecoverPassword();
  // the same form shape as the login's, so both views share the mail field
  const form = useForm<LoginInput>({ defaultValues: { email: defaultEmail, password: '' } });
  const { handleSubmit, watch, setError } = form;
  const email = watch('email');
  // docs/product.md, Login: only with a valid mail, and not twice while one is on its way
  const canSubmit = isEmail(email) && !recover.isPending;

  const onSubmit = handleSubmit(({ email: value }) => {
    if (!isEmail(value)) {
      setError('email', { message: es.validation.email });
      return;
    }
    recover.mutate(value.trim().toLowerCase(), {
      onSuccess: () => {
        recoveryToast.success(es.login.recoverySent);
        onBack();
      },
      onError: () => recoveryToast.error(es.login.recoveryFailed),
    });
  });

  return (
    <form className={styles.stack} onSubmit={onSubmit} noValidate>
      <MailField form={form} onTyped={onEmailChange} />
      <Button type="submit" size="lg" block disabled={!canSubmit}>
        {recover.isPending ? <Spinner size="sm" label={es.common.sending} /> : null}
        {es.buttons.changePassword}
      </Button>
      <Button variant="secondary" block onClick={onBack}>
        {es.buttons.back}
      </Button>
    </form>
  );
}
