import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@l4l/shared/schemas/chat';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Audience } from './chat.repository.ts';

/**
 * Carries chat events to every server process (ADR 0010, Several processes): in memory for one
 * process, Redis pub/sub when REDIS_URL is set. Each process then delivers to the sockets it holds.
 */
export type ChatEvent =
  | { kind: 'message'; message: ChatMessage; audience: Audience }
  /** a ban: every process closes the user's sockets */
  | { kind: 'disconnect'; userId: string }
  /** a push to one user's sessions subscribed to one of PUSH_DESTINATIONS (a notification) */
  | { kind: 'push'; userId: string; destination: string; body: string };

/**
 * Who is online on the other processes. Each process says which users it holds online; an entry lives
 * PRESENCE_TTL_MS unless refreshed, so a process that dies stops counting on its own.
 */
export interface PresenceBoard {
  /** this process now holds the user online (or no longer) */
  update(userId: string, online: boolean): void;
  isOnline(userId: string): Promise<boolean>;
}

export interface Fanout {
  /** Resolves once the event is handed over; never rejects (a failure is logged and delivered locally). */
  publish(event: ChatEvent): Promise<void>;
  onEvent(handler: (event: ChatEvent) => void): void;
  presence: PresenceBoard;
  close(): Promise<void>;
}

export const PRESENCE_TTL_MS = 60_000;

function handlers(log: FastifyBaseLogger) {
  const list: Array<(event: ChatEvent) => void> = [];
  return {
    add: (handler: (event: ChatEvent) => void) => list.push(handler),
    emit(event: ChatEvent) {
      for (const handler of list) {
        try {
          handler(event);
        } catch (error) {
          log.error({ err: error }, 'chat event handler failed');
        }
      }
    },
  };
}

export function createLocalFanout(log: FastifyBaseLogger): Fanout {
  const listeners = handlers(log);
  return {
    async publish(event) {
      listeners.emit(event);
    },
    onEvent: listeners.add,
    // one process: the gateway's own sessions are the whole truth
    presence: { update() {}, isOnline: async () => false },
    async close() {},
  };
}

export type RedisFanoutOptions = {
  url: string;
  /** channels are named `<prefix>:chat`; tests use a prefix of their own */
  prefix?: string;
};

/**
 * Two connections, as Redis requires: a subscribed connection can do nothing else. An event published
 * here comes back through the subscription like any other process's, so each is delivered exactly once.
 * If Redis cannot take an event, this process delivers it to its own sockets (other processes miss it
 * and their clients resync from the history after a reconnect).
 */
export async function createRedisFanout(
  log: FastifyBaseLogger,
  options: RedisFanoutOptions,
): Promise<Fanout> {
  const channel = `${options.prefix ?? 'l4l'}:chat`;
  const listeners = handlers(log);
  const connection = () => {
    const redis = new Redis(options.url, { maxRetriesPerRequest: 2 });
    redis.on('error', (error) => log.warn({ err: error }, 'redis connection error (chat fan-out)'));
    return redis;
  };
  const publisher = connection();
  const subscriber = connection();
  subscriber.on('message', (from: string, payload: string) => {
    if (from !== channel) return;
    let event: ChatEvent;
    try {
      event = JSON.parse(payload) as ChatEvent;
    } catch (error) {
      log.warn({ err: error }, 'unreadable chat event on redis');
      return;
    }
    listeners.emit(event);
  });
  const presence = createRedisPresence(publisher, `${options.prefix ?? 'l4l'}:presence`, log);
  // a Redis that is down does not stop the start: ioredis keeps reconnecting and resubscribes
  await subscriber.subscribe(channel).catch((error: unknown) => {
    log.error({ err: error }, 'redis subscribe failed (chat fan-out); retrying in the background');
  });
  return {
    async publish(event) {
      try {
        await publisher.publish(channel, JSON.stringify(event));
      } catch (error) {
        log.error({ err: error }, 'redis publish failed; delivering on this process only');
        listeners.emit(event);
      }
    },
    onEvent: listeners.add,
    presence,
    async close() {
      await presence.stop();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/** A hash per user: field = process id, value = until when that process vouches for the user. */
function createRedisPresence(redis: Redis, prefix: string, log: FastifyBaseLogger) {
  const processId = randomUUID();
  const held = new Set<string>();
  const keyOf = (userId: string) => `${prefix}:${userId}`;
  const report = (error: unknown) => log.warn({ err: error }, 'redis presence update failed');
  const vouch = (userId: string) =>
    redis
      .multi()
      .hset(keyOf(userId), processId, String(Date.now() + PRESENCE_TTL_MS))
      .pexpire(keyOf(userId), PRESENCE_TTL_MS)
      .exec()
      .catch(report);
  const refresh = setInterval(() => {
    for (const userId of held) void vouch(userId);
  }, PRESENCE_TTL_MS / 3);
  refresh.unref();
  return {
    update(userId: string, online: boolean) {
      if (online) {
        held.add(userId);
        void vouch(userId);
      } else if (held.delete(userId)) {
        redis.hdel(keyOf(userId), processId).catch(report);
      }
    },
    async isOnline(userId: string) {
      try {
        const until = Object.values(await redis.hgetall(keyOf(userId)));
        return until.some((value) => Number(value) > Date.now());
      } catch (error) {
        report(error);
        return false;
      }
    },
    async stop() {
      clearInterval(refresh);
      await Promise.allSettled([...held].map((userId) => redis.hdel(keyOf(userId), processId)));
      held.clear();
    },
  };
}
