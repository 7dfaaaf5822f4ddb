import { es } from '@l4l/shared/texts/es';

/**
 * The STOMP 1.2 vocabulary (https://stomp.github.io/stomp-specification-1.2.html): commands, frames, limits,
 * the protocol error and header escaping. The codec is split by job: `frame-parser.ts` reads frames,
 * `frame-serializer.ts` writes them. Pure: no sockets, no timers; the session feeds them.
 */

export const CLIENT_COMMANDS = [
  'CONNECT',
  'STOMP',
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'ACK',
  'NACK',
  'BEGIN',
  'COMMIT',
  'ABORT',
  'DISCONNECT',
] as const;
export const SERVER_COMMANDS = ['CONNECTED', 'MESSAGE', 'RECEIPT', 'ERROR'] as const;

export type ClientCommand = (typeof CLIENT_COMMANDS)[number];
export type ServerCommand = (typeof SERVER_COMMANDS)[number];
export type StompCommand = ClientCommand | ServerCommand;

/** Header name → value. Parsed frames use a null-prototype object, so `headers.toString` is undefined. */
export type StompHeaders = Record<string, string>;

export interface StompFrame<Body extends string | Uint8Array = string | Uint8Array> {
  command: StompCommand;
  headers?: Readonly<StompHeaders>;
  body?: Body;
}

export interface ParsedFrame {
  command: StompCommand;
  /** the first occurrence of each header (STOMP 1.2: "Repeated Header Entries"), already unescaped */
  headers: StompHeaders;
  /** the raw body bytes (a copy, safe to keep) */
  body: Buffer;
}

/** A heart-beat is a bare end of line between frames (STOMP 1.2: "Heart-beating"). */
export const HEARTBEAT = '\n';

export const FRAME_LIMITS = {
  /** command, headers, body and the NUL terminator */
  maxFrameBytes: 64 * 1024,
  maxHeaders: 64,
  /** one header line without its end of line */
  maxHeaderLineBytes: 8 * 1024,
} as const;

export type StompProtocolErrorCode =
  | 'FRAME_TOO_LARGE'
  | 'TOO_MANY_HEADERS'
  | 'HEADER_LINE_TOO_LONG'
  | 'UNKNOWN_COMMAND'
  | 'MALFORMED_HEADER'
  | 'UNDEFINED_ESCAPE'
  | 'INVALID_UTF8'
  | 'INVALID_HEADER'
  | 'MISSING_NUL'
  | 'UNEXPECTED_BODY'
  | 'BAD_EOL'
  | 'MISSING_HEADER'
  | 'NOT_CONNECTED'
  | 'ALREADY_CONNECTED'
  | 'DUPLICATE_SUBSCRIPTION'
  | 'TOO_MANY_PENDING'
  /** a bug, or a callback that threw: the stream can no longer be trusted */
  | 'INTERNAL';

/** A violation of the protocol by the peer: the session answers ERROR with `message` and closes. */
export class StompProtocolError extends Error {
  override readonly name = 'StompProtocolError';
  readonly code: StompProtocolErrorCode;

  constructor(code: StompProtocolErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** STOMP 1.2 "Value Encoding": CONNECT and CONNECTED keep raw values for 1.0 peers; STOMP is CONNECT's alias */
export const RAW_HEADER_COMMANDS: ReadonlySet<string> = new Set(['CONNECT', 'CONNECTED', 'STOMP']);
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\r': '\\r', '\n': '\\n', ':': '\\c' };
const UNESCAPES: Readonly<Record<string, string>> = { '\\': '\\', r: '\r', n: '\n', c: ':' };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes UTF-8 and refuses invalid sequences instead of replacing them. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

export function escapeHeaderValue(value: string): string {
  return value.replace(/[\\\r\n:]/g, (char) => ESCAPES[char] ?? char);
}

/** STOMP 1.2 "Value Encoding": an undefined escape sequence (`\t`, a trailing `\`) is a fatal protocol error. */
export function unescapeHeaderValue(value: string): string {
  if (!value.includes('\\')) return value;
  return value.replace(/\\([\s\S]?)/g, (_, char: string) => {
    const decoded = UNESCAPES[char];
    if (decoded === undefined) throw new StompProtocolError('UNDEFINED_ESCAPE', es.stomp.undefinedEscape);
    return decoded;
  });
}
