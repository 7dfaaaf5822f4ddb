/** The ratings feature's public entry: what app.ts and other modules may use. */

export { ratingsPrivacy } from './ratings.privacy.ts';
export { ratingsRoutes } from './ratings.routes.ts';
export type { RatingsService } from './ratings.service.ts';
