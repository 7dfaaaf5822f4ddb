import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import { es } from '@l4l/shared/texts/es';
import { AppError } from '../../../lib/app-error.ts';
import { type ConnectionSettings, StompConnection } from './connection.ts';
import {
  CLIENT_COMMANDS,
  decodeUtf8,
  FRAME_LIMITS,
  HEARTBEAT,
  type ParsedFrame,
  type StompHeaders,
  StompProtocolError,
} from './frame.ts';
import { FrameParser } from './frame-parser.ts';
import { negotiateHeartbeat, negotiateVersion, parseHeartbeatHeader } from './negotiation.ts';
import {
  type AckMode,
  SERVER_NAME,
  SESSION_DEFAULTS,
  STOMP_CLOSE_CODES,
  STOMP_VERSIONS,
  type StompCloseEvent,
  type StompSubscription,
  type StompVersion,
} from './session-types.ts';

/**
 * The server side of one STOMP connection, whatever carries it: CONNECT and authentication, version and
 * heart-beat negotiation, SUBSCRIBE/UNSUBSCRIBE, SEND handed to the application in arrival order, and
 * MESSAGE delivery. What goes out (RECEIPT, ERROR, backpressure, the close) is `connection.ts`; the
 * heart-beat clocks are `heartbeat.ts`. It decides nothing about who may read what: the chat layer chooses
 * what to `deliver` to which session.
 */

export interface StompSessionOptions<P> extends ConnectionSettings {
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
  /** frames received but not yet processed (SENDs wait for onSend); default 32 */
  maxPendingFrames?: number;
  maxSubscriptions?: number;
  /** a socket that sends no CONNECT within this time is closed; default 10 s */
  connectTimeoutMs?: number;
}

const ACK_MODES: readonly string[] = ['auto', 'client', 'client-individual'];

function requireHeader(frame: ParsedFrame, name: string): string {
  const value = frame.headers[name];
  if (value === undefined) throw new StompProtocolError('MISSING_HEADER', es.stomp.missingHeader(name));
  return value;
}

export class StompSession<P = unknown> extends StompConnection<P> {
  private readonly options: StompSessionOptions<P>;
  private readonly parser: FrameParser;
  private readonly queue: ParsedFrame[] = [];
  private busy = false;
  /** the frame being handled while `busy` */
  private current: ParsedFrame | undefined;
  /** `finish` was called: frames arriving now are refused, not handled */
  private finishing = false;
  private heartbeatValue = { outgoingMs: 0, incomingMs: 0 };

  constructor(options: StompSessionOptions<P>) {
    super(options);
    this.options = options;
    this.parser = new FrameParser({
      onFrame: (frame) => this.enqueue(frame),
      maxFrameBytes: options.maxFrameBytes ?? FRAME_LIMITS.maxFrameBytes,
      commands: CLIENT_COMMANDS,
    });
    this.clock.awaitConnect(options.connectTimeoutMs ?? SESSION_DEFAULTS.connectTimeoutMs, () => {
      if (this.stateValue === 'connecting')
        this.fail(es.stomp.connectTimeout, STOMP_CLOSE_CODES.policyViolation);
    });
  }

  /** the negotiated intervals; 0 means that direction does not beat */
  get heartbeat(): { readonly outgoingMs: number; readonly incomingMs: number } {
    return this.heartbeatValue;
  }

  /** One WebSocket message from the client, text or binary, in whatever form `ws` hands it over. */
  receive(data: string | Uint8Array | ArrayBuffer | readonly Uint8Array[]): void {
    if (this.stateValue === 'closed') return;
    this.clock.received();
    try {
      this.parser.push(data);
    } catch (error) {
      this.handleFailure(error);
    }
  }

  /** Resolves once every frame received so far has been handled (or the session is closed). */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return this.waitIdle();
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

  protected dropPending(): void {
    this.queue.length = 0;
  }

  protected notifyClose(event: StompCloseEvent<P>): void {
    this.options.onClose?.(event, this);
  }

  protected notifyError(error: unknown): void {
    this.options.onError?.(error, this);
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
    this.accept(frame, principal, version, clientHeartbeat);
  }

  /** CONNECTED: the principal, the version and the heart-beats are settled and the clocks start. */
  private accept(
    frame: ParsedFrame,
    principal: P,
    version: StompVersion,
    clientHeartbeat: readonly [number, number],
  ): void {
    const offer = { ...SESSION_DEFAULTS.heartbeat, ...this.options.heartbeat };
    this.principalValue = principal;
    this.versionValue = version;
    this.stateValue = 'connected';
    this.clock.connectDone();
    const headers: StompHeaders = { version, server: SERVER_NAME, session: this.id };
    if (version !== '1.0') {
      this.heartbeatValue = negotiateHeartbeat(clientHeartbeat, offer);
      headers['heart-beat'] = `${offer.serverOutgoingMs},${offer.serverIncomingMs}`;
    }
    if (!this.writeFrame({ command: 'CONNECTED', headers })) return;
    this.receipt(frame);
    const graceMs = this.options.heartbeat?.graceMs ?? SESSION_DEFAULTS.heartbeat.graceMs;
    this.clock.beat(
      { ...this.heartbeatValue, graceMs },
      () => this.write(HEARTBEAT),
      () => this.close(STOMP_CLOSE_CODES.goingAway, es.stomp.heartbeatTimeout),
    );
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

  private isIdle(): boolean {
    return this.stateValue === 'closed' || (!this.busy && this.queue.length === 0);
  }
}
