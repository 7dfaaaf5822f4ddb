import { LIMITS } from '@l4l/shared/constants/limits';
import { isStrongPassword } from '@l4l/shared/schemas/common';
import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import { es } from '@l4l/shared/texts/es/account';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button/button.tsx';
import { FormMessage, PasswordField } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdatePassword } from '../api/update-password.ts';
import { PASSWORD_REQUIREMENTS } from '../lib/password-requirements.ts';
import styles from './reset-password-page.module.css';

/** docs/domain.md, Password policy (the reset page): the first rule broken is the one reported. */
function resetProblem(token: string, password: string, confirmation: string): string | null {
  if (!token || !password || !confirmation) return es.validation.resetAllRequired;
  if (!isStrongPassword(password)) return es.validation.resetRequirements;
  if (password !== confirmation) return es.validation.resetMismatch;
  return null;
}

/** /reset-password?token=… — the page the recovery mail links to (docs/product.md, Password reset). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const update = useUpdatePassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  // docs/product.md, Password reset: after a success the login opens by itself 3 s later
  useEffect(() => {
    if (!update.isSuccess) return;
    const timer = setTimeout(() => navigate(paths.login, { replace: true }), LIMITS.redirectAfterResetMs);
    return () => clearTimeout(timer);
  }, [update.isSuccess, navigate]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = resetProblem(token, password, confirmation);
    setProblem(found);
    if (found) return;
    update.mutate(
      { token, newPassword: password },
      {
        // docs/product.md, Password reset: 'No se pudo actualizar la contraseña.'; an expired link says why underneath
        onError: (error) =>
          toast.error(
            es.resetPassword.failed,
            isApiError(error) && error.code === 'INVALID_TOKEN' ? { description: error.message } : undefined,
          ),
      },
    );
  };

  if (update.isSuccess) {
    return (
      <section className={styles.page}>
        <div className={styles.card} role="status">
          <SuccessIcon />
          <h1 className={styles.title}>{es.resetPassword.success}</h1>
          <p className={styles.text}>{es.resetPassword.redirecting}</p>
          <Spinner size="sm" />
        </div>
      </section>
    );
  }

  return (
    <section className={styles.page}>
      <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
        <h1 id="reset-title" className={styles.title}>
          {es.resetPassword.title}
        </h1>
        <p className={styles.text}>{es.resetPassword.lead}</p>
        {token ? null : (
          <FormMessage>
            {ERROR_MESSAGES.INVALID_TOKEN} <Link to={paths.login}>{es.resetPassword.requestNewLink}</Link>
          </FormMessage>
        )}
        <PasswordField
          label={es.resetPassword.newPassword}
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby="reset-requirements"
        />
        <ul
          id="reset-requirements"
          className={styles.requirements}
          aria-label={es.resetPassword.requirementsLabel}
        >
          {PASSWORD_REQUIREMENTS.map((requirement) => {
            const met = requirement.met(password);
            return (
              <li key={requirement.label} className={met ? styles.met : styles.unmet}>
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                  {met ? <path d="M5 12l5 5 9-10" /> : <circle cx="12" cy="12" r="7" />}
                </svg>
                {requirement.label}
                <span className="visually-hidden">{met ? es.resetPassword.met : es.resetPassword.unmet}</span>
              </li>
            );
          })}
        </ul>
        <PasswordField
          label={es.resetPassword.confirmPassword}
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        {problem ? <FormMessage>{problem}</FormMessage> : null}
        <Button type="submit" size="lg" block disabled={update.isPending}>
          {update.isPending ? es.resetPassword.busy : es.buttons.changePassword}
        </Button>
      </form>
    </section>
  );
}

function SuccessIcon() {
  return (
    <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" className={styles.successIcon}>
      <circle cx="24" cy="24" r="22" />
      <path d="M14 25l7 7 14-15" />
    </svg>
  );
}
