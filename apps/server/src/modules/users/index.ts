/** The users feature's public entry: what app.ts and other modules may use. */
export { type AccountFields, type UserAccounts, userAccounts } from './accounts.ts';
export { usersPrivacy } from './users.privacy.ts';
export type { Renamed } from './users.repository.ts';
export { type UsersRoutesOptions, usersRoutes } from './users.routes.ts';
