import { notificationLinks } from '@l4l/shared/constants/notifications';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../lib/transaction.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import type { NotificationsService } from './notifications.service.ts';

/** docs/notifications.md, The messages digest: its timings. */
export const MESSAGE_DIGEST = {
  /** how often the sweep looks for unread messages */
  sweepMs: 60_000,
  /** at most one digest per chat and recipient in this long */
  windowMs: 60 * 60_000,
  /**
   * only messages of the last day are told: a deploy (or a restart after days down) does not mail everyone
   * about chats left unread for months
   */
  maxAgeMs: 24 * 60 * 60_000,
} as const;

export type MessageDigest = ReturnType<typeof createMessageDigest>;

/**
 * The unread-messages digest (docs/notifications.md, The messages digest): a sweep finds the chats where a
 * person has unread messages no digest has counted, and, for a person with no open chat session on any
 * process, writes a `messages` notification (and so its mail, through the outbox) naming the sender and the
 * count, never the text. One per chat and recipient per hour, even with several processes sweeping.
 */
export function createMessageDigest(deps: {
  db: Db;
  notify: NotificationsService['notify'];
  /** an open chat session on any process (the chat's presence) */
  isOnline: (userId: string) => Promise<boolean>;
  log: FastifyBaseLogger;
}) {
  const repository = createNotificationsRepository(deps.db);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function sweep(now: Date): Promise<number> {
    let written = 0;
    for (const candidate of await repository.digestCandidates(
      now,
      MESSAGE_DIGEST.windowMs,
      MESSAGE_DIGEST.maxAgeMs,
    )) {
      // read now, not in the query: a person who opens the app meanwhile gets no mail
      if (await deps.isOnline(candidate.recipientId)) continue;
      const wrote = await withTransaction(deps.db, async (tx, afterCommit) => {
        const repo = createNotificationsRepository(tx);
        if (!(await repo.takeDigest(candidate, now, MESSAGE_DIGEST.windowMs))) return false;
        const facts = {
          counterpart: (await repo.personName(candidate.senderId)) ?? undefined,
          count: candidate.unread,
        };
        const texts = es.notifications.events.messages;
        await deps.notify(tx, afterCommit, {
          userId: candidate.recipientId,
          type: 'messages',
          title: texts.title(facts),
          body: texts.body(facts),
          link: notificationLinks.chatWith(candidate.senderId),
        });
        return true;
      });
      if (wrote) written++;
    }
    return written;
  }

  return {
    /** Writes the digests due at `at` (now unless a test moves the clock); resolves with how many. */
    async sweep(at?: Date): Promise<number> {
      if (running) await running.catch(() => undefined);
      running = sweep(at ?? new Date()).finally(() => {
        running = null;
      });
      return running;
    },

    start() {
      timer = setInterval(() => {
        this.sweep().catch((error: unknown) => deps.log.error({ err: error }, 'message digest sweep failed'));
      }, MESSAGE_DIGEST.sweepMs);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
