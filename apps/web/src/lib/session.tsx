import type { Role } from '@l4l/shared/constants/roles';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError, apiClient } from './api-client.ts';
import { hasPersistentConsent } from './cookie-consent.ts';

/** docs/api/http.md, Auth (`baseUser`): what the session knows about the signed-in person. */
export type SessionUser = {
  id: string;
  username: string;
  role: Role;
  mail: string;
  name: string;
  surname: string;
  phoneNumber: string;
  photoUrl: string | null;
};

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export type Session = {
  status: SessionStatus;
  user: SessionUser | null;
  /** True after the person signed out themselves, so the guard sends them home rather than to the login. */
  signedOut: boolean;
  signIn: (user: SessionUser) => void;
  /** Keeps the header and menus in step after the profile changes. */
  updateUser: (changes: Partial<SessionUser>) => void;
  signOut: () => Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

type State = { status: SessionStatus; user: SessionUser | null; signedOut: boolean };

const SIGN_OUT_TIMEOUT_MS = 5000;

export const fetchMe = (signal?: AbortSignal) => apiClient.get<SessionUser>('/api/auth/me', { signal });
const revokeSession = () =>
  apiClient.post<void>('/api/auth/logout', undefined, { timeoutMs: SIGN_OUT_TIMEOUT_MS });

/**
 * The web session (ADR 0003). The token lives in the HttpOnly cookie `l4l_session`; this provider only
 * knows whether there is a session and whose it is. A session is restored on start only when the
 * visitor accepted cookies; otherwise any cookie left from before is dropped (ADR 0003).
 */
export function SessionProvider({
  children,
  onSignedOut,
}: {
  children: ReactNode;
  /** Where to go after signing out (the router lives outside this provider). */
  onSignedOut?: () => void;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ status: 'unknown', user: null, signedOut: false });

  useEffect(() => {
    const controller = new AbortController();
    const becomeAnonymous = () => {
      if (!controller.signal.aborted) setState({ status: 'anonymous', user: null, signedOut: false });
    };
    if (hasPersistentConsent()) {
      fetchMe(controller.signal).then((user) => {
        if (!controller.signal.aborted) setState({ status: 'authenticated', user, signedOut: false });
      }, becomeAnonymous);
    } else {
      // wait for the cookie to be dropped before anyone can sign in, or its answer could clear the new one
      revokeSession().then(becomeAnonymous, becomeAnonymous);
    }
    return () => controller.abort();
  }, []);

  // a 401 on any query means the session ended elsewhere (logout in another tab, ban, password reset)
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const error = event.action.error;
        if (error instanceof ApiError && error.status === 401) {
          setState((current) =>
            current.status === 'authenticated'
              ? { status: 'anonymous', user: null, signedOut: false }
              : current,
          );
        }
      }),
    [queryClient],
  );

  const signIn = useCallback((user: SessionUser) => {
    setState({ status: 'authenticated', user, signedOut: false });
  }, []);

  const updateUser = useCallback((changes: Partial<SessionUser>) => {
    setState((current) => (current.user ? { ...current, user: { ...current.user, ...changes } } : current));
  }, []);

  const signOut = useCallback(async () => {
    try {
      await revokeSession();
    } catch {
      // signing out must always work locally, even offline
    }
    queryClient.clear();
    setState({ status: 'anonymous', user: null, signedOut: true });
    onSignedOut?.();
  }, [queryClient, onSignedOut]);

  const value = useMemo<Session>(
    () => ({ ...state, signIn, updateUser, signOut }),
    [state, signIn, updateUser, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** For screens that only make sense with a user (docs/product.md, Routes): the user, or null after starting a sign-out. */
export function useRequiredUser(): SessionUser | null {
  const { user, status, signOut } = useSession();
  useEffect(() => {
    if (status === 'authenticated' && !user) void signOut();
  }, [status, user, signOut]);
  return user;
}
