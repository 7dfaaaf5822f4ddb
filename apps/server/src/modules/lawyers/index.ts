/** The lawyers feature's public entry: what app.ts and other modules may use. */
export { assignLawyerSlugs, erasedLawyerSlug, slugBase } from './lawyer-slugs.ts';
export { lawyersPrivacy } from './lawyers.privacy.ts';
export { lawyersRoutes } from './lawyers.routes.ts';
export type {
  DirectoryCombination,
  LawyersService,
  PublicLawyerPage,
  PublicListing,
} from './lawyers.service.ts';
export {
  countRating,
  createLawyerProfile,
  lawyerRenamed,
  moveCaseCounters,
  rejectLawyer,
  verifyLawyer,
} from './profile-writes.ts';
export { refreshResponseTimes } from './response-time.ts';
