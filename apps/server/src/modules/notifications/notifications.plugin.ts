import type { NotificationType } from '@l4l/shared/constants/notifications';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Subscribers } from '../../lib/events.ts';
import type { ComposeAccountMail, MailOutbox } from '../../plugins/mailer.ts';
import type { Chat } from '../chat/index.ts';
import { createMailWorker, type MailWorker } from './mail-worker.ts';
import { createMessageDigest, type MessageDigest } from './message-digest.ts';
import { createNotificationEvents, type NotifyEvent } from './notification-events.ts';
import { notificationSubscribers } from './notification-subscribers.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';
import { createUnsubscribeTokens } from './unsubscribe-token.ts';

/** What app.ts composes into the modules that own events, and what tests drive. */
export type Notifications = {
  /** report an event in its transaction (docs/notifications.md, Event types) */
  event: NotifyEvent;
  /** the events of the one event map that reach people (app.ts subscribes them) */
  subscribers: Subscribers;
  notify: NotificationsService['notify'];
  /** `notify` for a batch of people, one type (the new-case alerts) */
  notifyMany: NotificationsService['notifyMany'];
  /** whether the person gets the mails of `type` (their switch; no row means on) */
  mailWanted: (userId: string, type: NotificationType) => Promise<boolean>;
  /** of these people, those who turned the mails of `type` off */
  mailsOff: (userIds: string[], type: NotificationType) => Promise<Set<string>>;
  /** the one-click unsubscribe link of `type` for a mail composed outside this module (a digest) */
  unsubscribeUrl: (userId: string, type: NotificationType) => string;
  /** account mails: queued in the caller's transaction, composed by the module that owns each kind */
  outbox: MailOutbox;
  /** sends what the outbox holds that is due (at `at`, to reach later retries); tests call it */
  drainOutbox: MailWorker['drainOutbox'];
  outboxCounts: MailWorker['counts'];
  /** the mail worker's health, for readiness (docs/notifications.md, Health and metrics) */
  mailHealth: MailWorker['health'];
  /** writes the unread-messages digests due (at `at`, to move the clock); tests call it */
  sweepMessageDigests: MessageDigest['sweep'];
};

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Notifications;
  }
}

export type NotificationsPluginOptions = {
  /** the live pushes and who is online (the chat feature, handed in by app.ts) */
  chat: Pick<Chat, 'pushToUser' | 'isOnline'>;
  /** poll the outbox and send after each commit; off in tests, which drive `drainOutbox` themselves */
  autoSend?: boolean;
  /**
   * this process alone uses the database's outbox (the embedded database it opened itself): claims left
   * by a killed predecessor are released at the start (docs/notifications.md, The mail worker)
   */
  exclusive?: boolean;
};

/** `<REDIS_PREFIX>:mail-wake`: a process wrote a mail; the worker holding the mail lease sends it */
const MAIL_WAKE_CHANNEL = 'mail-wake';

async function notificationsPlugin(app: FastifyInstance, options: NotificationsPluginOptions) {
  const tokens = createUnsubscribeTokens(app.config.jwtSecret);
  const composers = new Map<string, ComposeAccountMail>();
  const worker = createMailWorker({
    db: app.db,
    send: (mail) => app.mailer.send(mail),
    publicUrl: app.config.publicUrl,
    unsubscribeToken: (userId, type) => tokens.sign(userId, type as Parameters<typeof tokens.sign>[1]),
    accountMail: async ({ kind, ...mail }) => {
      const compose = composers.get(kind);
      // a failed attempt, retried: the module that owns the kind may come with the next deploy
      if (!compose) throw new Error(`no composer for account mails of kind ${kind}`);
      return compose(mail);
    },
    exclusive: options.exclusive ?? false,
    log: app.log,
  });
  const autoSend = options.autoSend ?? app.config.env !== 'test';
  const service = createNotificationsService({
    db: app.db,
    tokens,
    messageDomain: new URL(app.config.publicUrl).hostname,
    push: (userId, destination, body) => options.chat.pushToUser(userId, destination, body),
    // the worker runs where the mail lease is: another process hears of the new mail through Redis
    // (without Redis it finds it at its next poll)
    wakeWorker: () => {
      if (app.leases.holds('mail')) worker.wake();
      else if (autoSend) app.redis?.publish(MAIL_WAKE_CHANNEL, '');
    },
  });
  const digest = createMessageDigest({
    db: app.db,
    notify: service.notify,
    isOnline: (userId) => options.chat.isOnline(userId),
    log: app.log,
  });
  const event = createNotificationEvents(service.notify);
  app.decorate('notifications', {
    event,
    subscribers: notificationSubscribers(event),
    notify: service.notify,
    notifyMany: service.notifyMany,
    mailWanted: (userId, type) => createNotificationsRepository(app.db).mailWanted(userId, type),
    mailsOff: (userIds, type) => createNotificationsRepository(app.db).mailsOff(userIds, type),
    unsubscribeUrl: (userId, type) =>
      `${app.config.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(tokens.sign(userId, type))}`,
    outbox: {
      queue: service.queueAccountMail,
      define(kind, compose) {
        if (composers.has(kind)) throw new Error(`account mails of kind ${kind} are defined twice`);
        composers.set(kind, compose);
      },
    },
    drainOutbox: worker.drainOutbox,
    outboxCounts: worker.counts,
    mailHealth: (now) => worker.health(now),
    sweepMessageDigests: digest.sweep,
  } satisfies Notifications);

  app.metrics.gauge(
    'l4l_mail_outbox_pending',
    'Notification mails waiting in the outbox (read after each worker round)',
    () => worker.stats().depth,
  );
  app.metrics.gauge(
    'l4l_mail_outbox_failed',
    'Notification mails given up after every attempt (read after each worker round)',
    () => worker.stats().failed,
  );
  app.metrics.counter(
    'l4l_mail_sent_total',
    'Notification mails sent by this process',
    () => worker.stats().sent,
  );
  app.metrics.counter(
    'l4l_mail_send_failures_total',
    'Failed attempts to send a notification mail on this process (each retried later or given up)',
    () => worker.stats().failures,
  );

  if (autoSend) {
    // docs/notifications.md, The mail worker: one process at a time sends, the one holding the lease
    await app.redis?.subscribe(MAIL_WAKE_CHANNEL, () => worker.wake());
    app.leases.follow('mail', { start: () => worker.start(), stop: () => worker.stop() });
    app.leases.follow('scheduler', { start: () => digest.start(), stop: () => digest.stop() });
  }
  // before the database closes: a mail being sent is marked sent or failed
  app.addHook('preClose', async () => {
    await digest.stop();
    await worker.stop();
  });
  await app.register(notificationsRoutes(service));
}

export default fp(notificationsPlugin, {
  name: 'notifications',
  dependencies: ['config', 'metrics', 'auth', 'chat', 'mailer', 'leases'],
});
