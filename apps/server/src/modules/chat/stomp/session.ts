import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import { es } from '@l4l/shared/texts/es';
import { AppError } from '../../../lib/app-error.ts';
import {
  CLIENT_COMMANDS,
  decodeUtf8,
  FRAME_LIMITS,
  FrameParser,
  HEARTBEAT,
  type ParsedFrame,
  type StompFrame,
  type StompHeaders,
  StompProtocolError,
  serializeFrame,
} from './frame.ts';

/**
 * The server side of one STOMP connection, whatever carries it: CONNECT and authentication, version and
 * heart-beat negotiation, SUBSCRIBE/UNSUBSCRIBE, SEND handed to the application in arrival order, RECEIPT,
 * ERROR, MESSAGE delivery and backpressure. It decides nothing about who may read what: the chat layer
 * chooses what to `deliver` to which session.
 */

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

export interface StompSessionOptions<P> {
  transport: StompTransport;
  /** Reads the CONNECT headers (Authorization, passcode, ...): a principal, or null to refuse. */
  authenticate(headers: Readonly<StompHeaders>): Promise<P | null>;
  /**
   * A SEND of a connected client. Throw an AppError for an ordinary refusal (validation, rate limit): the
   * client gets ERROR with its message and stays connected. Throw StompProtocolError to drop the connection.
   */
  onSend(
    principal: P,
    destination: string,
    headers: Readonly<StompHeaders>,
    body: string,
    session: StompSession<P>,
  ): Promise<void> | void;
  /** May refuse a SUBSCRIBE by throwing, as onSend does; the subscription exists only if it returns. */
  onSubscribe?(principal: P, subscription: StompSubscription, session: StompSession<P>): Promise<void> | void;
  onConnect?(principal: P, session: StompSession<P>): void;
  onClose?(event: StompCloseEvent<P>, session: StompSession<P>): void;
  /** An unexpected failure (not an AppError) of a callback or the transport, for the log; never sent. */
  onError?(error: unknown, session: StompSession<P>): void;
  heartbeat?: {
    serverOutgoingMs: number;
    serverIncomingMs: number;
    /** added to twice the incoming interval before the peer is declared dead; default 1000 */
    graceMs?: number;
  };
  maxFrameBytes?: number;
  /** above this `bufferedAmount` the client is a slow consumer and is disconnected; default 1 MiB */
  maxBufferedBytes?: number;
  /** frames received but not yet processed (SENDs wait for onSend); default 32 */
  maxPendingFrames?: number;
  maxSubscriptions?: number;
  /** a socket that sends no CONNECT within this time is closed; default 10 s */
  connectTimeoutMs?: number;
  sessionId?: string;
  now?: () => number;
  timers?: StompTimers;
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

type SessionState = 'connecting' | 'connected' | 'closed';

/** setTimeout fires at once for delays above 2^31 - 1 ms; longer waits are re-armed on expiry. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** RFC 6455 §5.5.1: a close reason fits in 123 bytes */
const MAX_CLOSE_REASON_BYTES = 123;
const ACK_MODES: readonly string[] = ['auto', 'client', 'client-individual'];

const defaultTimers: StompTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** STOMP 1.2 "Protocol Negotiation": the highest common version; no accept-version header means 1.0. */
export function negotiateVersion(acceptVersion: string | undefined): StompVersion | undefined {
  if (acceptVersion === undefined) return '1.0';
  const offered = new Set(acceptVersion.split(',').map((version) => version.trim()));
  return STOMP_VERSIONS.find((version) => offered.has(version));
}

/**
 * STOMP 1.2 "Heart-beating": each direction beats every max(sender's offer, receiver's wish) ms, and not at all
 * when either side says 0. `client` is the CONNECT's `heart-beat: cx,cy`.
 */
export function negotiateHeartbeat(
  client: readonly [number, number],
  server: { serverOutgoingMs: number; serverIncomingMs: number },
): { outgoingMs: number; incomingMs: number } {
  const [clientOutgoing, clientIncoming] = client;
  const between = (a: number, b: number) => (a === 0 || b === 0 ? 0 : Math.max(a, b));
  return {
    outgoingMs: between(server.serverOutgoingMs, clientIncoming),
    incomingMs: between(clientOutgoing, server.serverIncomingMs),
  };
}

function parseHeartbeatHeader(value: string | undefined): [number, number] {
  if (value === undefined) return [0, 0];
  const match = /^\s*(\d{1,15})\s*,\s*(\d{1,15})\s*$/.exec(value);
  if (!match) throw new StompProtocolError('INVALID_HEADER', es.stomp.invalidHeader('heart-beat'));
  return [Number(match[1]), Number(match[2])];
}

function closeReason(text: string): string {
  const chars = Array.from(text);
  while (Buffer.byteLength(chars.join(''), 'utf8') > MAX_CLOSE_REASON_BYTES) chars.pop();
  return chars.join('');
}

function requireHeader(frame: ParsedFrame, name: string): string {
  const value = frame.headers[name];
  if (value === undefined) throw new StompProtocolError('MISSING_HEADER', es.stomp.missingHeader(name));
  return value;
}

export class StompSession<P = unknown> {
  readonly id: string;
  private readonly options: StompSessionOptions<P>;
  private readonly transport: StompTransport;
  private readonly timers: StompTimers;
  private readonly now: () => number;
  private readonly parser: FrameParser;
  private readonly queue: ParsedFrame[] = [];
  private readonly subscriptionsById = new Map<string, StompSubscription>();
  private idleWaiters: Array<() => void> = [];
  private busy = false;
  /** the frame being handled while `busy` */
  private current: ParsedFrame | undefined;
  /** `finish` was called: frames arriving now are refused, not handled */
  private finishing = false;
  private stateValue: SessionState = 'connecting';
  private principalValue: P | null = null;
  private versionValue: StompVersion | null = null;
  private heartbeatValue = { outgoingMs: 0, incomingMs: 0 };
  private messageCount = 0;
  private lastReceivedAt: number;
  private lastSentAt: number;
  private connectTimer: unknown;
  private pingTimer: unknown;
  private watchdogTimer: unknown;

  constructor(options: StompSessionOptions<P>) {
    this.options = options;
    this.transport = options.transport;
    this.timers = options.timers ?? defaultTimers;
    this.now = options.now ?? (() => Date.now());
    this.id = options.sessionId ?? randomUUID();
    this.lastReceivedAt = this.lastSentAt = this.now();
    this.parser = new FrameParser({
      onFrame: (frame) => this.enqueue(frame),
      maxFrameBytes: options.maxFrameBytes ?? FRAME_LIMITS.maxFrameBytes,
      commands: CLIENT_COMMANDS,
    });
    this.connectTimer = this.timers.setTimeout(() => {
      this.connectTimer = undefined;
      if (this.stateValue === 'connecting')
        this.fail(es.stomp.connectTimeout, STOMP_CLOSE_CODES.policyViolation);
    }, options.connectTimeoutMs ?? SESSION_DEFAULTS.connectTimeoutMs);
  }

  get state(): SessionState {
    return this.stateValue;
  }

  get principal(): P | null {
    return this.principalValue;
  }

  get version(): StompVersion | null {
    return this.versionValue;
  }

  /** the negotiated intervals; 0 means that direction does not beat */
  get heartbeat(): { readonly outgoingMs: number; readonly incomingMs: number } {
    return this.heartbeatValue;
  }

  subscriptions(): readonly StompSubscription[] {
    return [...this.subscriptionsById.values()];
  }

  /** One WebSocket message from the client, text or binary, in whatever form `ws` hands it over. */
  receive(data: string | Uint8Array | ArrayBuffer | readonly Uint8Array[]): void {
    if (this.stateValue === 'closed') return;
    this.lastReceivedAt = this.now();
    try {
      this.parser.push(data);
    } catch (error) {
      this.handleFailure(error);
    }
  }

  /**
   * Writes one MESSAGE to every subscription that matches (a destination, or a predicate) and returns how
   * many were written. Who may receive the message is the caller's decision.
   */
  deliver(
    match: string | ((subscription: StompSubscription) => boolean),
    headers: Readonly<StompHeaders>,
    body: string,
  ): number {
    const matches = typeof match === 'string' ? (s: StompSubscription) => s.destination === match : match;
    let written = 0;
    for (const subscription of this.subscriptions()) {
      if (!matches(subscription)) continue;
      if (!this.sendMessage(subscription.id, subscription.destination, body, headers)) break;
      written += 1;
    }
    return written;
  }

  /** Writes one MESSAGE to one subscription; false when it is unknown or the connection is gone. */
  sendMessage(
    subscriptionId: string,
    destination: string,
    body: string,
    extraHeaders: Readonly<StompHeaders> = {},
  ): boolean {
    const subscription = this.subscriptionsById.get(subscriptionId);
    if (this.stateValue !== 'connected' || !subscription) return false;
    this.messageCount += 1;
    const messageId = `${this.id}-${this.messageCount}`;
    const headers: StompHeaders = {
      'content-type': 'application/json',
      ...extraHeaders,
      subscription: subscription.id,
      'message-id': messageId,
      destination,
    };
    // STOMP 1.2 MESSAGE: a 1.2 subscription that acknowledges gets the id to put in its ACK
    if (subscription.ack !== 'auto' && this.versionValue === '1.2') headers.ack = messageId;
    return this.writeFrame({ command: 'MESSAGE', headers, body });
  }

  /** Resolves once every frame received so far has been handled (or the session is closed). */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * A graceful end (a server shutting down): every frame received so far is handled and answered
   * (RECEIPT, or ERROR) within `timeoutMs`; a frame arriving meanwhile, or still unanswered at the
   * deadline, is answered with ERROR (SERVICE_UNAVAILABLE). Then the transport closes with `code`.
   */
  async finish(code: number, timeoutMs: number): Promise<void> {
    if (this.stateValue !== 'connected') {
      this.close(code);
      return;
    }
    this.finishing = true;
    let timer: unknown;
    const answered = await Promise.race([
      this.whenIdle().then(() => true),
      new Promise<boolean>((resolve) => {
        timer = this.timers.setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
    this.timers.clearTimeout(timer);
    if (!answered && this.state !== 'closed') {
      // a SEND still waiting (a database that does not answer): the client hears it failed, and resends
      // it later with the same clientMessageId, which stores it at most once
      for (const frame of [this.current, ...this.queue]) {
        if (frame) this.sendError(ERROR_MESSAGES.SERVICE_UNAVAILABLE, frame);
      }
    }
    this.close(code);
  }

  /** Closes the transport once; later calls do nothing. Pending frames are dropped. */
  close(code: number = STOMP_CLOSE_CODES.normal, reason = ''): void {
    if (this.stateValue === 'closed') return;
    this.stateValue = 'closed';
    for (const timer of [this.connectTimer, this.pingTimer, this.watchdogTimer]) {
      if (timer !== undefined) this.timers.clearTimeout(timer);
    }
    this.connectTimer = this.pingTimer = this.watchdogTimer = undefined;
    this.queue.length = 0;
    this.subscriptionsById.clear();
    this.guard(() => this.transport.close(code, closeReason(reason)));
    this.settleIdle();
    this.guard(() => this.options.onClose?.({ code, reason, principal: this.principalValue }, this));
  }

  private enqueue(frame: ParsedFrame): void {
    if (this.stateValue === 'closed') return;
    if (this.finishing) {
      this.sendError(ERROR_MESSAGES.SERVICE_UNAVAILABLE, frame);
      return;
    }
    if (this.queue.length >= (this.options.maxPendingFrames ?? SESSION_DEFAULTS.maxPendingFrames)) {
      throw new StompProtocolError('TOO_MANY_PENDING', es.stomp.tooManyPending);
    }
    if (this.stateValue === 'connecting' && (frame.command === 'CONNECT' || frame.command === 'STOMP')) {
      // the frames behind CONNECT in the same message are parsed before CONNECT is handled: escaping
      // depends on the version, so it is settled now (STOMP 1.0 has none)
      this.parser.unescapeHeaders = negotiateVersion(frame.headers['accept-version']) !== '1.0';
    }
    this.queue.push(frame);
    this.pump();
  }

  /** Handles queued frames one at a time: an async one (CONNECT, SEND) holds back those behind it. */
  private pump(): void {
    while (!this.busy && this.queue.length > 0 && this.stateValue !== 'closed') {
      const frame = this.queue.shift()!;
      let pending: Promise<void> | undefined;
      try {
        pending = this.handle(frame);
      } catch (error) {
        this.handleFailure(error, frame);
      }
      if (pending) {
        this.busy = true;
        this.current = frame;
        pending
          .catch((error: unknown) => this.handleFailure(error, frame))
          .finally(() => {
            this.busy = false;
            this.current = undefined;
            this.pump();
          });
      }
    }
    if (this.isIdle()) this.settleIdle();
  }

  private handle(frame: ParsedFrame): Promise<void> | undefined {
    if (this.stateValue === 'connecting') {
      if (frame.command === 'CONNECT' || frame.command === 'STOMP') return this.connect(frame);
      throw new StompProtocolError('NOT_CONNECTED', es.stomp.connectFirst);
    }
    switch (frame.command) {
      case 'SEND':
        return this.handleSend(frame);
      case 'SUBSCRIBE':
        return this.subscribe(frame);
      case 'UNSUBSCRIBE': {
        const id = frame.headers.id ?? (this.versionValue === '1.0' ? frame.headers.destination : undefined);
        this.subscriptionsById.delete(id ?? requireHeader(frame, 'id'));
        this.receipt(frame);
        return;
      }
      case 'ACK':
      case 'NACK':
        // every MESSAGE counts as delivered once written; an acknowledgement changes nothing
        this.receipt(frame);
        return;
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        this.sendError(es.stomp.transactionsUnsupported, frame);
        return;
      case 'DISCONNECT':
        this.receipt(frame);
        this.close(STOMP_CLOSE_CODES.normal);
        return;
      default:
        throw new StompProtocolError('ALREADY_CONNECTED', es.stomp.alreadyConnected);
    }
  }

  private async connect(frame: ParsedFrame): Promise<void> {
    const version = negotiateVersion(frame.headers['accept-version']);
    if (!version) {
      this.fail(es.stomp.unsupportedVersion, STOMP_CLOSE_CODES.protocolError, frame, {
        version: STOMP_VERSIONS.join(','),
      });
      return;
    }
    // heart-beating came with 1.1; a 1.0 client would take a bare EOL for garbage
    const clientHeartbeat =
      version === '1.0' ? ([0, 0] as const) : parseHeartbeatHeader(frame.headers['heart-beat']);
    let principal: P | null;
    try {
      principal = await this.options.authenticate(frame.headers);
    } catch (error) {
      if (!(error instanceof AppError)) this.report(error);
      const message = error instanceof AppError ? error.message : ERROR_MESSAGES.INTERNAL_ERROR;
      this.fail(message, STOMP_CLOSE_CODES.policyViolation, frame);
      return;
    }
    if (this.stateValue === 'closed') return;
    if (principal === null || principal === undefined) {
      this.fail(es.stomp.unauthorized, STOMP_CLOSE_CODES.policyViolation, frame);
      return;
    }
    const offer = { ...SESSION_DEFAULTS.heartbeat, ...this.options.heartbeat };
    this.principalValue = principal;
    this.versionValue = version;
    this.stateValue = 'connected';
    this.timers.clearTimeout(this.connectTimer);
    this.connectTimer = undefined;
    const headers: StompHeaders = { version, server: SERVER_NAME, session: this.id };
    if (version !== '1.0') {
      this.heartbeatValue = negotiateHeartbeat(clientHeartbeat, offer);
      headers['heart-beat'] = `${offer.serverOutgoingMs},${offer.serverIncomingMs}`;
    }
    if (!this.writeFrame({ command: 'CONNECTED', headers })) return;
    this.receipt(frame);
    this.schedulePing();
    this.scheduleWatchdog();
    this.guard(() => this.options.onConnect?.(principal, this));
  }

  private handleSend(frame: ParsedFrame): Promise<void> | undefined {
    const destination = requireHeader(frame, 'destination');
    if (frame.headers.transaction !== undefined) {
      this.sendError(es.stomp.transactionsUnsupported, frame);
      return;
    }
    const body = decodeUtf8(frame.body);
    if (body === undefined) {
      this.sendError(es.stomp.invalidBody, frame);
      return;
    }
    const principal = this.principalValue as P;
    return (async () => {
      await this.options.onSend(principal, destination, frame.headers, body, this);
      // STOMP 1.2 RECEIPT: only once the application has done its part (docs/api/stomp.md: after the message is stored)
      this.receipt(frame);
    })();
  }

  private subscribe(frame: ParsedFrame): Promise<void> | undefined {
    const destination = requireHeader(frame, 'destination');
    // STOMP 1.0 made the id optional: the destination names the subscription
    const id = this.versionValue === '1.0' ? (frame.headers.id ?? destination) : requireHeader(frame, 'id');
    const ack = frame.headers.ack ?? 'auto';
    if (!ACK_MODES.includes(ack))
      throw new StompProtocolError('INVALID_HEADER', es.stomp.invalidHeader('ack'));
    if (this.subscriptionsById.has(id)) {
      throw new StompProtocolError('DUPLICATE_SUBSCRIPTION', es.stomp.duplicateSubscription);
    }
    if (this.subscriptionsById.size >= (this.options.maxSubscriptions ?? SESSION_DEFAULTS.maxSubscriptions)) {
      this.sendError(es.stomp.tooManySubscriptions, frame);
      return;
    }
    const subscription: StompSubscription = Object.freeze({
      id,
      destination,
      ack: ack as AckMode,
      headers: frame.headers,
    });
    const add = () => {
      if (this.stateValue !== 'connected') return;
      this.subscriptionsById.set(id, subscription);
      this.receipt(frame);
    };
    const hook = this.options.onSubscribe;
    if (!hook) {
      add();
      return;
    }
    const principal = this.principalValue as P;
    return (async () => {
      await hook(principal, subscription, this);
      add();
    })();
  }

  private receipt(frame: ParsedFrame): void {
    const receiptId = frame.headers.receipt;
    if (receiptId !== undefined)
      this.writeFrame({ command: 'RECEIPT', headers: { 'receipt-id': receiptId } });
  }

  /**
   * What a failed frame costs: a protocol error closes the connection; an AppError (validation, rate limit)
   * is reported with its Spanish message and the connection stays; anything else is logged and reported
   * as an internal error, never with its details. The STOMP specification has a server close after every ERROR; keeping
   * the connection for an ordinary refusal spares a chat client a reconnect and resubscribe for one
   * rejected message (stompjs reports ERROR to onStompError and keeps going).
   */
  private handleFailure(error: unknown, frame?: ParsedFrame): void {
    if (error instanceof StompProtocolError) {
      const code =
        error.code === 'FRAME_TOO_LARGE' ? STOMP_CLOSE_CODES.tooBig : STOMP_CLOSE_CODES.protocolError;
      this.fail(error.message, code, frame);
    } else if (error instanceof AppError) {
      this.sendError(error.message, frame, { code: error.code });
    } else {
      this.report(error);
      this.sendError(ERROR_MESSAGES.INTERNAL_ERROR, frame);
    }
  }

  /** STOMP 1.2 ERROR: a `message` header, the same text as the body, and `receipt-id` when one was asked for. */
  private sendError(message: string, frame?: ParsedFrame, extraHeaders: StompHeaders = {}): void {
    const headers: StompHeaders = { ...extraHeaders, message, 'content-type': 'text/plain;charset=utf-8' };
    const receiptId = frame?.headers.receipt;
    if (receiptId !== undefined) headers['receipt-id'] = receiptId;
    this.writeFrame({ command: 'ERROR', headers, body: message });
  }

  private fail(message: string, code: number, frame?: ParsedFrame, extraHeaders?: StompHeaders): void {
    this.sendError(message, frame, extraHeaders);
    this.close(code, message);
  }

  private writeFrame(frame: StompFrame<string>): boolean {
    // the session writes only headers that came out of a parsed line or its own texts, so escaping
    // (or, for 1.0, the raw check) cannot fail
    return this.write(serializeFrame(frame, { escapeHeaders: this.versionValue !== '1.0' }));
  }

  /** Every byte to the client goes through here: a client that does not read is cut off, not buffered. */
  private write(data: string): boolean {
    if (this.stateValue === 'closed') return false;
    const maxBuffered = this.options.maxBufferedBytes ?? SESSION_DEFAULTS.maxBufferedBytes;
    if (this.transport.bufferedAmount() > maxBuffered) {
      this.close(STOMP_CLOSE_CODES.policyViolation, es.stomp.slowConsumer);
      return false;
    }
    try {
      this.transport.send(data);
    } catch (error) {
      this.report(error);
      this.close(STOMP_CLOSE_CODES.internalError, ERROR_MESSAGES.INTERNAL_ERROR);
      return false;
    }
    this.lastSentAt = this.now();
    return true;
  }

  /** Sends a heart-beat whenever nothing else was written for the outgoing interval. */
  private schedulePing(): void {
    const interval = this.heartbeatValue.outgoingMs;
    if (interval === 0 || this.stateValue === 'closed') return;
    this.pingTimer = this.setTimer(
      () => {
        if (this.now() - this.lastSentAt >= interval) this.write(HEARTBEAT);
        this.schedulePing();
      },
      this.lastSentAt + interval - this.now(),
    );
  }

  /** Closes the connection when nothing at all arrived for twice the incoming interval plus a grace. */
  private scheduleWatchdog(): void {
    const interval = this.heartbeatValue.incomingMs;
    if (interval === 0 || this.stateValue === 'closed') return;
    const grace = this.options.heartbeat?.graceMs ?? SESSION_DEFAULTS.heartbeat.graceMs;
    const remaining = this.lastReceivedAt + 2 * interval + grace - this.now();
    if (remaining <= 0) {
      this.close(STOMP_CLOSE_CODES.goingAway, es.stomp.heartbeatTimeout);
      return;
    }
    this.watchdogTimer = this.setTimer(() => this.scheduleWatchdog(), remaining);
  }

  private setTimer(callback: () => void, ms: number): unknown {
    return this.timers.setTimeout(callback, Math.min(Math.max(ms, 0), MAX_TIMER_MS));
  }

  private isIdle(): boolean {
    return this.stateValue === 'closed' || (!this.busy && this.queue.length === 0);
  }

  private settleIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Runs an application callback or transport call; what it throws is logged, never propagated. */
  private guard(action: () => void): void {
    try {
      action();
    } catch (error) {
      this.report(error);
    }
  }

  private report(error: unknown): void {
    try {
      this.options.onError?.(error, this);
    } catch {
      // a failing logger must not take the connection down with it
    }
  }
}
