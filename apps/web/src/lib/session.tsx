import type { BaseUser } from '@l4l/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ApiError, apiClient } from './api-client.ts';
import { hasPersistentConsent } from './cookie-consent.ts';
import { parseEmptyAnswer } from './empty-answer.ts';

/** `baseUser` (docs/api/http.md, Auth): what the session knows about the signed-in person. */
export type SessionUser = BaseUser;

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export type Session = {
  status: SessionStatus;
  user: SessionUser | null;
  /** True after the person signed out themselves, so the guard sends them home rather than to the login. */
  signedOut: boolean;
  signIn: (user: SessionUser) => void;
  /** Keeps the header and menus in step after the profile changes. */
  updateUser: (changes: Partial<SessionUser>) => void;
  /** `to`: where to land instead of the landing page (an erased account lands on the login that says so). */
  signOut: (to?: string) => Promise<void>;
  /** Where the person who signed out is sent (the landing page unless `signOut` named a page). */
  signedOutTo: string | null;
};

const SessionContext = createContext<Session | null>(null);

type State = { status: SessionStatus; user: SessionUser | null; signedOut: boolean; signedOutTo?: string };

const SIGN_OUT_TIMEOUT_MS = 5000;

/**
 * GET /api/auth/me: the signed-in person. Every page that restores a session asks it first, so the check
 * (zod and the schema) loads beside the request rather than in the page's first download (ADR 0008).
 */
export async function fetchMe(signal?: AbortSignal): Promise<SessionUser> {
  const [answer, check] = await Promise.all([
    apiClient.get('/api/auth/me', { signal }),
    import('./session-user.ts'),
  ]);
  return check.parseSessionUser(answer);
}

/** POST /api/auth/logout: checked without zod, which a visitor of the landing page never loads. */
async function revokeSession(): Promise<void> {
  parseEmptyAnswer(await apiClient.post('/api/auth/logout', undefined, { timeoutMs: SIGN_OUT_TIMEOUT_MS }));
}

/**
 * The web session (ADR 0003). The token lives in the HttpOnly cookie `l4l_session`; this provider only
 * knows whether there is a session and whose it is. A session is restored on start only when the
 * visitor accepted cookies; otherwise any cookie left from before is dropped (ADR 0003).
 */
export function SessionProvider({
  children,
  onSignedOut,
  user: known,
}: {
  children: ReactNode;
  /** Where to go after signing out (the router lives outside this provider); `to` as signOut was given it. */
  onSignedOut?: (to?: string) => void;
  /**
   * The signed-in person, when the page already asked before React started (a prerendered page keeps its
   * HTML on screen meanwhile, app/start-spa.tsx); the session is then not asked again.
   */
  user?: SessionUser;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(
    known
      ? { status: 'authenticated', user: known, signedOut: false }
      : { status: 'unknown', user: null, signedOut: false },
  );
  const restored = useRef(Boolean(known));

  useEffect(() => {
    if (restored.current) return;
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

  const signOut = useCallback(
    async (to?: string) => {
      try {
        await revokeSession();
      } catch {
        // signing out must always work locally, even offline
      }
      queryClient.clear();
      setState({ status: 'anonymous', user: null, signedOut: true, ...(to ? { signedOutTo: to } : {}) });
      onSignedOut?.(to);
    },
    [queryClient, onSignedOut],
  );

  const value = useMemo<Session>(
    () => ({ ...state, signedOutTo: state.signedOutTo ?? null, signIn, updateUser, signOut }),
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
