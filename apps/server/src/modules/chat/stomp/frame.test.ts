import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import { es } from '@l4l/shared/texts/es';
import { describe, expect, it } from 'vitest';
import { expectCollected } from '../../../../test/collected.ts';
import {
  CLIENT_COMMANDS,
  escapeHeaderValue,
  FRAME_LIMITS,
  type ParsedFrame,
  StompProtocolError,
  type StompProtocolErrorCode,
  unescapeHeaderValue,
} from './frame.ts';
import { FrameParser, type FrameParserOptions } from './frame-parser.ts';
import { serializeFrame } from './frame-serializer.ts';

type Limits = Omit<FrameParserOptions, 'onFrame' | 'onHeartbeat'>;

function collector(options: Limits = {}) {
  const frames: ParsedFrame[] = [];
  let heartbeats = 0;
  const parser = new FrameParser({
    ...options,
    onFrame: (frame) => frames.push(frame),
    onHeartbeat: () => {
      heartbeats += 1;
    },
  });
  return {
    parser,
    frames,
    heartbeats: () => heartbeats,
    /** the frames as plain values, body decoded */
    plain: () =>
      frames.map((f) => ({ command: f.command, headers: { ...f.headers }, body: f.body.toString() })),
  };
}

function parseAll(...chunks: Array<string | Uint8Array>) {
  const c = collector();
  for (const chunk of chunks) c.parser.push(chunk);
  return c.plain();
}

function protocolError(action: () => unknown): StompProtocolError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(StompProtocolError);
    return error as StompProtocolError;
  }
  throw new Error('expected a StompProtocolError');
}

function expectCode(action: () => unknown, code: StompProtocolErrorCode): StompProtocolError {
  const error = protocolError(action);
  expect(error.code).toBe(code);
  expect(error.message).not.toBe('');
  return error;
}

/** mulberry32: a small seeded PRNG so the property tests are reproducible */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('serializeFrame', () => {
  it('writes the SEND example of the specification with its byte length', () => {
    const frame = serializeFrame({
      command: 'SEND',
      headers: { destination: '/queue/a', 'content-type': 'text/plain' },
      body: 'hello queue a',
    });
    expect(frame).toBe(
      'SEND\ndestination:/queue/a\ncontent-type:text/plain\ncontent-length:13\n\nhello queue a\0',
    );
  });

  it('writes a frame without a body without content-length', () => {
    expect(serializeFrame({ command: 'RECEIPT', headers: { 'receipt-id': 'message-12345' } })).toBe(
      'RECEIPT\nreceipt-id:message-12345\n\n\0',
    );
  });

  it.each([
    ['ñ', 2],
    ['€', 3],
    ['😀', 4],
    ['Año 2€ 😀', 14],
    ['{"text":"¿Cuándo es la vista?"}', 33],
  ])('counts content-length of %j in UTF-8 bytes (%i)', (body, bytes) => {
    const frame = serializeFrame({ command: 'MESSAGE', headers: { destination: '/topic/messages' }, body });
    expect(frame).toContain(`\ncontent-length:${bytes}\n\n`);
    expect(Buffer.byteLength(frame) - Buffer.byteLength(frame.slice(0, frame.indexOf('\n\n') + 2)) - 1).toBe(
      bytes,
    );
  });

  it("ignores a caller's content-length and computes the real one", () => {
    const frame = serializeFrame({
      command: 'SEND',
      headers: { 'content-length': '1', destination: '/a' },
      body: '€€',
    });
    expect(frame).toBe('SEND\ndestination:/a\ncontent-length:6\n\n€€\0');
  });

  it('escapes CR, LF, colon and backslash in names and values of ordinary frames', () => {
    const frame = serializeFrame({ command: 'ERROR', headers: { 'a:b': 'x:y\nz\r\\w' } });
    expect(frame).toBe('ERROR\na\\cb:x\\cy\\nz\\r\\\\w\n\n\0');
  });

  it('does not escape CONNECT and CONNECTED (STOMP 1.2: kept raw for STOMP 1.0)', () => {
    expect(serializeFrame({ command: 'CONNECTED', headers: { version: '1.2', session: 'a:b\\c' } })).toBe(
      'CONNECTED\nversion:1.2\nsession:a:b\\c\n\n\0',
    );
    expect(() => serializeFrame({ command: 'CONNECT', headers: { login: 'a\nb' } })).toThrow(TypeError);
  });

  it('writes raw headers for a STOMP 1.0 peer and refuses line breaks there', () => {
    expect(serializeFrame({ command: 'MESSAGE', headers: { x: 'a:b\\c' } }, { escapeHeaders: false })).toBe(
      'MESSAGE\nx:a:b\\c\n\n\0',
    );
    expect(() =>
      serializeFrame({ command: 'MESSAGE', headers: { x: 'a\rb' } }, { escapeHeaders: false }),
    ).toThrow(TypeError);
    expect(() =>
      serializeFrame({ command: 'MESSAGE', headers: { 'x:y': 'a' } }, { escapeHeaders: false }),
    ).toThrow(TypeError);
  });

  it('writes a binary body as a Buffer whose content-length counts NUL bytes', () => {
    const body = Uint8Array.from([1, 0, 2, 0]);
    const frame = serializeFrame({ command: 'SEND', headers: { destination: '/a' }, body });
    expect(Buffer.isBuffer(frame)).toBe(true);
    expect(frame).toEqual(
      Buffer.concat([Buffer.from('SEND\ndestination:/a\ncontent-length:4\n\n'), body, Buffer.of(0)]),
    );
  });

  it('round-trips awkward header names and values through the parser', () => {
    const awkward = ['', ':', '\\', '\\n', '\r\n', 'a:b:c', 'ñ€😀', '\\c\\\\', 'tab\there', ' spaced '];
    for (const value of awkward) {
      for (const command of ['SEND', 'MESSAGE', 'ERROR', 'SUBSCRIBE'] as const) {
        const headers = { [`k${value}`]: value, plain: 'v' };
        const [parsed] = parseAll(serializeFrame({ command, headers }));
        expect(parsed).toEqual({ command, headers, body: '' });
      }
    }
  });

  it('escape and unescape are inverse, and unknown escapes are refused', () => {
    expect(unescapeHeaderValue(escapeHeaderValue('a\\b:c\nd\re'))).toBe('a\\b:c\nd\re');
    expect(unescapeHeaderValue('\\c\\n\\r\\\\')).toBe(':\n\r\\');
    expectCode(() => unescapeHeaderValue('a\\tb'), 'UNDEFINED_ESCAPE');
    expectCode(() => unescapeHeaderValue('trailing\\'), 'UNDEFINED_ESCAPE');
  });
});

describe('FrameParser: the specification examples', () => {
  it('parses CONNECT, SUBSCRIBE, MESSAGE, RECEIPT and ERROR frames', () => {
    const errorBody =
      'The message:\n-----\nMESSAGE\ndestined:/queue/a\nreceipt:message-12345\n\nHello queue a!\n-----\n' +
      'Did not contain a destination header, which is REQUIRED\nfor message propagation.\n';
    const frames = parseAll(
      'CONNECT\naccept-version:1.2\nhost:stomp.github.org\n\n\0',
      'SUBSCRIBE\nid:0\ndestination:/queue/foo\nack:client\n\n\0',
      'MESSAGE\nsubscription:0\nmessage-id:007\ndestination:/queue/a\ncontent-type:text/plain\n\nhello queue a\0',
      'RECEIPT\nreceipt-id:77\n\n\0',
      `ERROR\nreceipt-id:message-12345\ncontent-type:text/plain\ncontent-length:${Buffer.byteLength(errorBody)}\n` +
        `message:malformed frame received\n\n${errorBody}\0`,
    );
    expect(frames).toEqual([
      { command: 'CONNECT', headers: { 'accept-version': '1.2', host: 'stomp.github.org' }, body: '' },
      { command: 'SUBSCRIBE', headers: { id: '0', destination: '/queue/foo', ack: 'client' }, body: '' },
      {
        command: 'MESSAGE',
        headers: {
          subscription: '0',
          'message-id': '007',
          destination: '/queue/a',
          'content-type': 'text/plain',
        },
        body: 'hello queue a',
      },
      { command: 'RECEIPT', headers: { 'receipt-id': '77' }, body: '' },
      {
        command: 'ERROR',
        headers: {
          'receipt-id': 'message-12345',
          'content-type': 'text/plain',
          'content-length': String(Buffer.byteLength(errorBody)),
          message: 'malformed frame received',
        },
        body: errorBody,
      },
    ]);
  });

  it('keeps the first of repeated headers (STOMP 1.2: "Repeated Header Entries")', () => {
    const [frame] = parseAll('MESSAGE\nfoo:World\nfoo:Hello\n\n\0');
    expect(frame?.headers).toEqual({ foo: 'World' });
  });

  it('parses the heart-beat header of CONNECT and the STOMP alias', () => {
    expect(parseAll('STOMP\naccept-version:1.2\nhost:x\nheart-beat:10000,10000\n\n\0')[0]?.headers).toEqual({
      'accept-version': '1.2',
      host: 'x',
      'heart-beat': '10000,10000',
    });
  });

  it('accepts CRLF line endings everywhere', () => {
    expect(parseAll('\r\nSEND\r\ndestination:/a\r\nx:1\r\n\r\nbody\0\r\n')).toEqual([
      { command: 'SEND', headers: { destination: '/a', x: '1' }, body: 'body' },
    ]);
  });

  it('gives headers a null prototype, so no inherited name looks like a header', () => {
    const c = collector();
    c.parser.push('SEND\n__proto__:x\nconstructor:y\n\n\0SEND\n\n\0');
    expect(Object.entries(c.frames[0]?.headers ?? {})).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'y'],
    ]);
    expect(c.frames[1]?.headers.toString).toBeUndefined();
  });
});

describe('FrameParser: streaming', () => {
  const multibyte = serializeFrame({
    command: 'SEND',
    headers: { destination: '/app/chat', nombre: 'Íñigo €😀', receipt: 'r:1' },
    body: '{"text":"¿Qué tal? ñ € 😀"}',
  });
  const expected = {
    command: 'SEND',
    headers: {
      destination: '/app/chat',
      nombre: 'Íñigo €😀',
      receipt: 'r:1',
      'content-length': String(Buffer.byteLength('{"text":"¿Qué tal? ñ € 😀"}')),
    },
    body: '{"text":"¿Qué tal? ñ € 😀"}',
  };

  it('parses a frame split in two at every byte position, multi-byte characters included', () => {
    const bytes = Buffer.from(multibyte);
    for (let split = 0; split <= bytes.length; split += 1) {
      expect(parseAll(bytes.subarray(0, split), bytes.subarray(split)), `split at ${split}`).toEqual([
        expected,
      ]);
    }
  });

  it('parses a frame split in three at every pair of positions', () => {
    const bytes = Buffer.from(serializeFrame({ command: 'SEND', headers: { d: 'ñ' }, body: '€😀' }));
    for (let a = 0; a <= bytes.length; a += 1) {
      for (let b = a; b <= bytes.length; b += 1) {
        const frames = parseAll(bytes.subarray(0, a), bytes.subarray(a, b), bytes.subarray(b));
        expect(frames, `split at ${a} and ${b}`).toEqual([
          { command: 'SEND', headers: { d: 'ñ', 'content-length': '7' }, body: '€😀' },
        ]);
      }
    }
  });

  it('parses a frame without content-length fed one byte at a time', () => {
    const c = collector();
    for (const byte of Buffer.from('MESSAGE\r\ndestination:/ñ\r\n\r\nañ€\0\n'))
      c.parser.push(Uint8Array.of(byte));
    expect(c.plain()).toEqual([{ command: 'MESSAGE', headers: { destination: '/ñ' }, body: 'añ€' }]);
    expect(c.heartbeats()).toBe(1);
    expect(c.parser.bufferedBytes).toBe(0);
  });

  it('parses several frames batched in one message, with heart-beats between them', () => {
    const c = collector();
    c.parser.push(`\n${multibyte}\r\n\nSEND\ndestination:/b\n\nsecond\0${multibyte}SEND\ndest`);
    expect(c.plain()).toEqual([
      expected,
      { command: 'SEND', headers: { destination: '/b' }, body: 'second' },
      expected,
    ]);
    expect(c.heartbeats()).toBe(3);
    expect(c.parser.bufferedBytes).toBe('SEND\ndest'.length);
    c.parser.push('ination:/c\n\n\0');
    expect(c.frames).toHaveLength(4);
  });

  it('reports every heart-beat, a CRLF split across two messages included', () => {
    const c = collector();
    c.parser.push('\n');
    c.parser.push('\r\n\n');
    c.parser.push('\r');
    expect(c.heartbeats()).toBe(3);
    c.parser.push('\n');
    expect(c.heartbeats()).toBe(4);
    expect(c.parser.bufferedBytes).toBe(0);
  });

  it('takes content-length bytes as the body even when they contain NUL', () => {
    const body = Buffer.from([0x00, 0x41, 0x00, 0xff, 0x00]);
    const c = collector();
    c.parser.push(serializeFrame({ command: 'SEND', headers: { destination: '/bin' }, body }));
    expect(c.frames[0]?.body).toEqual(body);
  });

  it('ends a body without content-length at the first NUL', () => {
    expect(parseAll('SEND\n\nab\0SEND\n\ncd\0')).toEqual([
      { command: 'SEND', headers: {}, body: 'ab' },
      { command: 'SEND', headers: {}, body: 'cd' },
    ]);
  });

  it('accepts an ArrayBuffer, a Buffer and the Buffer[] fragments ws may hand over', () => {
    const c = collector();
    const bytes = Buffer.from('SEND\n\nñ\0');
    c.parser.push(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    c.parser.push([bytes.subarray(0, 3), bytes.subarray(3, 8), bytes.subarray(8)]);
    expect(c.plain().map((f) => f.body)).toEqual(['ñ', 'ñ']);
  });

  it('does not unescape CONNECT headers, and leaves 1.0 headers raw when told to', () => {
    expect(parseAll('CONNECT\npasscode:a\\b:c\n\n\0')[0]?.headers).toEqual({ passcode: 'a\\b:c' });
    const c = collector({ unescapeHeaders: false });
    c.parser.push('SEND\nx:a\\tb\n\n\0');
    expect(c.frames[0]?.headers.x).toBe('a\\tb');
  });

  it('keeps a colon inside a value (1.0 clients send them raw)', () => {
    expect(parseAll('SEND\nurl:http://x:80/a\n\n\0')[0]?.headers).toEqual({ url: 'http://x:80/a' });
  });
});

describe('FrameParser: what it keeps between frames', () => {
  it('keeps nothing of a frame once handed over (a session may send its next one minutes later)', async () => {
    let headers: WeakRef<object> | undefined;
    let command = '';
    const parser = new FrameParser({
      onFrame: (frame) => {
        headers = new WeakRef(frame.headers);
        command = frame.command;
      },
    });
    parser.push(serializeFrame({ command: 'SEND', headers: { destination: '/app/chat' }, body: '{}' }));
    // the command is the protocol's own string, not a copy read from the bytes
    expect(command).toBe('SEND');
    expect(headers?.deref()).toBeDefined();
    await expectCollected(headers);
    parser.push(serializeFrame({ command: 'SEND', headers: { destination: '/app/chat' }, body: '{}' }));
    expect(command).toBe('SEND');
  });
});

describe('FrameParser: protocol errors', () => {
  const cases: Array<[string, string | Uint8Array, StompProtocolErrorCode]> = [
    ['an unknown command', 'FOO\n\n\0', 'UNKNOWN_COMMAND'],
    ['a lowercase command', 'send\n\n\0', 'UNKNOWN_COMMAND'],
    ['a long first line, before its end arrives', 'X'.repeat(13), 'UNKNOWN_COMMAND'],
    ['a stray NUL between frames', '\0', 'UNKNOWN_COMMAND'],
    ['a first line that cannot be a command', 'SEN D', 'UNKNOWN_COMMAND'],
    ['a header without a colon', 'SEND\nnocolon\n\n\0', 'MALFORMED_HEADER'],
    ['a header without a name', 'SEND\n:value\n\n\0', 'MALFORMED_HEADER'],
    ['an undefined escape', 'SEND\nx:a\\tb\n\n\0', 'UNDEFINED_ESCAPE'],
    ['a trailing backslash', 'SEND\nx:a\\\n\n\0', 'UNDEFINED_ESCAPE'],
    [
      'a header that is not UTF-8',
      Buffer.from([...Buffer.from('SEND\nx:'), 0xc3, 0x28, 0x0a, 0x0a, 0]),
      'INVALID_UTF8',
    ],
    ['a content-length that is not a number', 'SEND\ncontent-length:abc\n\n\0', 'INVALID_HEADER'],
    ['a negative content-length', 'SEND\ncontent-length:-1\n\n\0', 'INVALID_HEADER'],
    ['a padded content-length', 'SEND\ncontent-length: 1\n\nx\0', 'INVALID_HEADER'],
    ['a content-length shorter than the body', 'SEND\ncontent-length:1\n\nxy\0', 'MISSING_NUL'],
    ['a body on SUBSCRIBE', 'SUBSCRIBE\nid:1\ndestination:/a\n\nbody\0', 'UNEXPECTED_BODY'],
    ['a CR inside a line', 'SEND\nx:a\rb\n\n\0', 'BAD_EOL'],
    ['a CR that is not an end of line between frames', '\rX', 'BAD_EOL'],
  ];

  it.each(cases)('refuses %s', (_, input, code) => {
    expectCode(() => collector().parser.push(input), code);
  });

  it('gives the Spanish texts of es.stomp', () => {
    expect(expectCode(() => collector().parser.push('FOO\n\n\0'), 'UNKNOWN_COMMAND').message).toBe(
      es.stomp.unknownCommand,
    );
    expect(expectCode(() => collector().parser.push('SUBSCRIBE\n\nx\0'), 'UNEXPECTED_BODY').message).toBe(
      es.stomp.unexpectedBody('SUBSCRIBE'),
    );
  });

  it('refuses server commands when limited to client commands', () => {
    const c = collector({ commands: CLIENT_COMMANDS });
    expectCode(() => c.parser.push('MESSAGE\n\n\0'), 'UNKNOWN_COMMAND');
  });

  it('delivers the frames before the error, then refuses all further input', () => {
    const c = collector();
    const error = expectCode(() => c.parser.push('SEND\n\nok\0BAD\n\n\0SEND\n\nlost\0'), 'UNKNOWN_COMMAND');
    expect(c.plain().map((f) => f.body)).toEqual(['ok']);
    expect(c.parser.error).toBe(error);
    expect(c.parser.bufferedBytes).toBe(0);
    expect(protocolError(() => c.parser.push('SEND\n\n\0'))).toBe(error);
    expect(c.frames).toHaveLength(1);
  });

  it('stops when a callback throws, since the rest of that message is lost', () => {
    const parser = new FrameParser({
      onFrame: () => {
        throw new RangeError('boom');
      },
    });
    expect(() => parser.push('SEND\n\n\0SEND\n\n\0')).toThrow(RangeError);
    const error = expectCode(() => parser.push('SEND\n\n\0'), 'INTERNAL');
    expect(error.message).toBe(ERROR_MESSAGES.INTERNAL_ERROR);
  });
});

describe('FrameParser: limits', () => {
  const max = FRAME_LIMITS.maxFrameBytes;
  const head = 'SEND\ndestination:/a\n\n';

  it('accepts a frame of exactly maxFrameBytes and refuses one byte more', () => {
    const body = 'x'.repeat(max - head.length - 1);
    expect(parseAll(`${head}${body}\0`)[0]?.body).toHaveLength(body.length);
    expectCode(() => collector().parser.push(`${head}${body}x\0`), 'FRAME_TOO_LARGE');
    const declared = `SEND\ncontent-length:${body.length}\n\n`;
    const fits = 'x'.repeat(max - declared.length - 1);
    expect(parseAll(`SEND\ncontent-length:${fits.length}\n\n${fits}\0`)[0]?.body).toHaveLength(fits.length);
  });

  it('refuses an oversize content-length before its body arrives', () => {
    const error = expectCode(
      () => collector().parser.push(`SEND\ncontent-length:${max}\n\n`),
      'FRAME_TOO_LARGE',
    );
    expect(error.message).toBe(es.stomp.frameTooLarge(max));
  });

  it('never holds more than maxFrameBytes + 1 bytes, whatever it is fed', () => {
    const c = collector();
    c.parser.push(head);
    let error: StompProtocolError | undefined;
    for (let i = 0; i < 100 && !error; i += 1) {
      try {
        c.parser.push('y'.repeat(1000));
      } catch (caught) {
        error = caught as StompProtocolError;
      }
      expect(c.parser.bufferedBytes).toBeLessThanOrEqual(max + 1);
    }
    expect(error?.code).toBe('FRAME_TOO_LARGE');
    expectCode(() => collector().parser.push(Buffer.alloc(1024 * 1024, 0x41)), 'UNKNOWN_COMMAND');
    expectCode(() => collector().parser.push(`SEND\n${'h:v\n'.repeat(20_000)}`), 'TOO_MANY_HEADERS');
    expectCode(() => collector().parser.push(`SEND\nh:${'v'.repeat(max * 4)}`), 'HEADER_LINE_TOO_LONG');
  });

  it('parses a megabyte of small batched frames without keeping them', () => {
    const frame = 'SEND\ndestination:/a\n\n{"text":"hola"}\0';
    const c = collector();
    const count = Math.ceil((1024 * 1024) / frame.length);
    c.parser.push(frame.repeat(count));
    expect(c.frames).toHaveLength(count);
    expect(c.parser.bufferedBytes).toBe(0);
  });

  it('accepts 64 headers and refuses 65', () => {
    const headers = (n: number) => Array.from({ length: n }, (_, i) => `h${i}:v\n`).join('');
    expect(Object.keys(parseAll(`SEND\n${headers(64)}\n\0`)[0]?.headers ?? {})).toHaveLength(64);
    const error = expectCode(() => collector().parser.push(`SEND\n${headers(65)}\n\0`), 'TOO_MANY_HEADERS');
    expect(error.message).toBe(es.stomp.tooManyHeaders(64));
  });

  it('accepts an 8 KiB header line and refuses a longer one, complete or not', () => {
    const line = (bytes: number) => `h:${'v'.repeat(bytes - 2)}`;
    expect(parseAll(`SEND\n${line(8192)}\n\n\0`)).toHaveLength(1);
    expect(parseAll(`SEND\n${line(8192)}\r\n\r\n\0`)).toHaveLength(1);
    expectCode(() => collector().parser.push(`SEND\n${line(8193)}\n\n\0`), 'HEADER_LINE_TOO_LONG');
    expectCode(() => collector().parser.push(`SEND\n${line(8194)}`), 'HEADER_LINE_TOO_LONG');
  });

  it('honours smaller limits passed in', () => {
    const limits = { maxFrameBytes: 32, maxHeaders: 1, maxHeaderLineBytes: 8 };
    expectCode(() => collector(limits).parser.push('SEND\na:1\nb:2\n\n\0'), 'TOO_MANY_HEADERS');
    expectCode(() => collector(limits).parser.push('SEND\na:123456789\n\n\0'), 'HEADER_LINE_TOO_LONG');
    expectCode(() => collector(limits).parser.push(`SEND\n\n${'x'.repeat(30)}\0`), 'FRAME_TOO_LARGE');
  });
});

describe('FrameParser: random input (property test)', () => {
  const tokens = [
    'SEND',
    'MESSAGE',
    'CONNECT',
    'SUBSCRIBE',
    '\n',
    '\r\n',
    '\r',
    '\0',
    ':',
    '\\',
    '\\c',
    '\\n',
    '\\t',
    'content-length:',
    'content-length:3',
    'destination:/a',
    '0',
    '7',
    'ñ',
    '€',
    '😀',
    'x',
  ];
  const limits = { maxFrameBytes: 256, maxHeaders: 4, maxHeaderLineBytes: 64 };

  function randomInput(random: () => number): Buffer {
    const parts: Buffer[] = [];
    const pieces = Math.floor(random() * 40);
    for (let i = 0; i < pieces; i += 1) {
      if (random() < 0.3) {
        parts.push(
          Buffer.from(Array.from({ length: Math.floor(random() * 8) }, () => Math.floor(random() * 256))),
        );
      } else {
        parts.push(Buffer.from(tokens[Math.floor(random() * tokens.length)] ?? ''));
      }
    }
    return Buffer.concat(parts);
  }

  function mutatedFrames(random: () => number): Buffer {
    const valid = Buffer.from(
      serializeFrame({ command: 'SEND', headers: { destination: '/a', x: 'ñ:\\' }, body: 'hola €' }).repeat(
        3,
      ),
    );
    const flips = 1 + Math.floor(random() * 4);
    for (let i = 0; i < flips; i += 1)
      valid[Math.floor(random() * valid.length)] = Math.floor(random() * 256);
    return valid;
  }

  it('only ever throws StompProtocolError, never hangs, never holds more than its limit', () => {
    const random = prng(20240611);
    let frames = 0;
    let errors = 0;
    const started = Date.now();
    for (let run = 0; run < 4000; run += 1) {
      const input = run % 2 === 0 ? randomInput(random) : mutatedFrames(random);
      const c = collector(limits);
      let failed: unknown;
      let offset = 0;
      while (offset < input.length) {
        const size = 1 + Math.floor(random() * 24);
        try {
          c.parser.push(input.subarray(offset, offset + size));
        } catch (error) {
          expect(error).toBeInstanceOf(StompProtocolError);
          if (failed) expect(error).toBe(failed);
          failed ??= error;
        }
        expect(c.parser.bufferedBytes).toBeLessThanOrEqual(limits.maxFrameBytes + 1);
        offset += size;
      }
      frames += c.frames.length;
      if (failed) errors += 1;
    }
    // the generator must reach both outcomes for the test to mean anything
    expect(frames).toBeGreaterThan(100);
    expect(errors).toBeGreaterThan(100);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
