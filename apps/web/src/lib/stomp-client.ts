import {
  Client,
  type IFrame,
  type IMessage,
  type IStompSocket,
  type StompSubscription,
} from '@stomp/stompjs';

/**
 * The app's STOMP connection (docs/api/stomp.md), feature-agnostic: it knows
 * how to reach the broker, keep the connection alive and confirm a SEND; the chat feature decides what
 * to subscribe to and what to do with each message.
 *
 * No token is handled here: the browser sends the HttpOnly session cookie with the WebSocket upgrade and
 * the broker reads it when CONNECT carries no Authorization header (ADR 0003).
 */

/** docs/domain.md, Limits: reconnect 5000 ms after the connection is lost; heart-beat 10000 ms in and out. */
export const STOMP_RECONNECT_DELAY_MS = 5000;
export const STOMP_HEARTBEAT_MS = 10_000;
/** A SEND with no RECEIPT (nor ERROR) after this long is reported as failed. */
export const STOMP_RECEIPT_TIMEOUT_MS = 10_000;

/** 'connecting' before the first CONNECTED; 'reconnecting' after a connection was lost, until it is back. */
export type StompState = 'connecting' | 'connected' | 'reconnecting';

/** The broker on this origin: ws:// or wss:// as the page, path /ws. */
export function stompUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/** A SEND the broker refused: `message` is its Spanish ERROR text. */
export class StompSendError extends Error {
  override readonly name = 'StompSendError';
}

export type StompConnectionOptions = {
  url?: string;
  /** STOMP_RECONNECT_DELAY_MS unless a test needs it shorter */
  reconnectDelayMs?: number;
  /** the browser's WebSocket unless given (tests pass `ws`'s) */
  socketFactory?: (url: string) => IStompSocket;
  /** every CONNECTED; `reconnected` is true when an earlier connection of this client was lost */
  onConnected: (connection: StompConnection, reconnected: boolean) => void;
  onStateChange: (state: StompState) => void;
  /** ERROR frames that answer no SEND of ours (a SEND's own ERROR rejects its promise instead) */
  onError?: (message: string) => void;
};

export type StompConnection = {
  /**
   * Subscribes; `onSubscribed` runs once the broker has the subscription (its RECEIPT), from when on no
   * message to this destination can be missed.
   */
  subscribe: (
    destination: string,
    onMessage: (body: string) => void,
    onSubscribed?: () => void,
  ) => StompSubscription | null;
  /** Sends `body` as JSON; resolves on the broker's RECEIPT, rejects with its ERROR message. */
  send: (destination: string, body: unknown) => Promise<void>;
  /** Fire-and-forget SEND (presence announcements); dropped while disconnected. */
  notify: (destination: string, body: unknown) => void;
  readonly connected: boolean;
  /** Sends `farewell` (if any) and closes for good: no reconnect. */
  close: (farewell?: { destination: string; body: unknown }) => Promise<void>;
};

type Pending = { resolve: () => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> };

function errorText(frame: IFrame): string {
  return frame.headers.message || frame.body || 'Error';
}

export function createStompConnection(options: StompConnectionOptions): StompConnection {
  const pending = new Map<string, Pending>();
  let everConnected = false;
  let lost = false;
  let receiptSequence = 0;

  const settle = (receiptId: string, error?: Error) => {
    const entry = pending.get(receiptId);
    if (!entry) return;
    pending.delete(receiptId);
    clearTimeout(entry.timer);
    if (error) entry.reject(error);
    else entry.resolve();
  };

  const url = options.url ?? stompUrl();
  const client = new Client({
    ...(options.socketFactory
      ? { webSocketFactory: () => options.socketFactory?.(url) }
      : { brokerURL: url }),
    heartbeatIncoming: STOMP_HEARTBEAT_MS,
    heartbeatOutgoing: STOMP_HEARTBEAT_MS,
    reconnectDelay: options.reconnectDelayMs ?? STOMP_RECONNECT_DELAY_MS,
    // a dead peer is dropped at once rather than after the TCP time-out, so the reconnect starts
    discardWebsocketOnCommFailure: true,
  });

  const connection: StompConnection = {
    subscribe(destination, onMessage, onSubscribed) {
      if (!client.connected) return null;
      const headers: Record<string, string> = {};
      if (onSubscribed) {
        receiptSequence += 1;
        headers.receipt = `subscribe-${Date.now().toString(36)}-${receiptSequence}`;
        client.watchForReceipt(headers.receipt, () => onSubscribed());
      }
      return client.subscribe(destination, (message: IMessage) => onMessage(message.body), headers);
    },
    send(destination, body) {
      if (!client.connected) return Promise.reject(new StompSendError('disconnected'));
      receiptSequence += 1;
      const receiptId = `send-${Date.now().toString(36)}-${receiptSequence}`;
      const done = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => settle(receiptId, new StompSendError('timeout')),
          STOMP_RECEIPT_TIMEOUT_MS,
        );
        pending.set(receiptId, { resolve, reject, timer });
      });
      client.watchForReceipt(receiptId, () => settle(receiptId));
      client.publish({
        destination,
        headers: { receipt: receiptId, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return done;
    },
    notify(destination, body) {
      if (client.connected) client.publish({ destination, body: JSON.stringify(body) });
    },
    get connected() {
      return client.connected;
    },
    async close(farewell) {
      if (farewell && client.connected) {
        client.publish({ destination: farewell.destination, body: JSON.stringify(farewell.body) });
      }
      for (const receiptId of [...pending.keys()]) settle(receiptId, new StompSendError('closed'));
      await client.deactivate();
    },
  };

  client.onConnect = () => {
    const reconnected = everConnected;
    everConnected = true;
    lost = false;
    options.onStateChange('connected');
    options.onConnected(connection, reconnected);
  };
  client.onStompError = (frame) => {
    const receiptId = frame.headers['receipt-id'];
    if (receiptId && pending.has(receiptId)) settle(receiptId, new StompSendError(errorText(frame)));
    else options.onError?.(errorText(frame));
  };
  client.onWebSocketClose = () => {
    // a SEND without its RECEIPT may or may not be stored: the caller resends with the same clientMessageId
    for (const receiptId of [...pending.keys()]) settle(receiptId, new StompSendError('closed'));
    if (!client.active) return;
    // also after a first attempt that failed: the person sees that the chat is trying again
    if (!lost) {
      lost = true;
      options.onStateChange('reconnecting');
    }
  };

  options.onStateChange('connecting');
  client.activate();
  return connection;
}
