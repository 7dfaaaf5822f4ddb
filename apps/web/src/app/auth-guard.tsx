import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../components/spinner/spinner.tsx';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';

/**
 * docs/product.md, Routes: a spinner while the session is unknown, the child routes when signed in, otherwise the login.
 * A person who just signed out goes home instead: sending them to the login would look like a failure.
 */
export function AuthGuard() {
  const { status, signedOut, signedOutTo } = useSession();
  if (status === 'unknown') return <FullPageSpinner />;
  if (status === 'anonymous') {
    return <Navigate to={signedOut ? (signedOutTo ?? paths.landing) : paths.login} replace />;
  }
  return <Outlet />;
}
