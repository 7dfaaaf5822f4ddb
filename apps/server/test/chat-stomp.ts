import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@l4l/shared/constants/roles';
import type { ChatMessage } from '@l4l/shared/schemas/chat';
import { Client, type IFrame, type IStompSocket } from '@stomp/stompjs';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { type App, type AppDeps, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import {
  type ChatEvent,
  createRedisFanout,
  type Fanout,
  type RedisFanoutOptions,
} from '../src/modules/chat/fanout.ts';
import type { ChatPluginOptions } from '../src/modules/chat/index.ts';
import { signIn } from './factories.ts';

/** Test support: the web's STOMP client (@stomp/stompjs) in Node against a listening app. */

/**
 * One more listening app on a database the caller owns (and closes), with chat options and environment
 * of its own: a second server process, or short timers. Close the app and remove `dataDir` afterwards.
 */
export async function listeningApp(
  database: Database,
  options: { chat?: ChatPluginOptions; env?: NodeJS.ProcessEnv; logStream?: AppDeps['logStream'] } = {},
): Promise<{ app: App; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'l4l-chat-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', ...options.env },
    { jwtSecret: 'test-secret-that-is-long-enough-to-sign-tokens', webDist: undefined },
  );
  const app = await buildApp(config, { database, chat: options.chat, logStream: options.logStream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, dataDir };
}

export function wsUrl(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${address.port}/ws`;
}

export type TestStomp = {
  client: Client;
  /** MESSAGE bodies received, in order */
  messages: ChatMessage[];
  /** ERROR frames received */
  errors: IFrame[];
  /** the code the socket closed with, once it closed */
  closeCode: () => number | undefined;
  subscribe(destination?: string): Promise<void>;
  /** SEND with a receipt: resolves on RECEIPT, rejects with the ERROR frame's message */
  send(destination: string, body: unknown): Promise<void>;
  /** resolves once `count` messages have arrived (within `timeoutMs`, 5 s unless told) */
  waitForMessages(count: number, timeoutMs?: number): Promise<ChatMessage[]>;
  disconnect(): Promise<void>;
};

export type ConnectOptions = {
  headers?: Record<string, string>;
  /** extra WebSocket options (a cookie header for the upgrade) */
  wsOptions?: WebSocket.ClientOptions;
  /** told the headers of the upgrade's answer (which process a load balancer chose) */
  onUpgrade?: (headers: IncomingHttpHeaders) => void;
  /** told each MESSAGE body as it arrives (a benchmark timing delivery), besides `messages` */
  onMessage?: (body: ChatMessage) => void;
};

const all: Client[] = [];

/** Deactivates every client opened by `openStomp` (afterAll / afterEach). */
export async function closeAllStomp(): Promise<void> {
  await Promise.all(all.splice(0).map((client) => client.deactivate()));
}

async function poll<T>(read: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Opens a STOMP connection. Resolves with the connection once CONNECTED, or with it closed (`closeCode`
 * set, the ERROR in `errors`) when the server refuses the CONNECT.
 */
export async function openStomp(url: string, options: ConnectOptions = {}): Promise<TestStomp> {
  const messages: ChatMessage[] = [];
  const errors: IFrame[] = [];
  const pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  let closeCode: number | undefined;
  let connected = false;
  const client = new Client({
    webSocketFactory: () => {
      const socket = new WebSocket(url, ['v12.stomp'], options.wsOptions);
      socket.once('upgrade', (answer) => options.onUpgrade?.(answer.headers));
      return socket as unknown as IStompSocket;
    },
    connectHeaders: options.headers ?? {},
    reconnectDelay: 0,
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
    onConnect: () => {
      connected = true;
    },
    onStompError: (frame) => {
      errors.push(frame);
      const receiptId = frame.headers['receipt-id'];
      const waiting = receiptId === undefined ? undefined : pending.get(receiptId);
      if (receiptId !== undefined && waiting) {
        pending.delete(receiptId);
        waiting.reject(new Error(frame.headers.message ?? 'ERROR'));
      }
    },
    onWebSocketClose: (event: { code: number }) => {
      closeCode = event.code;
      for (const waiting of pending.values()) waiting.reject(new Error('closed'));
      pending.clear();
    },
  });
  all.push(client);
  client.activate();
  await poll(() => (connected || closeCode !== undefined ? true : undefined), 'CONNECTED or close');

  const withReceipt = (act: (receipt: string) => void) =>
    new Promise<void>((resolve, reject) => {
      const receipt = randomUUID();
      pending.set(receipt, { resolve, reject });
      client.watchForReceipt(receipt, () => {
        pending.delete(receipt);
        resolve();
      });
      act(receipt);
    });

  return {
    client,
    messages,
    errors,
    closeCode: () => closeCode,
    subscribe: (destination = '/topic/messages') =>
      withReceipt((receipt) => {
        client.subscribe(
          destination,
          (message) => {
            const body = JSON.parse(message.body);
            messages.push(body);
            options.onMessage?.(body);
          },
          { receipt },
        );
      }),
    send: (destination, body) =>
      withReceipt((receipt) => {
        client.publish({ destination, body: JSON.stringify(body), headers: { receipt } });
      }),
    waitForMessages: (count, timeoutMs) =>
      poll(
        () => (messages.length >= count ? messages : undefined),
        `${count} messages (${messages.length})`,
        timeoutMs,
      ),
    disconnect: () => client.deactivate(),
  };
}

/** The chat's WebSocket upgrade at `url` with these headers: 101 once open, else the refusal's HTTP status. */
export function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  const socket = new WebSocket(url, ['v12.stomp'], { headers });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      response.resume();
      socket.once('error', () => {});
      resolve(response.statusCode ?? 0);
    });
    socket.once('error', reject);
  });
}

/** Signs the user in on that app and opens a STOMP connection with the token as `Authorization: Bearer`. */
export async function connectAs(app: App, user: { id: string; role: Role }): Promise<TestStomp> {
  return openStomp(wsUrl(app), { headers: { Authorization: `Bearer ${await signIn(app, user)}` } });
}

/** Gives in-flight deliveries a moment, for tests that assert that nothing arrives. */
export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

/** A SEND /app/chat body: a text message of the pair, with any extra fields. */
export const textMessage = (
  pair: { userId: string; lawyerId: string },
  text: string,
  extra: Record<string, unknown> = {},
) => ({ text, userId: pair.userId, lawyerId: pair.lawyerId, type: '0', ...extra });

/** A logger that keeps quiet (the fan-out logs Redis trouble at warn). */
export const quietLog = {
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  child: () => quietLog,
  level: 'silent',
} as unknown as FastifyBaseLogger;

/** A fan-out and every event it hands to this process's sockets. */
export async function listeningFanout(url: string, prefix: string, limits?: RedisFanoutOptions['limits']) {
  const fanout: Fanout = await createRedisFanout(quietLog, { url, prefix, limits });
  const events: ChatEvent[] = [];
  fanout.onEvent((event) => events.push(event));
  return { fanout, events };
}
