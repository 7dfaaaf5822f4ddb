/** The lawyers feature's public entry: what app.ts and other modules may use. */

export { lawyersPrivacy } from './lawyers.privacy.ts';
export { lawyersRoutes } from './lawyers.routes.ts';
export type {
  DirectoryCombination,
  LawyersService,
  PublicLawyerPage,
  PublicListing,
} from './lawyers.service.ts';
