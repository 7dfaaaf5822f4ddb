import {
  Client,
  type IFrame,
  type IMessage,
  type IStompSocket,
  ReconnectionTimeMode,
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

/**
 * docs/domain.md, Limits: reconnect 5000 ms after the connection is lost, then twice as long after each
 * failed attempt up to 60 s (a broker that is down is not hammered by every open tab); heart-beat 10000 ms
 * in and out.
 */
export const STOMP_RECONNECT_DELAY_MS = 5000;
export const STOMP_MAX_RECONNECT_DELAY_MS = 60_000;
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
    // the delay doubles after each failed attempt and is back to the first one after a CONNECTED
    reconnectTimeMode: ReconnectionTimeMode.EXPONENTIAL,
    maxReconnectDelay: Math.max(
      options.reconnectDelayMs ?? STOMP_RECONNECT_DELAY_MS,
      options.reconnectDelayMs === undefined ? STOMP_MAX_RECONNECT_DELAY_MS : options.reconnectDelayMs * 8,
    ),
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

/** What a feature hands the shared connection: called on every CONNECTED, where it (re)subscribes. */
export type StompListener = {
  onConnected: (connection: StompConnection, reconnected: boolean) => void;
  onStateChange?: (state: StompState) => void;
  onError?: (message: string) => void;
};

export type StompMembership = {
  /** The shared connection (its SENDs); subscriptions made through it end when this member leaves. */
  connection: StompConnection;
  /**
   * Ends this member's subscriptions; `farewell` is sent first if connected. The socket closes once its
   * last member leaves.
   */
  leave: (farewell?: { destination: string; body: unknown }) => void;
};

type Member = { listener: StompListener; subscriptions: Set<StompSubscription> };
type Shared = { key: string; connection: StompConnection; members: Set<Member>; state: StompState };

let shared: Shared | null = null;

/** Test seam: the options of the one connection a tab opens (url, socket factory, reconnect delay). */
export type SharedStompOptions = Pick<StompConnectionOptions, 'url' | 'reconnectDelayMs' | 'socketFactory'>;

/**
 * One STOMP connection per tab, shared by every feature that needs the broker (the chat, the bell): each
 * joins with a listener and leaves when it unmounts; the first to join opens the socket, the last to leave
 * closes it. `key` is the signed-in person: a different person (a new sign-in) gets a socket of their own.
 * Every member is told of every CONNECTED (a reconnect included, with the backoff of
 * createStompConnection), so each resubscribes; one that joins an open connection is told at once.
 */
export function joinSharedStomp(
  key: string,
  listener: StompListener,
  options: SharedStompOptions = {},
): StompMembership {
  if (shared && shared.key !== key) {
    // the previous person's members are leaving (their screens unmount): nothing of theirs is kept
    void shared.connection.close();
    shared = null;
  }
  if (!shared) {
    const members = new Set<Member>();
    const current: Shared = { key, members, state: 'connecting', connection: null as never };
    current.connection = createStompConnection({
      ...options,
      onStateChange: (state) => {
        current.state = state;
        for (const member of members) member.listener.onStateChange?.(state);
      },
      onConnected: (connection, reconnected) => {
        for (const member of members) {
          // the broker forgot the subscriptions with the old socket
          member.subscriptions.clear();
          member.listener.onConnected(memberConnection(connection, member), reconnected);
        }
      },
      onError: (message) => {
        for (const member of members) member.listener.onError?.(message);
      },
    });
    shared = current;
  }
  const current = shared;
  const member: Member = { listener, subscriptions: new Set() };
  current.members.add(member);
  const connection = memberConnection(current.connection, member);
  listener.onStateChange?.(current.state);
  if (current.connection.connected) listener.onConnected(connection, false);

  let left = false;
  return {
    connection,
    leave(farewell) {
      if (left) return;
      left = true;
      current.members.delete(member);
      if (current.members.size === 0) {
        if (shared === current) shared = null;
        void current.connection.close(farewell);
        return;
      }
      if (farewell) current.connection.notify(farewell.destination, farewell.body);
      for (const subscription of member.subscriptions) {
        try {
          subscription.unsubscribe();
        } catch {
          // the socket is gone: so is the subscription
        }
      }
      member.subscriptions.clear();
    },
  };
}

/** The shared connection as one member sees it: its subscriptions are remembered, to end when it leaves. */
function memberConnection(connection: StompConnection, member: Member): StompConnection {
  return {
    subscribe(destination, onMessage, onSubscribed) {
      const subscription = connection.subscribe(destination, onMessage, onSubscribed);
      if (subscription) member.subscriptions.add(subscription);
      return subscription;
    },
    send: (destination, body) => connection.send(destination, body),
    notify: (destination, body) => connection.notify(destination, body),
    get connected() {
      return connection.connected;
    },
    close: async (farewell) => {
      if (farewell) connection.notify(farewell.destination, farewell.body);
    },
  };
}
