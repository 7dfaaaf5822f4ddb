import type { MfaChallenge } from '@l4l/shared/schemas/admin';
import { es } from '@l4l/shared/texts/es/public';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuthProviders } from '../api/get-auth-providers.ts';
import { useGoogleSignIn } from '../api/google-sign-in.ts';
import { isMfaChallenge, isSignIn } from '../api/login.ts';
import { renderGoogleButton } from '../lib/google-identity.ts';
import { BANNED_STATUS, LAWYER_NOT_VERIFIED_STATUS, loginErrorMessage } from '../lib/login-error.ts';
import { useCompleteSignIn } from '../lib/use-complete-sign-in.ts';
import styles from './social-sign-in.module.css';

function googleErrorMessage(error: unknown): string {
  if (!isApiError(error)) return es.login.connectionError;
  if (error.bodyStatus === BANNED_STATUS || error.bodyStatus === LAWYER_NOT_VERIFIED_STATUS) {
    return loginErrorMessage(error);
  }
  if (error.status === 503) return es.login.googleUnavailable;
  if (error.status === 0) return es.login.connectionError;
  return es.login.googleFailed;
}

/**
 * docs/product.md, Login lists 'Continuar con Google' beside Facebook and Apple: where Google sign-in is not configured
 * (or its script cannot load) it leads to the mail form, as those two do.
 */
function GoogleFallback({ onUseEmail }: { onUseEmail: () => void }) {
  return (
    <Button variant="secondary" block onClick={onUseEmail}>
      <GoogleIcon />
      {es.login.continueWith('Google')}
    </Button>
  );
}

/** Google's own button, drawn only when the server has Google sign-in configured. */
function GoogleButton({
  clientId,
  context,
  onSecondFactor,
  onUseEmail,
}: {
  clientId: string;
  context: 'signin' | 'signup';
  onSecondFactor?: ((challenge: MfaChallenge) => void) | undefined;
  onUseEmail: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const completeSignIn = useCompleteSignIn();
  const googleSignIn = useGoogleSignIn();
  const mutate = googleSignIn.mutate;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    renderGoogleButton(
      element,
      clientId,
      (credential) =>
        mutate(credential, {
          onSuccess: (answer) => {
            if (isSignIn(answer)) completeSignIn(answer);
            else if (isMfaChallenge(answer) && onSecondFactor) onSecondFactor(answer);
            else toast.error(es.login.googleFailed);
          },
          onError: (error) => toast.error(googleErrorMessage(error)),
        }),
      context,
    ).catch(() => setFailed(true));
  }, [clientId, context, mutate, completeSignIn, onSecondFactor]);

  // without Google's script (offline, blocked) the option leads to the mail form
  if (failed) return <GoogleFallback onUseEmail={onUseEmail} />;
  return <div ref={container} className={styles.google} aria-busy={googleSignIn.isPending} />;
}

type SocialSignInProps = {
  /** Facebook and Apple have no sign-in of their own yet: they lead to the mail form (docs/product.md, Login). */
  onUseEmail: () => void;
  context: 'signin' | 'signup';
  /** Google creates client accounts only; a lawyer needs the full registration form. */
  allowGoogle?: boolean;
  /** An administrator signing in with Google still owes the second factor (docs/api/http.md, Auth). */
  onSecondFactor?: (challenge: MfaChallenge) => void;
};

export function SocialSignIn({ onUseEmail, context, allowGoogle = true, onSecondFactor }: SocialSignInProps) {
  const providers = useAuthProviders();
  const google = allowGoogle ? providers.data?.google : null;
  return (
    <div className={styles.social}>
      {google ? (
        <GoogleButton
          clientId={google.clientId}
          context={context}
          onSecondFactor={onSecondFactor}
          onUseEmail={onUseEmail}
        />
      ) : providers.isPending ? null : (
        <GoogleFallback onUseEmail={onUseEmail} />
      )}
      <Button variant="secondary" block onClick={onUseEmail}>
        <FacebookIcon />
        {es.login.continueWith('Facebook')}
      </Button>
      <Button variant="secondary" block onClick={onUseEmail}>
        <AppleIcon />
        {es.login.continueWith('Apple')}
      </Button>
    </div>
  );
}

function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="#1877f2" />
      <path
        fill="#fff"
        d="M13.4 19v-6h2l.3-2.4h-2.3V9.2c0-.7.2-1.2 1.2-1.2h1.2V5.9c-.2 0-1-.1-1.8-.1-1.8 0-3 1.1-3 3.1v1.7h-2V13h2v6z"
      />
    </svg>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        fill="#4285f4"
        d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.3-4.8 3.3-8z"
      />
      <path
        fill="#34a853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
      />
      <path fill="#fbbc05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9z" />
      <path
        fill="#ea4335"
        d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
      />
    </svg>
  );
}

function AppleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.9-.9-3.1-.8-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3.1.7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.8zM14.1 5.8c.6-.8 1.1-1.8 1-2.8-.9 0-2 .6-2.7 1.4-.6.7-1.1 1.7-1 2.7 1 .1 2.1-.5 2.7-1.3z"
      />
    </svg>
  );
}
