/** The auth feature's public entry: what app.ts, other modules and the scripts may use. */

export { accountMailContents } from './account-mails.ts';
export { authPrivacy } from './auth.privacy.ts';
export { type Accounts, authRoutes } from './auth.routes.ts';
export { newTotpSecret, otpauthUrl, totpCode } from './totp.ts';
