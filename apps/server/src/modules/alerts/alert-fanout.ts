import { alertFor } from '@l4l/shared/alert-rules';
import { caseCode } from '@l4l/shared/constants/cases';
import { categoryName } from '@l4l/shared/constants/categories';
import { notificationLinks } from '@l4l/shared/constants/notifications';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../lib/transaction.ts';
import type { Notifications } from '../notifications/index.ts';
import { createAlertsRepository } from './alerts.repository.ts';

/** docs/alerts.md, The fan-out: its figures. */
export const ALERT_FANOUT = {
  /** lawyers looked at per transaction (short, so a request waiting for the database waits little) */
  batchSize: 200,
  /** a claimed job is due again this long after its last batch (a killed process's job) */
  leaseMs: 60_000,
  /** how often each process looks for due jobs besides being woken by an approval */
  pollMs: 5_000,
} as const;

type PublishedCase = { id: string; title: string; category: string };

/**
 * The new-case alerts' fan-out (docs/alerts.md, The fan-out): a job per published case, written in the
 * approval's transaction and worked here after it, in batches of lawyers in id order, each batch one
 * transaction that records its alerts (one per case and lawyer, by primary key), writes their
 * notifications (and the instant ones' mails, through the outbox) and moves the job's cursor. A process
 * killed mid-job leaves the last committed cursor: whoever claims the job next goes on from there, and a
 * batch done twice alerts nobody twice.
 */
export function createAlertFanout(deps: {
  db: Db;
  notifyMany: Notifications['notifyMany'];
  /** this process alone uses the database (the embedded one): claims found at the start are released */
  exclusive: boolean;
  log: FastifyBaseLogger;
  batchSize?: number;
}) {
  const repository = createAlertsRepository(deps.db);
  const batchSize = deps.batchSize ?? ALERT_FANOUT.batchSize;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let releaseFirst = false;

  /** One batch in one transaction; false when the job is finished. */
  async function batch(published: PublishedCase): Promise<{ more: boolean; alerted: number }> {
    return withTransaction(
      deps.db,
      async (tx, afterCommit) => {
        const repo = createAlertsRepository(tx);
        const job = await repo.lockJob(published.id);
        if (!job || job.status === 'done') return { more: false, alerted: 0 };
        const lawyers = await repo.candidates(published.category, job.cursor, batchSize);
        const alerts = lawyers.flatMap((lawyer) => {
          const mail = alertFor(lawyer, published);
          return mail ? [{ lawyerId: lawyer.id, mail }] : [];
        });
        const fresh = new Set(await repo.insertAlerts(published.id, alerts));
        const texts = es.notifications.events['case.match'];
        const facts = {
          caseTitle: published.title,
          category: categoryName(published.category),
          code: caseCode(published.id),
        };
        await deps.notifyMany(
          tx,
          afterCommit,
          alerts
            .filter((alert) => fresh.has(alert.lawyerId))
            .map((alert) => ({
              userId: alert.lawyerId,
              type: 'case.match' as const,
              title: texts.title(facts),
              body: texts.body(facts),
              link: notificationLinks.boardCase(published.id, published.title),
              caseId: published.id,
              // a daily alert is mailed in the digest, not on its own
              inAppOnly: alert.mail !== 'instant',
            })),
        );
        const last = lawyers.at(-1);
        if (!last || lawyers.length < batchSize) {
          await repo.finishJob(published.id, new Date());
          return { more: false, alerted: fresh.size };
        }
        await repo.advanceJob(published.id, last.id, new Date(Date.now() + ALERT_FANOUT.leaseMs));
        return { more: true, alerted: fresh.size };
      },
      deps.log,
    );
  }

  async function runJob(caseId: string): Promise<number> {
    const published = await repository.publishedCase(caseId);
    // addressed cases never get a job; one that did (or a case gone) alerts nobody
    if (!published || published.addressedLawyerId) {
      await repository.finishJob(caseId, new Date());
      return 0;
    }
    let alerted = 0;
    for (;;) {
      const done = await batch(published);
      alerted += done.alerted;
      if (!done.more) return alerted;
      // requests that arrived meanwhile go first (on the embedded database they wait for the one connection)
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Works every due job; resolves with how many lawyers were alerted. */
  async function round(now: Date): Promise<number> {
    if (releaseFirst) {
      releaseFirst = false;
      const released = await repository.releaseClaims(now);
      if (released > 0) deps.log.info({ released }, 'alert jobs left by a previous process resumed');
    }
    let alerted = 0;
    for (;;) {
      const claimed = await withTransaction(deps.db, (tx) =>
        createAlertsRepository(tx).claimJob(new Date(), ALERT_FANOUT.leaseMs),
      );
      if (!claimed) return alerted;
      alerted += await runJob(claimed.caseId);
    }
  }

  function kick(at?: Date) {
    if (running) {
      again = true;
      return running;
    }
    running = round(at ?? new Date())
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'new-case alerts failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void kick();
        }
      });
    return running;
  }

  return {
    /** Works the due jobs now (tests call it; `at` moves the clock past leases) and waits for them. */
    async drain(at?: Date): Promise<number> {
      if (running) await running;
      return kick(at);
    },
    /** An approval committed a job: work it at once. */
    wake() {
      if (timer) void kick();
    },
    start() {
      releaseFirst = deps.exclusive;
      timer = setInterval(() => void kick(), ALERT_FANOUT.pollMs);
      timer.unref();
      void kick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      again = false;
      await running;
    },
  };
}

export type AlertFanout = ReturnType<typeof createAlertFanout>;
