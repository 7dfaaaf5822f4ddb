import type { SignIn } from '@l4l/shared/schemas/auth';
import { useCallback } from 'react';
import { afterSignInPath } from '../../../lib/after-sign-in.ts';
import { useAppNavigate } from '../../../lib/navigation.tsx';
import { useSession } from '../../../lib/session.tsx';

/**
 * After any successful sign-in (mail, Google, right after registering): the session, then the dashboard
 * (or the dashboard page the sign-in link asked for, lib/after-sign-in.ts); an administrator lands on the
 * console.
 */
export function useCompleteSignIn() {
  const { signIn } = useSession();
  const navigate = useAppNavigate();
  return useCallback(
    (answer: SignIn) => {
      signIn(answer.baseUser);
      navigate(afterSignInPath(answer.baseUser.role), { replace: true });
    },
    [signIn, navigate],
  );
}
