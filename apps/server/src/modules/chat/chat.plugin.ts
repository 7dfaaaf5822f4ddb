import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ChatGateway, createChatGateway, registerStompEndpoint } from './chat.gateway.ts';
import { chatRoutes } from './chat.routes.ts';
import { type ChatService, createChatService } from './chat.service.ts';
import { createLocalFanout, createRedisFanout, type Fanout } from './fanout.ts';

export type Chat = Pick<ChatService, 'openChat' | 'postMessage' | 'publish'> & {
  /** Closes every chat socket of the user, on every process (a ban). */
  disconnectUser(userId: string): Promise<void>;
  /** Writes `body` to every session of the user subscribed to `destination`, on every process. */
  pushToUser(userId: string, destination: string, body: string): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** the chat other features write to (system messages of cases, proposals and payments) */
    chat: Chat;
  }
}

export type ChatPluginOptions = {
  /** Redis channel prefix; tests use one of their own so parallel runs do not hear each other */
  redisPrefix?: string;
  /** how often open chat connections check their token again (tests make it short) */
  reverifyMs?: number;
};

async function chat(app: FastifyInstance, options: ChatPluginOptions) {
  const fanout: Fanout = app.config.redisUrl
    ? await createRedisFanout(app.log, { url: app.config.redisUrl, prefix: options.redisPrefix })
    : createLocalFanout(app.log);
  app.addHook('onClose', async () => fanout.close());

  const service = createChatService({
    db: app.db,
    publish: (event) => fanout.publish(event),
    // online on this process, or on another one (Redis); read only once the gateway below exists
    presence: { isOnline: async (userId) => gateway.isOnline(userId) || fanout.presence.isOnline(userId) },
  });
  const gateway: ChatGateway = createChatGateway({
    service,
    log: app.log,
    presence: fanout.presence,
    verify: (token) => app.sessions.verify(token),
    reverifyMs: options.reverifyMs,
  });
  fanout.onEvent((event) => gateway.deliver(event));

  app.decorate('chat', {
    openChat: service.openChat,
    postMessage: service.postMessage,
    publish: service.publish,
    async disconnectUser(userId: string) {
      gateway.closeUser(userId);
      await fanout.publish({ kind: 'disconnect', userId });
    },
    pushToUser: (userId, destination, body) => fanout.publish({ kind: 'push', userId, destination, body }),
  } satisfies Chat);

  await registerStompEndpoint(app, gateway);
  await app.register(chatRoutes(service));
}

export default fp(chat, { name: 'chat', dependencies: ['config', 'security', 'auth'] });
