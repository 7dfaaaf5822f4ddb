import { paths } from '../../../lib/paths.ts';

/** (+) The case detail's own URL, /dashboard/casos/{caseId}, besides the navigation-state route. */
export function casePath(caseId: string): string {
  return `${paths.cases}/${encodeURIComponent(caseId)}`;
}
