import type { MfaChallenge } from '@l4l/shared/schemas/admin';
import { es } from '@l4l/shared/texts/es/public';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
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

/** Google's own button, drawn only when the server has Google sign-in configured. */
function GoogleButton({
  clientId,
  context,
  onSecondFactor,
}: {
  clientId: string;
  context: 'signin' | 'signup';
  onSecondFactor?: ((challenge: MfaChallenge) => void) | undefined;
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

  // without Google's script (offline, blocked) there is no Google sign-in to offer: the mail form remains
  if (failed) return null;
  return <div ref={container} className={styles.google} aria-busy={googleSignIn.isPending} />;
}

type SocialSignInProps = {
  context: 'signin' | 'signup';
  /** Google creates client accounts only; a lawyer needs the full registration form. */
  allowGoogle?: boolean;
  /** An administrator signing in with Google still owes the second factor (docs/api/http.md, Auth). */
  onSecondFactor?: (challenge: MfaChallenge) => void;
  /** Shown above the buttons (the modals' 'o' divider), only when there is a button to show. */
  lead?: ReactNode;
};

/**
 * The sign-in providers the server has configured (GET /api/auth/providers), and only those: a button that
 * cannot sign anyone in is not offered. Google is the only one today, when GOOGLE_CLIENT_ID is set.
 */
export function SocialSignIn({ context, allowGoogle = true, onSecondFactor, lead }: SocialSignInProps) {
  const google = useConfiguredGoogle(allowGoogle);
  if (!google) return null;
  return (
    <>
      {lead}
      <div className={styles.social}>
        <GoogleButton clientId={google.clientId} context={context} onSecondFactor={onSecondFactor} />
      </div>
    </>
  );
}

/** Google sign-in's client id where the server has it configured (and it is allowed here), else null. */
export function useConfiguredGoogle(allowGoogle = true) {
  const providers = useAuthProviders();
  return allowGoogle ? (providers.data?.google ?? null) : null;
}
