/** The proposals feature's public entry: what app.ts and other modules may use. */

export { proposalsPrivacy } from './proposals.privacy.ts';
export { type ProposalsApi, proposalsRoutes } from './proposals.routes.ts';
export type { ProposalsService } from './proposals.service.ts';
