import { escapeHeaderValue, RAW_HEADER_COMMANDS, type StompFrame } from './frame.ts';

/** Writing STOMP frames: the server's side of the codec (`frame-parser.ts` reads them). */

const NUL_BYTE = Buffer.from([0x00]);

export interface SerializeOptions {
  /** false for a STOMP 1.0 session, whose peers do not unescape; default true */
  escapeHeaders?: boolean;
}

/**
 * One frame, ready for `WebSocket.send`: a string for a text body, a Buffer for a binary one.
 * `content-length` is always computed here, in UTF-8 bytes, for any non-empty body (a caller's value is
 * ignored), so a body may contain NUL. Header names and values are escaped except in CONNECT/CONNECTED.
 */
export function serializeFrame(frame: StompFrame<string>, options?: SerializeOptions): string;
export function serializeFrame(frame: StompFrame<Uint8Array>, options?: SerializeOptions): Buffer;
export function serializeFrame(frame: StompFrame, options?: SerializeOptions): string | Buffer;
export function serializeFrame(frame: StompFrame, options: SerializeOptions = {}): string | Buffer {
  const escaped = (options.escapeHeaders ?? true) && !RAW_HEADER_COMMANDS.has(frame.command);
  const body = frame.body ?? '';
  const bodyBytes = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.byteLength;
  let head = `${frame.command}\n`;
  for (const [name, value] of Object.entries(frame.headers ?? {})) {
    if (name === 'content-length') continue;
    head += escaped ? `${escapeHeaderValue(name)}:${escapeHeaderValue(value)}\n` : rawHeaderLine(name, value);
  }
  if (bodyBytes > 0 || typeof body !== 'string') head += `content-length:${bodyBytes}\n`;
  head += '\n';
  if (typeof body === 'string') return `${head}${body}\0`;
  return Buffer.concat([Buffer.from(head, 'utf8'), body, NUL_BYTE]);
}

function rawHeaderLine(name: string, value: string): string {
  // an unescaped line break would end the header early and let a value forge headers or frames
  if (/[\r\n:]/.test(name) || /[\r\n]/.test(value)) {
    throw new TypeError(`STOMP header ${JSON.stringify(name)} cannot be sent without escaping`);
  }
  return `${name}:${value}\n`;
}
