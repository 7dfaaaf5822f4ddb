import { ROLE } from '@l4l/shared/constants/roles';
import type { SignIn } from '@l4l/shared/schemas/auth';
import { useCallback } from 'react';
import { useAppNavigate } from '../../../lib/navigation.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';

/**
 * After any successful sign-in (mail, Google, right after registering): the session, then the dashboard;
 * an administrator lands on the console.
 */
export function useCompleteSignIn() {
  const { signIn } = useSession();
  const navigate = useAppNavigate();
  return useCallback(
    (answer: SignIn) => {
      signIn(answer.baseUser);
      navigate(answer.baseUser.role === ROLE.ADMIN ? paths.admin : paths.dashboard, { replace: true });
    },
    [signIn, navigate],
  );
}
