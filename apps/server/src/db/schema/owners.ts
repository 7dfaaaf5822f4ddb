import type { PgTable } from 'drizzle-orm/pg-core';
import type * as schema from './index.ts';

/** Every table's SQL name, read from the schema's exports. */
export type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? (typeof schema)[K]['_']['name'] : never;
}[keyof typeof schema];

/**
 * docs/decisions/0026-table-ownership.md: the one writer of each table. A module (`modules/<m>/`) or, for
 * the few tables the infrastructure keeps, the file that writes it (`plugins/auth.ts`). Any other code
 * reads a table freely but changes it only by asking its owner's public entry (`modules/<m>/index.ts`);
 * `npm run lint:writers` fails on any other insert, update or delete. A table without an owner here does
 * not type-check.
 */
export const TABLE_OWNERS = {
  academic_experiences: 'lawyers',
  audit_log: 'admin',
  board_entries: 'cases',
  case_alert_digests: 'alerts',
  case_alert_jobs: 'alerts',
  case_alerts: 'alerts',
  case_creation_keys: 'cases',
  cases: 'cases',
  chats: 'chat',
  consultations: 'consultations',
  disputes: 'money',
  documents: 'documents',
  email_verifications: 'auth',
  fiscal_profiles: 'invoices',
  invoice_counters: 'invoices',
  invoices: 'invoices',
  lawyer_availability: 'consultations',
  lawyer_profiles: 'lawyers',
  ledger_entries: 'money',
  mail_change_tokens: 'auth',
  message_digests: 'notifications',
  messages: 'chat',
  mfa_challenges: 'auth',
  notification_mails: 'notifications',
  notification_preferences: 'notifications',
  notifications: 'notifications',
  password_reset_tokens: 'auth',
  payment_events: 'payments',
  payments: 'payments',
  payout_accounts: 'money',
  proposals: 'proposals',
  rating_reports: 'ratings',
  ratings: 'ratings',
  refunds: 'money',
  saved_searches: 'alerts',
  // the sign-in plugin opens, renews and revokes sessions for every route
  sessions: 'plugins/auth.ts',
  transfers: 'money',
  uploads: 'uploads',
  users: 'users',
  verifactu_chains: 'invoices',
  verifactu_records: 'invoices',
  work_experiences: 'lawyers',
} as const satisfies Record<TableName, string>;
