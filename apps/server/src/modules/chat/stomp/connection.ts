import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import { es } from '@l4l/shared/texts/es';
import { AppError } from '../../../lib/app-error.ts';
import { type ParsedFrame, type StompFrame, type StompHeaders, StompProtocolError } from './frame.ts';
import { serializeFrame } from './frame-serializer.ts';
import { SessionClock } from './heartbeat.ts';
import {
  defaultTimers,
  SESSION_DEFAULTS,
  type SessionState,
  STOMP_CLOSE_CODES,
  type StompCloseEvent,
  type StompSubscription,
  type StompTimers,
  type StompTransport,
  type StompVersion,
} from './session-types.ts';

/** RFC 6455 §5.5.1: a close reason fits in 123 bytes */
const MAX_CLOSE_REASON_BYTES = 123;

function closeReason(text: string): string {
  const chars = Array.from(text);
  while (Buffer.byteLength(chars.join(''), 'utf8') > MAX_CLOSE_REASON_BYTES) chars.pop();
  return chars.join('');
}

export interface ConnectionSettings {
  transport: StompTransport;
  /** above this `bufferedAmount` the client is a slow consumer and is disconnected; default 1 MiB */
  maxBufferedBytes?: number;
  sessionId?: string;
  now?: () => number;
  timers?: StompTimers;
}

/**
 * The output side of one STOMP connection: every frame written to the client (MESSAGE to the subscriptions
 * that match, RECEIPT, ERROR, the heart-beats), the slow-consumer cut, what a failed frame costs, and the
 * close. `session.ts` builds the
 * protocol (CONNECT, SUBSCRIBE, SEND, ...) on top of it.
 */
export abstract class StompConnection<P> {
  readonly id: string;
  protected readonly transport: StompTransport;
  protected readonly timers: StompTimers;
  protected readonly clock: SessionClock;
  protected stateValue: SessionState = 'connecting';
  protected principalValue: P | null = null;
  protected versionValue: StompVersion | null = null;
  protected readonly subscriptionsById = new Map<string, StompSubscription>();
  private readonly maxBufferedBytes: number;
  private messageCount = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(settings: ConnectionSettings) {
    this.transport = settings.transport;
    this.timers = settings.timers ?? defaultTimers;
    this.clock = new SessionClock(this.timers, settings.now ?? (() => Date.now()));
    this.id = settings.sessionId ?? randomUUID();
    this.maxBufferedBytes = settings.maxBufferedBytes ?? SESSION_DEFAULTS.maxBufferedBytes;
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

  subscriptions(): readonly StompSubscription[] {
    return [...this.subscriptionsById.values()];
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

  /** Closes the transport once; later calls do nothing. Pending frames are dropped. */
  close(code: number = STOMP_CLOSE_CODES.normal, reason = ''): void {
    if (this.stateValue === 'closed') return;
    this.stateValue = 'closed';
    this.clock.stop();
    this.dropPending();
    this.subscriptionsById.clear();
    this.guard(() => this.transport.close(code, closeReason(reason)));
    this.settleIdle();
    this.guard(() => this.notifyClose({ code, reason, principal: this.principalValue }));
  }

  /** the frames received but not handled: gone with the connection */
  protected abstract dropPending(): void;
  protected abstract notifyClose(event: StompCloseEvent<P>): void;
  /** an unexpected failure, for the log; never sent */
  protected abstract notifyError(error: unknown): void;

  protected receipt(frame: ParsedFrame): void {
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
  protected handleFailure(error: unknown, frame?: ParsedFrame): void {
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
  protected sendError(message: string, frame?: ParsedFrame, extraHeaders: StompHeaders = {}): void {
    const headers: StompHeaders = { ...extraHeaders, message, 'content-type': 'text/plain;charset=utf-8' };
    const receiptId = frame?.headers.receipt;
    if (receiptId !== undefined) headers['receipt-id'] = receiptId;
    this.writeFrame({ command: 'ERROR', headers, body: message });
  }

  protected fail(message: string, code: number, frame?: ParsedFrame, extraHeaders?: StompHeaders): void {
    this.sendError(message, frame, extraHeaders);
    this.close(code, message);
  }

  protected writeFrame(frame: StompFrame<string>): boolean {
    // the session writes only headers that came out of a parsed line or its own texts, so escaping
    // (or, for 1.0, the raw check) cannot fail
    return this.write(serializeFrame(frame, { escapeHeaders: this.versionValue !== '1.0' }));
  }

  /** Every byte to the client goes through here: a client that does not read is cut off, not buffered. */
  protected write(data: string): boolean {
    if (this.stateValue === 'closed') return false;
    if (this.transport.bufferedAmount() > this.maxBufferedBytes) {
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
    this.clock.sent();
    return true;
  }

  /** Resolves the `whenIdle` waiters. */
  protected settleIdle(): void {
    // after every frame: a new empty array each time would be kept until the next one
    if (this.idleWaiters.length === 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  protected waitIdle(): Promise<void> {
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Runs an application callback or transport call; what it throws is logged, never propagated. */
  protected guard(action: () => void): void {
    try {
      action();
    } catch (error) {
      this.report(error);
    }
  }

  protected report(error: unknown): void {
    try {
      this.notifyError(error);
    } catch {
      // a failing logger must not take the connection down with it
    }
  }
}
