/**
 * The paths whose hard load gets a page of its own instead of the SPA's index.html (ADR 0008), answered
 * alike by the server (apps/server/src/plugins/web.ts) and the dev server (apps/web/vite.config.ts):
 * - landing.html, the landing page without React Router, for '/', '/login' and '/registro';
 * - home.html, the SPA with the dashboard layout and the home screen in its first download (ADR 0008).
 */
export const PAGE_BY_PATH: ReadonlyMap<string, 'landing.html' | 'home.html'> = new Map([
  ['/', 'landing.html'],
  ['/login', 'landing.html'],
  ['/registro', 'landing.html'],
  ['/dashboard/inicio', 'home.html'],
]);

/** The paths landing.html shows itself (the path only picks its modal). */
export const LANDING_PAGE_PATHS: readonly string[] = [...PAGE_BY_PATH]
  .filter(([, page]) => page === 'landing.html')
  .map(([path]) => path);
