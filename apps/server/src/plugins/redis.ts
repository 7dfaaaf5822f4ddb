import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis, type RedisOptions } from 'ioredis';
import { createLimiter, type Limiter, type LimiterOptions, type LimiterStore } from '../lib/rate-limiter.ts';

/**
 * The deployment's Redis (REDIS_URL), shared by the features that need every process to agree: rate
 * limits and cache clearing (the chat keeps connections of its own, docs/decisions/0009). Every key and
 * channel is `<REDIS_PREFIX>:…`, so two deployments on one Redis never meet. Without REDIS_URL,
 * `app.redis` is undefined and each process keeps these in memory.
 */
export type SharedRedis = {
  client: Redis;
  prefix: string;
  /** `<prefix>:<name>` */
  key(name: string): string;
  /** sends `message` to every process listening on `<prefix>:<channel>` (this one included); never throws */
  publish(channel: string, message: string): void;
  /**
   * listens on `<prefix>:<channel>`; `onGap` runs after a reconnection (messages may have been missed).
   * Resolves once Redis confirmed the subscription, or after SUBSCRIBE_WAIT_MS while it does not answer.
   */
  subscribe(channel: string, handler: (message: string) => void, onGap?: () => void): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    redis: SharedRedis | undefined;
    /** a rate limit shared by every process when Redis is configured, in this process's memory otherwise */
    limiter(name: string, max: number, windowMs: number, options?: LimiterOptions): Limiter;
    /** where limits keep their counts (the auth module builds its own limiters from it) */
    limiterStore: LimiterStore;
  }
}

/** how long a start waits for a subscription before going on (Redis away: it subscribes once back) */
export const SUBSCRIBE_WAIT_MS = 2_000;

/**
 * a command unanswered for this long fails (a limit then falls back to memory); what must not wait even
 * that long uses a limiter with `waitForRedis: false` (lib/rate-limiter.ts)
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

function connect(app: FastifyInstance, url: string, role: string): Redis {
  const options: RedisOptions = {
    lazyConnect: true,
    // commands fail at once while the connection is down instead of queueing behind it
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  };
  const redis = new Redis(url, options);
  redis.on('error', (err) => app.log.warn({ err }, `redis connection error (${role})`));
  return redis;
}

async function redisPlugin(app: FastifyInstance) {
  const url = app.config.redisUrl;
  if (!url) {
    app.decorate('redis', undefined);
    app.decorate('limiterStore', undefined);
    app.decorate('limiter', (name: string, max: number, windowMs: number) =>
      createLimiter(undefined, name, max, windowMs),
    );
    return;
  }
  const prefix = app.config.redisPrefix;
  const key = (name: string) => `${prefix}:${name}`;
  const client = connect(app, url, 'commands');
  // a Redis that is away at start is not fatal: limits use memory until it answers, ioredis reconnects
  await client.connect().catch((err) => app.log.warn({ err }, 'redis not reachable at start'));

  let subscriber: Redis | undefined;
  const channels = new Map<string, { handlers: Array<(message: string) => void>; gaps: Array<() => void> }>();
  const subscriberConnection = () => {
    if (subscriber) return subscriber;
    const redis = connect(app, url, 'subscriber');
    // a subscribing connection may queue its SUBSCRIBE until it is up (and ioredis subscribes again
    // after each reconnection)
    redis.options.enableOfflineQueue = true;
    let readyBefore = false;
    redis.on('ready', () => {
      if (readyBefore) for (const { gaps } of channels.values()) for (const gap of gaps) gap();
      readyBefore = true;
    });
    redis.on('message', (channel: string, message: string) => {
      for (const handler of channels.get(channel)?.handlers ?? []) {
        try {
          handler(message);
        } catch (err) {
          app.log.error({ err, channel }, 'redis message handler failed');
        }
      }
    });
    redis.connect().catch((err) => app.log.warn({ err }, 'redis subscriber not reachable at start'));
    subscriber = redis;
    return redis;
  };

  const shared: SharedRedis = {
    client,
    prefix,
    key,
    publish(channel, message) {
      client.publish(key(channel), message).catch((err) => {
        app.log.warn({ err, channel }, 'redis publish failed; other processes hear of it later');
      });
    },
    async subscribe(channel, handler, onGap) {
      const name = key(channel);
      let entry = channels.get(name);
      let subscribed: Promise<unknown> = Promise.resolve();
      if (!entry) {
        entry = { handlers: [], gaps: [] };
        channels.set(name, entry);
        subscribed = subscriberConnection()
          .subscribe(name)
          .catch((err) => app.log.warn({ err, channel }, 'redis subscribe failed'));
      }
      entry.handlers.push(handler);
      if (onGap) entry.gaps.push(onGap);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        subscribed,
        new Promise((resolve) => (timer = setTimeout(resolve, SUBSCRIBE_WAIT_MS))),
      ]);
      clearTimeout(timer);
    },
  };
  // docs/operations.md, Probes: not ready while Redis does not answer
  app.readiness.register('redis', async () => {
    await client.ping();
  });
  const store: LimiterStore = { redis: client, prefix };
  app.decorate('redis', shared);
  app.decorate('limiterStore', store);
  app.decorate('limiter', (name: string, max: number, windowMs: number, options?: LimiterOptions) =>
    createLimiter(store, name, max, windowMs, options),
  );
  app.addHook('onClose', async () => {
    for (const redis of [client, subscriber]) {
      if (!redis) continue;
      await Promise.race([redis.quit().catch(() => {}), new Promise((r) => setTimeout(r, 1_000))]);
      redis.disconnect();
    }
  });
}

export default fp(redisPlugin, { name: 'redis', dependencies: ['config', 'readiness'] });
