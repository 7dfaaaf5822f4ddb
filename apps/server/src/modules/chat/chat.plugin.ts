import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ChatGateway, createChatGateway, registerStompEndpoint } from './chat.gateway.ts';
import { chatRoutes } from './chat.routes.ts';
import { type ChatService, createChatService } from './chat.service.ts';
import { createConsultationSignalling } from './consultation-signal.ts';
import {
  createLocalFanout,
  createRedisFanout,
  type Fanout,
  type RedisFanoutOptions,
  type SessionScope,
} from './fanout.ts';

export type Chat = Pick<ChatService, 'openChat' | 'postMessage' | 'publish' | 'forgetDocument'> & {
  /**
   * Closes the user's chat sockets on every process: all of them (a ban, a password reset), one sign-in
   * session's (a logout) or all but the caller's (a password change).
   */
  disconnectUser(userId: string, which?: SessionScope): Promise<void>;
  /** Writes `body` to every session of the user subscribed to `destination`, on every process. */
  pushToUser(userId: string, destination: string, body: string): Promise<void>;
  /**
   * The person has an open chat session (announced with /app/connect) on this process or, with Redis, on
   * another one (the presence key the fan-out keeps).
   */
  isOnline(userId: string): Promise<boolean>;
  /** open STOMP sessions on this process and MESSAGE frames delivered since the start (for /metrics) */
  stats(): { sessions: number; delivered: number };
};

declare module 'fastify' {
  interface FastifyInstance {
    /** the chat other features write to (system messages of cases, proposals and payments) */
    chat: Chat;
  }
}

export type ChatPluginOptions = {
  /** the Redis fan-out's limits (tests make the outbox small) */
  fanoutLimits?: RedisFanoutOptions['limits'];
  /** how often open chat connections check their token again (tests make it short) */
  reverifyMs?: number;
  /** open chat sockets one user may hold on each process (default 20) */
  maxSocketsPerUser?: number;
};

async function chat(app: FastifyInstance, options: ChatPluginOptions) {
  const fanout: Fanout = app.config.redisUrl
    ? await createRedisFanout(app.log, {
        url: app.config.redisUrl,
        prefix: app.config.redisPrefix,
        limits: options.fanoutLimits,
      })
    : createLocalFanout(app.log);
  app.addHook('onClose', async () => fanout.close());

  // online on this process, or on another one (Redis); read only once the gateway below exists
  const isOnline = async (userId: string) => gateway.isOnline(userId) || fanout.presence.isOnline(userId);
  const service = createChatService({
    db: app.db,
    limiter: app.limiter,
    publish: (event) => fanout.publish(event),
    feePercent: app.config.platformFeePercent,
    presence: { isOnline },
    pool: app.database.pool,
  });
  const gateway: ChatGateway = createChatGateway({
    service,
    log: app.log,
    presence: fanout.presence,
    verify: (token) => app.sessions.verify(token),
    stillGood: (list) => app.sessions.stillGood(list),
    reverifyMs: options.reverifyMs,
    maxSocketsPerUser: options.maxSocketsPerUser ?? app.config.chatMaxSocketsPerUser,
    signalling: createConsultationSignalling({ db: app.db, publish: (event) => fanout.publish(event) }),
  });
  fanout.onEvent((event) => {
    // sessions revoked by another process: read afresh here too, so a reconnect right after is refused
    if (event.kind === 'disconnect') app.sessions.distrust(event.userId);
    gateway.deliver(event);
  });

  app.decorate('chat', {
    openChat: service.openChat,
    postMessage: service.postMessage,
    publish: service.publish,
    forgetDocument: service.forgetDocument,
    async disconnectUser(userId: string, which: SessionScope = {}) {
      // this process's sockets close at once, the other processes' when the event reaches them
      fanout.publish({ kind: 'disconnect', userId, ...which });
    },
    async pushToUser(userId: string, destination: string, body: string) {
      fanout.publish({ kind: 'push', userIds: [userId], destination, body });
    },
    isOnline,
    stats: () => gateway.stats(),
  } satisfies Chat);

  await registerStompEndpoint(app, gateway);
  await app.register(chatRoutes(service));
}

export default fp(chat, { name: 'chat', dependencies: ['config', 'security', 'auth'] });
