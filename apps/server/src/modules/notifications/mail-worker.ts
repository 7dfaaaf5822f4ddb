import { isNotificationType } from '@l4l/shared/constants/notifications';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../lib/transaction.ts';
import type { AccountMail, Mail } from '../../plugins/mailer.ts';
import { renderNotificationMail } from './notification-mail.ts';
import { type ClaimedMail, createNotificationsRepository } from './notifications.repository.ts';

/** docs/notifications.md, The mail worker: its timings. */
export const MAIL_WORKER = {
  pollMs: 5_000,
  /**
   * a claimed mail is not claimed again before this, unless its attempt ends first: longer than one
   * attempt can last (the send's timeout, plus composing the mail and marking it)
   */
  leaseMs: 2 * 60_000,
  /** an SMTP server that has not answered by then counts as a failed attempt */
  sendTimeoutMs: 60_000,
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
  maxAttempts: 8,
  /** how long a stop waits for the mail being sent; after it the row's lease lets another process resend */
  stopGraceMs: 5_000,
  /** failed attempts on this many different mails in a row, none sent between: the SMTP server is down */
  failingAfterMails: 3,
} as const;

/**
 * The worker's health (docs/notifications.md, Health and metrics): `stuck` when started and no attempt nor
 * round has ended for a lease (an attempt hung, or the poll died: what it claimed goes to other processes);
 * `failing` when attempts on `failingAfterMails` different mails failed in a row with none sent between.
 */
export type MailWorkerHealth = 'ok' | 'stuck' | 'failing';

/** Exponential backoff: 30 s after the first failure, doubling, at most an hour; null = give up. */
export function retryDelayMs(attempts: number): number | null {
  if (attempts >= MAIL_WORKER.maxAttempts) return null;
  return Math.min(MAIL_WORKER.firstRetryMs * 2 ** (attempts - 1), MAIL_WORKER.maxRetryMs);
}

export type MailWorker = ReturnType<typeof createMailWorker>;

/**
 * Sends the mails of the outbox (docs/notifications.md, The mail worker). It polls, and is woken after a
 * commit that wrote a mail; a request never waits for it. Rows are claimed one at a time under
 * `FOR UPDATE SKIP LOCKED` in a short transaction (several processes share the outbox) and sent outside
 * it, so a slow SMTP server holds no database connection, and a lease always outlasts its one attempt.
 */
export function createMailWorker(deps: {
  db: Db;
  send: (mail: Mail) => Promise<void>;
  publicUrl: string;
  unsubscribeToken: (userId: string, type: string) => string;
  /** an account mail, composed by the module that owns its kind; null when it is no longer to be sent */
  accountMail: (mail: Required<AccountMail>) => Promise<Mail | null>;
  /**
   * this process alone uses the outbox (the embedded database, db/data-lock.ts): at the start, claims
   * left by a killed predecessor are released at once instead of at the end of their lease
   */
  exclusive?: boolean;
  log: FastifyBaseLogger;
  pollMs?: number;
}) {
  const repository = createNotificationsRepository(deps.db);
  let running: Promise<{ sent: number; failed: number }> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  /** counters since the start, for /metrics; `depth` is read at each poll */
  const stats = { sent: 0, failures: 0, depth: 0, failed: 0 };
  /** the mails that failed since the last one sent */
  const failingMails = new Set<string>();
  let lastError: string | null = null;
  let startedAt = 0;
  /** when the last attempt or round ended: the worker is alive */
  let lastProgressAt = 0;
  /** set by `start` on an exclusive outbox: the first round releases the claims left behind */
  let releaseClaims = false;

  async function compose(claimed: ClaimedMail): Promise<Mail | null> {
    const { notification } = claimed;
    if (!notification) {
      const mail = await deps.accountMail(claimed.account);
      // transactional: no unsubscribe link, since nobody can opt out of their own account's mails
      return (
        mail && {
          ...mail,
          messageId: claimed.messageId,
          headers: { ...mail.headers, 'Auto-Submitted': 'auto-generated' },
        }
      );
    }
    const type = notification.type;
    const unsubscribeUrl = `${deps.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(
      deps.unsubscribeToken(notification.userId, type),
    )}`;
    const content = await renderNotificationMail({
      name: claimed.name,
      title: notification.title,
      body: notification.body,
      action: isNotificationType(type) ? es.notifications.events[type].action : es.notifications.centre.title,
      url: `${deps.publicUrl}${notification.link}`,
      unsubscribeUrl,
    });
    return {
      to: claimed.to,
      ...content,
      messageId: claimed.messageId,
      headers: {
        // RFC 2369 and RFC 8058: the mail client's own unsubscribe button, one click, no sign-in
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'Auto-Submitted': 'auto-generated',
      },
    };
  }

  async function sendOne(claimed: ClaimedMail): Promise<boolean> {
    try {
      const mail = await compose(claimed);
      if (!mail) {
        await repository.markSkipped(claimed.id);
        return true;
      }
      let timeout: NodeJS.Timeout | undefined;
      const expired = new Promise<never>((_, reject) => {
        timeout = setTimeout(() => reject(new Error('SMTP timeout')), MAIL_WORKER.sendTimeoutMs);
      });
      try {
        await Promise.race([deps.send(mail), expired]);
      } finally {
        clearTimeout(timeout);
      }
      await repository.markSent(claimed.id, new Date());
      stats.sent++;
      failingMails.clear();
      lastError = null;
      return true;
    } catch (error) {
      const delay = retryDelayMs(claimed.attempts);
      const message = error instanceof Error ? error.message : String(error);
      stats.failures++;
      failingMails.add(claimed.id);
      lastError = message;
      await repository.markFailed(
        claimed.id,
        message.slice(0, 500),
        delay === null ? null : new Date(Date.now() + delay),
      );
      deps.log.warn(
        { err: error, mail: claimed.id, attempts: claimed.attempts },
        'notification mail not sent',
      );
      return false;
    }
  }

  /** Sends every mail due at `now`, one after the other, until none is left. */
  async function drain(now: () => Date): Promise<{ sent: number; failed: number }> {
    const totals = { sent: 0, failed: 0 };
    if (releaseClaims) {
      releaseClaims = false;
      const released = await repository.releaseClaims(now());
      if (released > 0) deps.log.warn({ released }, 'mails left claimed by a previous process are due again');
    }
    for (;;) {
      const claimed = await withTransaction(deps.db, (tx) =>
        createNotificationsRepository(tx).claimNext(now(), MAIL_WORKER.leaseMs),
      );
      if (!claimed) return totals;
      if (await sendOne(claimed)) totals.sent++;
      else totals.failed++;
      lastProgressAt = Date.now();
    }
  }

  async function refreshCounts() {
    try {
      const counts = await repository.outboxCounts();
      stats.depth = counts.pending;
      stats.failed = counts.failed;
    } catch (error) {
      deps.log.warn({ err: error }, 'outbox counts not read');
    }
  }

  function run(now: () => Date = () => new Date()) {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const totals = { sent: 0, failed: 0 };
      do {
        again = false;
        const round = await drain(now);
        totals.sent += round.sent;
        totals.failed += round.failed;
      } while (again && !stopped);
      await refreshCounts();
      return totals;
    })().finally(() => {
      lastProgressAt = Date.now();
      running = null;
    });
    return running;
  }

  return {
    /** Something was written to the outbox: send it soon, without making the caller wait. */
    wake() {
      if (stopped) return;
      run().catch((error: unknown) => deps.log.error({ err: error }, 'mail worker round failed'));
    },

    /**
     * Sends what is due now (or at `at`, to reach retries scheduled later) and resolves once done; tests
     * drive the worker step by step with it.
     */
    async drainOutbox(at?: Date): Promise<{ sent: number; failed: number }> {
      if (running) await running.catch(() => undefined);
      return run(at ? () => at : undefined);
    },

    start() {
      stopped = false;
      startedAt = Date.now();
      releaseClaims = deps.exclusive ?? false;
      timer = setInterval(() => this.wake(), deps.pollMs ?? MAIL_WORKER.pollMs);
      timer.unref();
      this.wake();
    },

    /** Stops polling and waits a little for the mail being sent, if any (a hung SMTP server is left behind). */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (!running) return;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        running.catch(() => undefined),
        new Promise((resolve) => {
          grace = setTimeout(resolve, MAIL_WORKER.stopGraceMs);
        }),
      ]);
      clearTimeout(grace);
    },

    counts: () => repository.outboxCounts(),

    /** For /metrics: sent and failed attempts since the start, and the outbox as last read. */
    stats: () => ({ ...stats }),

    /** For readiness (docs/notifications.md, Health and metrics), at `now`. */
    health(now = Date.now()): { state: MailWorkerHealth; lastError: string | null } {
      if (!stopped) {
        const since = Math.max(startedAt, lastProgressAt);
        if (now - since > MAIL_WORKER.leaseMs) return { state: 'stuck', lastError };
      }
      if (failingMails.size >= MAIL_WORKER.failingAfterMails) return { state: 'failing', lastError };
      return { state: 'ok', lastError };
    },
  };
}
