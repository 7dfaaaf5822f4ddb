import type { SignIn } from '@l4l/shared/schemas/auth';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';

/** After any successful sign-in (mail, Google, right after registering): the session, then the dashboard. */
export function useCompleteSignIn() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return useCallback(
    (answer: SignIn) => {
      signIn(answer.baseUser);
      navigate(paths.dashboard, { replace: true });
    },
    [signIn, navigate],
  );
}
