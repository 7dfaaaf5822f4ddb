/** The cases feature's public entry: what app.ts and other modules may use. */

export { createBoardRepository } from './board.repository.ts';
export { rebuildBoard } from './board-rebuild.ts';
export type { PlatformFinish } from './case-closure.service.ts';
export {
  authorize,
  CASE_ACTIONS,
  CASE_MACHINE,
  type CaseActionName,
  type CaseActor,
  type CaseTies,
  decide,
  PLATFORM,
  PROVIDER,
  roleFor,
  sharesDocuments,
  type Verdict,
} from './case-machine.ts';
export { fullName } from './case-views.ts';
export { casesPrivacy } from './cases.privacy.ts';
export type { LockedCase } from './cases.repository.ts';
export { type CasesApi, casesRoutes } from './cases.routes.ts';
export type { Activation } from './cases.service.ts';
export { tiesOf } from './cases.service.ts';
