/** The uploads feature's public entry: what app.ts and other modules may use. */

export { uploadsPrivacy } from './uploads.privacy.ts';
export { recordUpload } from './uploads.repository.ts';
export { uploadsRoutes } from './uploads.routes.ts';
