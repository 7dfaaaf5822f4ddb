import { STOMP_CLOSE_CODES, type StompTransport } from './session-types.ts';

/** What the transport needs of its socket; a `ws` WebSocket fits. */
export interface FrameSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  readonly bufferedAmount: number;
}

/** The frames one socket was given this tick, sent together when the tick ends. */
class Outbox {
  readonly pending: string[] = [];
  /** UTF-8 bytes in `pending` */
  bytes = 0;
  queued = false;
  readonly socket: FrameSocket;
  readonly onError: (error: unknown) => void;

  constructor(socket: FrameSocket, onError: (error: unknown) => void) {
    this.socket = socket;
    this.onError = onError;
  }

  flush(): void {
    this.queued = false;
    if (this.pending.length === 0) return;
    const data = this.pending.length === 1 ? (this.pending[0] as string) : this.pending.join('');
    // emptied, not replaced: a new array would be kept until the socket's next frame, maybe minutes away
    this.pending.length = 0;
    this.bytes = 0;
    try {
      this.socket.send(data);
    } catch (error) {
      // the session already counts these frames as written: the socket is done, and the close ends it
      try {
        this.onError(error);
      } finally {
        this.socket.close(STOMP_CLOSE_CODES.internalError);
      }
    }
  }
}

/** Outboxes with frames waiting; one callback at the end of the tick sends them all. */
let waiting: Outbox[] = [];

function flushWaiting(): void {
  const outboxes = waiting;
  waiting = [];
  for (const outbox of outboxes) outbox.flush();
}

/**
 * A socket as a STOMP session's transport, the frames written to it in one tick sent as one WebSocket
 * message (one `send`, one socket write) when the tick ends. A STOMP frame ends with its NUL, so a
 * message may carry several frames and the client splits them (STOMP 1.2, "Frames and Headers"; the web's
 * @stomp/stompjs parses a message byte by byte, frame after frame: stompjs.interop.test.ts shows it).
 * What it saves: the RECEIPT of a SEND and the MESSAGE echoed to the sender, the RECEIPTs of the five
 * SUBSCRIBEs a client sends at once, CONNECTED and its RECEIPT, each go out in one write instead of several.
 *
 * `bufferedAmount` counts the frames still held here, so the session's slow-consumer limit sees every byte
 * it was given; `close` sends them first (an ERROR before the close that follows it). A `send` that throws
 * at the end of the tick is reported to `onError` and the socket closes (1011).
 */
export function coalescingTransport(socket: FrameSocket, onError: (error: unknown) => void): StompTransport {
  const outbox = new Outbox(socket, onError);
  return {
    send(data) {
      outbox.pending.push(data);
      outbox.bytes += Buffer.byteLength(data, 'utf8');
      if (outbox.queued) return;
      outbox.queued = true;
      if (waiting.length === 0) process.nextTick(flushWaiting);
      waiting.push(outbox);
    },
    close(code, reason) {
      outbox.flush();
      socket.close(code, reason);
    },
    bufferedAmount: () => socket.bufferedAmount + outbox.bytes,
  };
}
