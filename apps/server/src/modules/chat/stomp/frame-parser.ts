import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import { es } from '@l4l/shared/texts/es';
import {
  CLIENT_COMMANDS,
  decodeUtf8,
  FRAME_LIMITS,
  type ParsedFrame,
  RAW_HEADER_COMMANDS,
  SERVER_COMMANDS,
  type StompCommand,
  type StompHeaders,
  StompProtocolError,
  unescapeHeaderValue,
} from './frame.ts';

/** Reading STOMP frames: a streaming, byte-level parser with hard limits (`frame-serializer.ts` writes them). */

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const COLON = 0x3a;
/** "UNSUBSCRIBE" plus a CR: a longer first line cannot be a command, so garbage is refused early */
const MAX_COMMAND_LINE_BYTES = 12;
const KNOWN_COMMANDS: readonly StompCommand[] = [...CLIENT_COMMANDS, ...SERVER_COMMANDS];
/** STOMP 1.2 "Body": only these frames may carry one */
const BODY_COMMANDS: ReadonlySet<string> = new Set(['SEND', 'MESSAGE', 'ERROR']);

/** Could these bytes start a command line? Lets garbage fail at once instead of after a line. */
function isCommandPrefix(bytes: Uint8Array): boolean {
  if (bytes.length > MAX_COMMAND_LINE_BYTES) return false;
  return bytes.every((byte, i) => (byte >= 0x41 && byte <= 0x5a) || (byte === CR && i === bytes.length - 1));
}

/**
 * What the parser holds between frames instead of the last frame's headers: a session's next frame may be
 * minutes away, and what it held that long would outlive the young generation's collections for nothing.
 */
const NO_HEADERS: StompHeaders = Object.freeze(Object.create(null));

const internalError = () => new StompProtocolError('INTERNAL', ERROR_MESSAGES.INTERNAL_ERROR);

export interface FrameParserOptions {
  onFrame: (frame: ParsedFrame) => void;
  /** a bare EOL between frames: the peer is alive */
  onHeartbeat?: () => void;
  maxFrameBytes?: number;
  maxHeaders?: number;
  maxHeaderLineBytes?: number;
  /** the commands accepted; any other is UNKNOWN_COMMAND (a server passes CLIENT_COMMANDS) */
  commands?: readonly StompCommand[];
  /** false for a STOMP 1.0 peer, which sends backslashes raw; default true (1.1 and 1.2) */
  unescapeHeaders?: boolean;
}

/** What one step of the parser found. */
type Step = ParsedFrame | 'heartbeat' | undefined;
type Stage = 'idle' | 'command' | 'headers' | 'body';

/**
 * A streaming STOMP parser. Feed it every WebSocket message (text or binary, in any split or batch);
 * it calls `onFrame` for each complete frame and `onHeartbeat` for each EOL between frames.
 *
 * It keeps at most one partial frame, in one buffer that never grows past `maxFrameBytes + 1`, and scans
 * each byte a bounded number of times, so a slow or hostile peer costs neither memory nor CPU. Headers are
 * decoded only once their line is complete, so a multi-byte character split across messages is intact.
 * `push` throws only StompProtocolError (or whatever a callback throws); after an error it refuses input.
 */
export class FrameParser {
  /** switched by the session once the version is negotiated (STOMP 1.0 has no escaping) */
  unescapeHeaders: boolean;
  private readonly onFrame: (frame: ParsedFrame) => void;
  private readonly onHeartbeat: () => void;
  private readonly maxFrameBytes: number;
  private readonly maxHeaders: number;
  private readonly maxHeaderLineBytes: number;
  /** each accepted command's own string, so a parsed command is never a copy kept until the next frame */
  private readonly commands: ReadonlyMap<string, StompCommand>;

  private buffer: Buffer = Buffer.alloc(0);
  /** bytes held in `buffer` */
  private length = 0;
  /** idle: the next byte to read; otherwise where the current frame starts */
  private start = 0;
  private lineStart = 0;
  /** where the search for the next LF or NUL resumes, so no byte is scanned twice */
  private scan = 0;
  private bodyStart = 0;
  private stage: Stage = 'idle';
  private command: StompCommand = 'SEND';
  private headers: StompHeaders = NO_HEADERS;
  private headerCount = 0;
  private contentLength: number | undefined;
  private failure: StompProtocolError | undefined;

  constructor(options: FrameParserOptions) {
    this.onFrame = options.onFrame;
    this.onHeartbeat = options.onHeartbeat ?? (() => {});
    this.maxFrameBytes = options.maxFrameBytes ?? FRAME_LIMITS.maxFrameBytes;
    this.maxHeaders = options.maxHeaders ?? FRAME_LIMITS.maxHeaders;
    this.maxHeaderLineBytes = options.maxHeaderLineBytes ?? FRAME_LIMITS.maxHeaderLineBytes;
    this.commands = new Map((options.commands ?? KNOWN_COMMANDS).map((command) => [command, command]));
    this.unescapeHeaders = options.unescapeHeaders ?? true;
  }

  /** the error that stopped the parser, if any */
  get error(): StompProtocolError | undefined {
    return this.failure;
  }

  /** bytes of an incomplete frame held until more data arrives */
  get bufferedBytes(): number {
    return this.length;
  }

  push(data: string | Uint8Array | ArrayBuffer | readonly Uint8Array[]): void {
    if (Array.isArray(data)) {
      for (const part of data) this.push(part);
      return;
    }
    if (this.failure) throw this.failure;
    const bytes =
      typeof data === 'string'
        ? Buffer.from(data, 'utf8')
        : data instanceof ArrayBuffer
          ? new Uint8Array(data)
          : (data as Uint8Array);
    let offset = 0;
    while (offset < bytes.length) {
      offset += this.append(bytes, offset);
      for (let step = this.next(); step !== undefined; step = this.next()) {
        try {
          if (step === 'heartbeat') this.onHeartbeat();
          else this.onFrame(step);
        } catch (error) {
          // the rest of this chunk is lost, so later input would be parsed out of step
          this.stop(internalError());
          throw error;
        }
      }
      this.compact();
    }
  }

  private next(): Step {
    try {
      return this.step();
    } catch (error) {
      throw this.stop(error instanceof StompProtocolError ? error : internalError());
    }
  }

  private stop(error: StompProtocolError): StompProtocolError {
    this.failure = error;
    this.buffer = Buffer.alloc(0);
    this.length = 0;
    return error;
  }

  /** Copies as much of `bytes` as fits; there is always room, since a held partial frame is < max. */
  private append(bytes: Uint8Array, offset: number): number {
    const capacity = this.maxFrameBytes + 1;
    const wanted = bytes.length - offset;
    if (this.buffer.length - this.length < wanted && this.buffer.length < capacity) {
      const size = Math.min(capacity, Math.max(1024, 2 ** Math.ceil(Math.log2(this.length + wanted))));
      const grown = Buffer.allocUnsafe(size);
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    const count = Math.min(wanted, this.buffer.length - this.length);
    this.buffer.set(bytes.subarray(offset, offset + count), this.length);
    this.length += count;
    return count;
  }

  /** Drops what was consumed and moves the partial frame to the front of the buffer. */
  private compact(): void {
    const shift = this.start;
    if (shift === 0) return;
    if (shift >= this.length) {
      this.length = 0;
      // a large frame's buffer is not kept by an idle connection
      if (this.buffer.length > 4096) this.buffer = Buffer.alloc(0);
    } else {
      this.buffer.copy(this.buffer, 0, shift, this.length);
      this.length -= shift;
    }
    this.start = 0;
    this.lineStart -= shift;
    this.scan -= shift;
    this.bodyStart -= shift;
  }

  private step(): Step {
    const bytes = this.buffer.subarray(0, this.length);
    if (this.stage === 'idle') {
      if (this.start >= this.length) return undefined;
      const byte = bytes[this.start];
      if (byte === LF) {
        this.start += 1;
        return 'heartbeat';
      }
      if (byte === CR) {
        if (this.start + 1 >= this.length) return undefined;
        if (bytes[this.start + 1] !== LF) throw new StompProtocolError('BAD_EOL', es.stomp.badEol);
        this.start += 2;
        return 'heartbeat';
      }
      this.stage = 'command';
      this.lineStart = this.scan = this.start;
      this.headers = Object.create(null);
      this.headerCount = 0;
      this.contentLength = undefined;
    }
    while (this.stage !== 'body') {
      const lf = bytes.indexOf(LF, this.scan);
      if (lf === -1) {
        this.scan = this.length;
        this.checkPartialLine();
        return undefined;
      }
      const end = lf > this.lineStart && bytes[lf - 1] === CR ? lf - 1 : lf;
      const line = bytes.subarray(this.lineStart, end);
      this.lineStart = this.scan = lf + 1;
      if (line.includes(CR)) throw new StompProtocolError('BAD_EOL', es.stomp.badEol);
      if (this.stage === 'command') this.readCommand(line);
      else if (line.length === 0) this.startBody();
      else this.readHeader(line);
      this.ensureFits(this.lineStart - this.start);
    }
    return this.readBody(bytes);
  }

  private checkPartialLine(): void {
    const partial = this.length - this.lineStart;
    if (this.stage === 'command' && !isCommandPrefix(this.buffer.subarray(this.lineStart, this.length))) {
      throw new StompProtocolError('UNKNOWN_COMMAND', es.stomp.unknownCommand);
    }
    if (partial > this.maxHeaderLineBytes + 1) this.lineTooLong();
    this.ensureFits(this.length - this.start);
  }

  /** `bytes` of the frame are known and at least the NUL is still to come. */
  private ensureFits(bytes: number): void {
    if (bytes + 1 > this.maxFrameBytes) {
      throw new StompProtocolError('FRAME_TOO_LARGE', es.stomp.frameTooLarge(this.maxFrameBytes));
    }
  }

  private lineTooLong(): never {
    throw new StompProtocolError('HEADER_LINE_TOO_LONG', es.stomp.headerLineTooLong(this.maxHeaderLineBytes));
  }

  private readCommand(line: Buffer): void {
    const command = this.commands.get(line.length <= MAX_COMMAND_LINE_BYTES ? line.toString('latin1') : '');
    if (!command) throw new StompProtocolError('UNKNOWN_COMMAND', es.stomp.unknownCommand);
    this.command = command;
    this.stage = 'headers';
  }

  private readHeader(line: Buffer): void {
    if (line.length > this.maxHeaderLineBytes) this.lineTooLong();
    this.headerCount += 1;
    if (this.headerCount > this.maxHeaders) {
      throw new StompProtocolError('TOO_MANY_HEADERS', es.stomp.tooManyHeaders(this.maxHeaders));
    }
    const colon = line.indexOf(COLON);
    if (colon <= 0) throw new StompProtocolError('MALFORMED_HEADER', es.stomp.malformedHeader);
    let name = this.decodeHeader(line.subarray(0, colon));
    // a raw ':' inside a value is tolerated (1.0 clients send them); the value runs to the end of the line
    let value = this.decodeHeader(line.subarray(colon + 1));
    if (this.unescapeHeaders && !RAW_HEADER_COMMANDS.has(this.command)) {
      name = unescapeHeaderValue(name);
      value = unescapeHeaderValue(value);
    }
    if (!Object.hasOwn(this.headers, name)) this.headers[name] = value;
  }

  private decodeHeader(bytes: Uint8Array): string {
    const text = decodeUtf8(bytes);
    if (text === undefined) throw new StompProtocolError('INVALID_UTF8', es.stomp.invalidUtf8);
    return text;
  }

  private startBody(): void {
    this.stage = 'body';
    this.bodyStart = this.scan = this.lineStart;
    const declared = this.headers['content-length'];
    if (declared === undefined) return;
    if (!/^[0-9]{1,10}$/.test(declared)) {
      throw new StompProtocolError('INVALID_HEADER', es.stomp.invalidHeader('content-length'));
    }
    this.contentLength = Number(declared);
    this.ensureFits(this.bodyStart - this.start + this.contentLength);
  }

  private readBody(bytes: Buffer): Step {
    let end: number;
    if (this.contentLength !== undefined) {
      end = this.bodyStart + this.contentLength;
      if (end >= this.length) return undefined;
      if (bytes[end] !== NUL) throw new StompProtocolError('MISSING_NUL', es.stomp.missingNul);
    } else {
      end = bytes.indexOf(NUL, this.scan);
      if (end === -1) {
        this.scan = this.length;
        this.ensureFits(this.length - this.start);
        return undefined;
      }
      this.ensureFits(end - this.start);
    }
    if (end > this.bodyStart && !BODY_COMMANDS.has(this.command)) {
      throw new StompProtocolError('UNEXPECTED_BODY', es.stomp.unexpectedBody(this.command));
    }
    const frame: ParsedFrame = {
      command: this.command,
      headers: this.headers,
      body: Buffer.from(bytes.subarray(this.bodyStart, end)),
    };
    this.stage = 'idle';
    this.start = end + 1;
    this.headers = NO_HEADERS;
    return frame;
  }
}
