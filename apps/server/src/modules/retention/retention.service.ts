import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { MESSAGE_DIGEST } from '../notifications/index.ts';
import { createRetentionRepository, type LinkTable } from './retention.repository.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** docs/domain.md, Privacy rights, Retention: how long what has served its purpose is kept. */
export const RETENTION = {
  /** a session past its expiry (revoked or not) */
  sessionAfterExpiryMs: DAY,
  /** a reset, mail-change or verification link, or an MFA challenge, once expired or used */
  linkAfterUseMs: 7 * DAY,
  /** a case creation's Idempotency-Key, which answers retries for 24 hours */
  creationKeyMs: DAY,
  /** a digest mark: after this, every message it covered is older than a digest tells */
  messageDigestMs: MESSAGE_DIGEST.maxAgeMs + 6 * DAY,
} as const;

const LINK_TABLES: LinkTable[] = [
  'passwordResetTokens',
  'mailChangeTokens',
  'emailVerifications',
  'mfaChallenges',
];

export type RetentionReport = Record<
  | LinkTable
  | 'sessions'
  | 'creationKeys'
  | 'messageDigests'
  | 'outboxFiles'
  | 'notificationMails'
  | 'paymentEvents'
  | 'auditLog',
  number
>;

/** How long the records the law asks to keep are kept, from the config (docs/domain.md, Retention). */
export type RetentionPeriods = {
  outboxRetentionDays: number;
  notificationMailsRetentionDays: number;
  paymentEventsRetentionYears: number;
  auditLogRetentionYears: number;
};

const madridYear = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Madrid', year: 'numeric' });

/**
 * The first instant of the year `years` before `now`'s year in Spain: what was written before it has
 * been kept `years` whole years after the end of its own year (a record of 2019 kept 6 years goes on
 * 1 January 2026). 1 January is always winter time in Madrid (UTC+1).
 */
export function yearsCutoff(now: Date, years: number): Date {
  const year = Number(madridYear.format(now));
  return new Date(Date.UTC(year - years, 0, 1) - HOUR);
}

/**
 * The retention sweep (docs/domain.md, Privacy rights, Retention): deletes the rows and the outbox mails
 * that have served their purpose. Safe to run on several processes at once: each purge is one statement.
 */
export function createRetentionService(deps: {
  db: Db;
  /** DATA_DIR: its `outbox` folder holds the mails written when no SMTP server is configured */
  dataDir: string;
  periods: RetentionPeriods;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const repository = createRetentionRepository(deps.db);
  const outbox = path.join(deps.dataDir, 'outbox');

  /** Files of the outbox last written before `before`; a missing folder holds nothing. */
  async function purgeOutbox(before: Date): Promise<number> {
    let names: string[];
    try {
      names = await readdir(outbox);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(outbox, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile() || info.mtime >= before) continue;
      await rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  return {
    async sweep(): Promise<RetentionReport> {
      const now = deps.now().getTime();
      const ago = (ms: number) => new Date(now - ms);
      const report = {
        sessions: await repository.purgeSessions(ago(RETENTION.sessionAfterExpiryMs)),
      } as RetentionReport;
      for (const table of LINK_TABLES) {
        report[table] = await repository.purgeLinks(
          table,
          ago(RETENTION.linkAfterUseMs),
          ago(RETENTION.linkAfterUseMs),
        );
      }
      report.creationKeys = await repository.purgeCreationKeys(ago(RETENTION.creationKeyMs));
      report.messageDigests = await repository.purgeMessageDigests(ago(RETENTION.messageDigestMs));
      const { periods } = deps;
      report.outboxFiles = await purgeOutbox(ago(periods.outboxRetentionDays * DAY));
      report.notificationMails = await repository.purgeFinishedMails(
        ago(periods.notificationMailsRetentionDays * DAY),
      );
      report.paymentEvents = await repository.purgePaymentEvents(
        yearsCutoff(new Date(now), periods.paymentEventsRetentionYears),
      );
      report.auditLog = await repository.purgeAuditLog(
        yearsCutoff(new Date(now), periods.auditLogRetentionYears),
      );
      if (Object.values(report).some((n) => n > 0)) deps.log.info({ retention: report }, 'retention sweep');
      return report;
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
