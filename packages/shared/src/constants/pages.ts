/**
 * The paths whose hard load gets landing.html, the landing page without React Router (ADR 0008): the
 * server (apps/server/src/plugins/web.ts) and the dev server (apps/web/vite.config.ts) answer them alike.
 */
export const LANDING_PAGE_PATHS: ReadonlySet<string> = new Set(['/', '/login', '/registro']);

/**
 * The paths whose hard load gets home.html: the SPA itself, with the dashboard layout and the home screen
 * in its first download (issue #9, ADR 0008). Answered alike by the server and the dev server.
 */
export const HOME_PAGE_PATHS: ReadonlySet<string> = new Set(['/dashboard/inicio']);
