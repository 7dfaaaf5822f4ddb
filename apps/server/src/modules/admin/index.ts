import type { Db } from '../../db/database.ts';
import { type AuditInsert, createAdminRepository } from './admin.repository.ts';

export type { AuditInsert } from './admin.repository.ts';
/** The administration feature's public entry: what app.ts and other modules may use. */
export { adminRoutes } from './admin.routes.ts';

/** Writes an administrator's action to the audit log, in the caller's transaction. */
export function recordAudit(tx: Db, entry: AuditInsert): Promise<void> {
  return createAdminRepository(tx).audit(entry);
}
export { lawyerDecisionMailContents } from './lawyer-decision-mails.ts';
