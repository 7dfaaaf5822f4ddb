import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@l4l/shared/schemas/chat';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import type { Audience } from './chat.repository.ts';

/** Which of a user's chat sockets to close: all, one sign-in session's, or all but one session's. */
export type SessionScope = { sessionId?: string; exceptSessionId?: string };

/**
 * Carries chat events to every server process: in memory for one process, a Redis stream when REDIS_URL
 * is set. Each process delivers to the sockets it holds. Why a stream, and what happens while Redis is
 * away: docs/decisions/0009-chat-delivery-under-faults.md.
 */
export type ChatEvent =
  | { kind: 'message'; message: ChatMessage; audience: Audience }
  /** a ban, a logout, a password reset or change: every process closes those sockets of the user */
  | ({ kind: 'disconnect'; userId: string } & SessionScope)
  /**
   * Raised by the fan-out itself, never sent: events of another process were lost (this process's outbox
   * overflowed, or the stream was trimmed past what this process had read), so the clients must read their
   * chats again.
   */
  | { kind: 'resync' }
  /**
   * a push to the sessions of some users subscribed to one of PUSH_DESTINATIONS: a notification (one
   * user), a presence change (everyone who shares a chat with that person), one event for all of them
   */
  | { kind: 'push'; userIds: readonly string[]; destination: string; body: string };

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
  /**
   * Delivers the event on this process at once and hands it to the others; never waits on Redis and
   * never throws.
   */
  publish(event: ChatEvent): void;
  onEvent(handler: (event: ChatEvent) => void): void;
  presence: PresenceBoard;
  close(): Promise<void>;
}

export const PRESENCE_TTL_MS = 60_000;

export const REDIS_FANOUT_DEFAULTS = {
  /** events waiting for Redis; beyond it the oldest go and the other processes' clients resync */
  maxQueued: 10_000,
  /** entries the stream keeps (approximately): minutes of chat for a process that reconnects */
  streamLength: 10_000,
  /** how long one read waits for new entries before asking again */
  blockMs: 5_000,
  /** a command without an answer for this long means a dead connection: it is dropped and reopened */
  commandTimeoutMs: 2_000,
} as const;

/**
 * Events appended to the stream in one round trip at most: an approved case alerts its category's lawyers
 * and each alert is an event, so appending them one by one put a chat message behind hundreds of round trips.
 */
const APPEND_BATCH = 200;

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
    publish: listeners.emit,
    onEvent: listeners.add,
    // one process: the gateway's own sessions are the whole truth
    presence: { update() {}, isOnline: async () => false },
    async close() {},
  };
}

export type RedisFanoutOptions = {
  url: string;
  /** every key is `<prefix>:…` (REDIS_PREFIX) */
  prefix: string;
  /** tests make the limits small */
  limits?: Partial<Record<keyof typeof REDIS_FANOUT_DEFAULTS, number>>;
};

/** The Redis keys of a deployment. Keys live in the database REDIS_URL names, unlike pub/sub channels. */
export function redisKeys(prefix: string) {
  return {
    stream: `${prefix}:chat:events`,
    presence: (userId: string) => `${prefix}:chat:presence:${userId}`,
  };
}

/**
 * Every command fails at once while the connection is down (no ioredis offline queue, no retries of its
 * own, nothing resent behind our back): the outbox below is the only queue, so order and bounds are ours.
 */
function connect(url: string, commandTimeout: number, log: FastifyBaseLogger, role: string): Redis {
  const options: RedisOptions = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout,
  };
  const redis = new Redis(url, options);
  redis.on('error', (error) => log.warn({ err: error }, `redis connection error (chat ${role})`));
  return redis;
}

/** Resolves once the connection is ready, or false when `stopped` says to give up. */
function whenReady(redis: Redis, stopped: () => boolean): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const check = () => {
      if (redis.status === 'ready' || stopped() || redis.status === 'end') {
        clearInterval(timer);
        redis.off('ready', check);
        resolve(redis.status === 'ready' && !stopped());
      }
    };
    // 'ready' is the usual wake-up; the timer notices a close() while waiting
    const timer = setInterval(check, 250);
    redis.on('ready', check);
  });
}

/** processes remembered by the reader (each start of a process is a new one) */
const MAX_ORIGINS = 1000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isTimeout = (error: unknown) => error instanceof Error && /timed out/i.test(error.message);

/**
 * The fan-out over one Redis stream. Publishing delivers on this process at once and appends the event to
 * a bounded outbox, which one writer empties into the stream in order whenever Redis answers. One reader
 * per process follows the stream from the last entry it saw, so a reconnect resumes where it stopped.
 * Each entry carries its process and a sequence number: a process skips its own entries (already
 * delivered), drops a repeat (an append retried after an answer was lost) and raises `resync` on a gap.
 */
export async function createRedisFanout(
  log: FastifyBaseLogger,
  options: RedisFanoutOptions,
): Promise<Fanout> {
  const limits = { ...REDIS_FANOUT_DEFAULTS, ...options.limits };
  const keys = redisKeys(options.prefix);
  const processId = randomUUID();
  const listeners = handlers(log);
  let closed = false;
  const stopped = () => closed;

  const writer = connect(options.url, limits.commandTimeoutMs, log, 'writer');
  // a blocked read is not a dead connection: it may take blockMs to answer
  const reader = connect(options.url, limits.blockMs + limits.commandTimeoutMs, log, 'reader');

  /** an unanswered command: drop this connection and open another (ioredis reconnects on its own) */
  const dropIfDead = (redis: Redis, error: unknown) => {
    if (isTimeout(error) && !closed) redis.disconnect(true);
  };

  // --- writing: the outbox --------------------------------------------------------------------------
  const outbox: Array<{ seq: number; payload: string }> = [];
  let sequence = 0;
  let flushing: Promise<void> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  /** Appends the outbox's head, up to APPEND_BATCH entries in one pipeline (one round trip), in order. */
  async function drain() {
    while (outbox.length > 0 && writer.status === 'ready' && !closed) {
      const batch = outbox.slice(0, APPEND_BATCH);
      const pipeline = writer.pipeline();
      for (const entry of batch) {
        pipeline.xadd(
          keys.stream,
          'MAXLEN',
          '~',
          limits.streamLength,
          '*',
          'origin',
          processId,
          'seq',
          entry.seq,
          'event',
          entry.payload,
        );
      }
      let appended = 0;
      let failure: unknown;
      try {
        const answers = (await pipeline.exec()) ?? [];
        // the entries before the first refused one are in the stream; that one and the rest are not
        const refused = answers.findIndex(([error]) => error);
        appended = refused === -1 ? answers.length : refused;
        failure = refused === -1 ? undefined : answers[refused]?.[0];
      } catch (error) {
        failure = error;
      }
      // the head may have been dropped by an overflow meanwhile: only what is still queued goes
      for (const entry of batch.slice(0, appended)) {
        if (outbox[0] === entry) outbox.shift();
      }
      if (failure !== undefined) {
        log.warn({ err: failure, queued: outbox.length }, 'chat event not yet handed to redis; will retry');
        dropIfDead(writer, failure);
        // a refusal on a live connection (Redis busy, out of memory) is tried again shortly
        if (!closed && retry === undefined) {
          retry = setTimeout(() => {
            retry = undefined;
            flush();
          }, 1000);
          retry.unref();
        }
        return;
      }
    }
  }

  function flush() {
    flushing ??= drain().finally(() => {
      flushing = undefined;
      // events queued while the last append was answered
      if (outbox.length > 0 && writer.status === 'ready' && !closed && retry === undefined) flush();
    });
  }
  writer.on('ready', flush);

  // --- reading: the stream --------------------------------------------------------------------------
  const lastSeqByOrigin = new Map<string, number>();
  function receive(fields: string[]) {
    const field = (name: string) => fields[fields.indexOf(name) + 1];
    const origin = field('origin');
    const seq = Number(field('seq'));
    if (!origin || origin === processId || !Number.isInteger(seq)) return;
    const last = lastSeqByOrigin.get(origin);
    if (last !== undefined && seq <= last) return;
    // most recently heard last: a process that restarted long ago is the first forgotten
    lastSeqByOrigin.delete(origin);
    lastSeqByOrigin.set(origin, seq);
    if (lastSeqByOrigin.size > MAX_ORIGINS) lastSeqByOrigin.delete(lastSeqByOrigin.keys().next().value!);
    if (last !== undefined && seq > last + 1) {
      log.warn(
        { origin, missed: seq - last - 1 },
        'chat events of another process were lost; clients resync',
      );
      listeners.emit({ kind: 'resync' });
    }
    let event: ChatEvent;
    try {
      event = JSON.parse(field('event') ?? '') as ChatEvent;
    } catch (error) {
      log.warn({ err: error }, 'unreadable chat event on redis');
      return;
    }
    listeners.emit(event);
  }

  async function follow() {
    let lastId: string | undefined;
    while (!closed) {
      if (!(await whenReady(reader, stopped))) {
        await pause(250);
        continue;
      }
      try {
        // the first time: start after whatever the stream holds now
        lastId ??= (await reader.xrevrange(keys.stream, '+', '-', 'COUNT', 1))[0]?.[0] ?? '0-0';
        const reply = (await reader.xread(
          'COUNT',
          500,
          'BLOCK',
          limits.blockMs,
          'STREAMS',
          keys.stream,
          lastId,
        )) as Array<[string, Array<[string, string[]]>]> | null;
        for (const [, entries] of reply ?? []) {
          for (const [id, fields] of entries) {
            lastId = id;
            receive(fields);
          }
        }
      } catch (error) {
        if (closed) return;
        log.warn({ err: error }, 'reading chat events from redis failed; will retry');
        dropIfDead(reader, error);
        await pause(250);
      }
    }
  }
  const following = follow();

  const presence = createRedisPresence(writer, keys.presence, processId, log);

  return {
    publish(event) {
      listeners.emit(event);
      sequence += 1;
      outbox.push({ seq: sequence, payload: JSON.stringify(event) });
      if (outbox.length > limits.maxQueued) {
        outbox.shift();
        log.warn({ maxQueued: limits.maxQueued }, 'redis away too long: oldest chat event dropped');
      }
      flush();
    },
    onEvent: listeners.add,
    presence,
    async close() {
      // what is still queued gets one chance, for as long as a command may take
      flush();
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        flushing,
        new Promise((resolve) => (timer = setTimeout(resolve, limits.commandTimeoutMs))),
      ]);
      clearTimeout(timer);
      closed = true;
      if (retry !== undefined) clearTimeout(retry);
      await presence.stop();
      reader.disconnect();
      await following;
      await Promise.allSettled([writer.quit()]);
      writer.disconnect();
    },
  };
}

/** A hash per user: field = process id, value = until when that process vouches for the user. */
function createRedisPresence(
  redis: Redis,
  keyOf: (userId: string) => string,
  processId: string,
  log: FastifyBaseLogger,
) {
  const held = new Set<string>();
  const report = (error: unknown) => log.warn({ err: error }, 'redis presence update failed');
  const vouch = (userId: string) => {
    // while Redis is away there is nobody to tell; every held user is vouched for again on 'ready'
    if (redis.status !== 'ready') return;
    redis
      .multi()
      .hset(keyOf(userId), processId, String(Date.now() + PRESENCE_TTL_MS))
      .pexpire(keyOf(userId), PRESENCE_TTL_MS)
      .exec()
      .catch(report);
  };
  const vouchAll = () => {
    for (const userId of held) vouch(userId);
  };
  redis.on('ready', vouchAll);
  const refresh = setInterval(vouchAll, PRESENCE_TTL_MS / 3);
  refresh.unref();
  return {
    update(userId: string, online: boolean) {
      if (online) {
        held.add(userId);
        vouch(userId);
      } else if (held.delete(userId) && redis.status === 'ready') {
        redis.hdel(keyOf(userId), processId).catch(report);
      }
    },
    async isOnline(userId: string) {
      if (redis.status !== 'ready') return false;
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
      redis.off('ready', vouchAll);
      if (redis.status === 'ready') {
        await Promise.allSettled([...held].map((userId) => redis.hdel(keyOf(userId), processId)));
      }
      held.clear();
    },
  };
}
