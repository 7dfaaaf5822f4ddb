import type { StompHeaders } from './frame.ts';

/** What a STOMP session is made of, apart from the session itself (`session.ts`). */

/** The socket as the session sees it (a `ws` WebSocket fits in three lines). */
export interface StompTransport {
  send(data: string): void;
  /** must tolerate being called on a socket that is already closed */
  close(code?: number, reason?: string): void;
  /** bytes queued but not yet written to the network */
  bufferedAmount(): number;
}

export interface StompTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type StompVersion = '1.0' | '1.1' | '1.2';
export type AckMode = 'auto' | 'client' | 'client-individual';

export interface StompSubscription {
  readonly id: string;
  readonly destination: string;
  readonly ack: AckMode;
  /** the SUBSCRIBE frame's headers, for selectors the chat layer may define */
  readonly headers: Readonly<StompHeaders>;
}

export interface StompCloseEvent<P> {
  code: number;
  reason: string;
  /** null when the connection never got past CONNECT */
  principal: P | null;
}

export const STOMP_VERSIONS: readonly StompVersion[] = ['1.2', '1.1', '1.0'];
export const SERVER_NAME = 'L4L';

/** WebSocket close codes (RFC 6455 §7.4.1) the session uses. */
export const STOMP_CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  protocolError: 1002,
  policyViolation: 1008,
  tooBig: 1009,
  internalError: 1011,
  /** the client should reconnect (and resync) */
  serviceRestart: 1012,
} as const;

export const SESSION_DEFAULTS = {
  heartbeat: { serverOutgoingMs: 10_000, serverIncomingMs: 10_000, graceMs: 1_000 },
  maxBufferedBytes: 1024 * 1024,
  maxPendingFrames: 32,
  maxSubscriptions: 32,
  connectTimeoutMs: 10_000,
} as const;

export type SessionState = 'connecting' | 'connected' | 'closed';

export const defaultTimers: StompTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
