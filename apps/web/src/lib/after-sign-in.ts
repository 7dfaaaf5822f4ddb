import { AFTER_SIGN_IN_PARAM } from '@l4l/shared/constants/pages';
import { ROLE, type Role } from '@l4l/shared/constants/roles';
import { paths } from './paths.ts';

/**
 * Where a person goes once signed in: an administrator to the console; anyone else to the dashboard, or to
 * the dashboard path the sign-in link named in `?destino=` (a public lawyer page's 'Consultar con …',
 * docs/domain.md, Public lawyer pages). Only a path under /dashboard/ of this site is followed.
 */
export function afterSignInPath(role: Role, search: string = window.location.search): string {
  if (role === ROLE.ADMIN) return paths.admin;
  const wanted = new URLSearchParams(search).get(AFTER_SIGN_IN_PARAM);
  return wanted && isDashboardPath(wanted) ? wanted : paths.dashboard;
}

function isDashboardPath(path: string): boolean {
  if (!path.startsWith(`${paths.dashboard}/`) || /[\\\s]/.test(path)) return false;
  try {
    const url = new URL(path, 'https://l4l.invalid');
    return url.origin === 'https://l4l.invalid' && url.pathname.startsWith(`${paths.dashboard}/`);
  } catch {
    return false;
  }
}
