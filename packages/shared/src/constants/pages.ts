/**
 * The paths whose hard load gets landing.html, the landing page without React Router (ADR 0008): the
 * server (apps/server/src/plugins/web.ts) and the dev server (apps/web/vite.config.ts) answer them alike.
 */
export const LANDING_PAGE_PATHS: ReadonlySet<string> = new Set(['/', '/login', '/registro']);
