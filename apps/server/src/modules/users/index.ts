/** The users feature's public entry: what app.ts and other modules may use. */

export { usersPrivacy } from './users.privacy.ts';
export { usersRoutes } from './users.routes.ts';
