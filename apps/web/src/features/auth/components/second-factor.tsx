import type { MfaChallenge } from '@l4l/shared/schemas/admin';
import { es } from '@l4l/shared/texts/es/admin';
import { type FormEvent, useState } from 'react';
import QRCode from 'react-qr-code';
import { Button } from '../../../components/button/button.tsx';
import { TextField } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useVerifyMfa } from '../api/verify-mfa.ts';
import { useCompleteSignIn } from '../lib/use-complete-sign-in.ts';
import styles from './auth-forms.module.css';

const CODE = /^\d{6}$/;

/** The secret of an otpauth:// URL, for typing it into an app by hand. */
function secretOf(otpauthUrl: string): string {
  try {
    return new URL(otpauthUrl).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/**
 * An administrator's second step (docs/api/http.md, Auth): the 6-digit TOTP code; on the first sign-in, the QR
 * code (and the secret written out) to enrol the authenticator app first.
 */
export function SecondFactor({ challenge, onBack }: { challenge: MfaChallenge; onBack: () => void }) {
  const verify = useVerifyMfa();
  const completeSignIn = useCompleteSignIn();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const digits = code.replace(/\s/g, '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!CODE.test(digits)) {
      setError(es.admin.mfa.codeFormat);
      return;
    }
    verify.mutate(
      { mfaToken: challenge.mfaToken, code: digits },
      {
        onSuccess: completeSignIn,
        onError: (failure) => {
          setCode('');
          if (!isApiError(failure)) return setError(es.login.connectionError);
          setExpired(failure.message === es.admin.mfa.expired);
          setError(failure.status === 0 ? es.login.connectionError : failure.message);
        },
      },
    );
  };

  return (
    <form className={styles.stack} onSubmit={submit} noValidate>
      {challenge.otpauthUrl ? (
        <div className={styles.enrol}>
          <p>{es.admin.mfa.enrolText}</p>
          <div className={styles.qr}>
            <QRCode
              value={challenge.otpauthUrl}
              size={176}
              title={es.admin.mfa.qrLabel}
              role="img"
              aria-label={es.admin.mfa.qrLabel}
            />
          </div>
          <p className={styles.secretLabel}>{es.admin.mfa.secretLabel}</p>
          <code className={styles.secret}>{secretOf(challenge.otpauthUrl)}</code>
        </div>
      ) : (
        <p>{es.admin.mfa.enterCode}</p>
      )}
      <TextField
        label={es.admin.mfa.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={7}
        placeholder={es.admin.mfa.codePlaceholder}
        value={code}
        error={error}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
      />
      {expired ? (
        <Button size="lg" block onClick={onBack}>
          {es.admin.mfa.backToLogin}
        </Button>
      ) : (
        <Button type="submit" size="lg" block disabled={digits.length !== 6 || verify.isPending}>
          {verify.isPending ? <Spinner size="sm" label={es.admin.mfa.verifying} /> : null}
          {es.admin.mfa.verify}
        </Button>
      )}
      <Button variant="secondary" block onClick={onBack}>
        {es.buttons.back}
      </Button>
    </form>
  );
}
