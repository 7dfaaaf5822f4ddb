/** The health feature's public entry: what app.ts and other modules may use. */
export { healthRoutes } from './health.routes.ts';
