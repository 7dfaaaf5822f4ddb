/** The privacy feature's public entry: what app.ts may use. */
export { privacyRoutes } from './privacy.routes.ts';
