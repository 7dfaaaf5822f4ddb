/** The case documents feature's public entry: what app.ts may use. */

export { documentsPrivacy } from './documents.privacy.ts';
export { documentsRoutes } from './documents.routes.ts';
export { documentKey } from './documents.service.ts';
