import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import { es } from '@l4l/shared/texts/es';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../lib/app-error.ts';
import { type ParsedFrame, type StompHeaders, StompProtocolError } from './frame.ts';
import { FrameParser } from './frame-parser.ts';
import { serializeFrame } from './frame-serializer.ts';
import { negotiateHeartbeat, negotiateVersion } from './negotiation.ts';
import { StompSession, type StompSessionOptions } from './session.ts';
import { STOMP_CLOSE_CODES } from './session-types.ts';

type Principal = { userId: string };
type Options = Partial<StompSessionOptions<Principal>>;

/** A session on an in-memory transport, with what it wrote parsed back into frames. */
function harness(options: Options = {}) {
  const written: string[] = [];
  const closes: Array<{ code?: number; reason?: string }> = [];
  const transport = {
    buffered: 0,
    send: vi.fn((data: string) => {
      written.push(data);
    }),
    close: vi.fn((code?: number, reason?: string) => {
      closes.push({ code, reason });
    }),
    bufferedAmount: () => transport.buffered,
  };
  const onSend = vi.fn<StompSessionOptions<Principal>['onSend']>(async () => {});
  const onClose = vi.fn();
  const onError = vi.fn();
  const authenticate = vi.fn(async (headers: Readonly<StompHeaders>) =>
    headers.Authorization === 'Bearer good' || headers.passcode === 'good' ? { userId: 'u1' } : null,
  );
  const session = new StompSession<Principal>({
    transport,
    authenticate,
    onSend,
    onClose,
    onError,
    sessionId: 's1',
    ...options,
  });

  function frames(): ParsedFrame[] {
    const out: ParsedFrame[] = [];
    const parser = new FrameParser({
      onFrame: (frame) => out.push(frame),
      unescapeHeaders: session.version !== '1.0',
    });
    parser.push(written.filter((data) => data !== '\n').join(''));
    return out;
  }

  return {
    session,
    transport,
    written,
    closes,
    onSend,
    onClose,
    onError,
    authenticate,
    frames,
    commands: () => frames().map((frame) => frame.command),
    last: () => frames().at(-1),
    heartbeats: () => written.filter((data) => data === '\n').length,
    /** sends client frames, serialized like a STOMP client would, in one WebSocket message */
    send(...clientFrames: Parameters<typeof serializeFrame>[0][]) {
      session.receive(clientFrames.map((frame) => serializeFrame(frame as never) as string).join(''));
    },
    async connect(headers: StompHeaders = { 'accept-version': '1.2', Authorization: 'Bearer good' }) {
      session.receive(serializeFrame({ command: 'CONNECT', headers }));
      await session.whenIdle();
    },
  };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('negotiation helpers', () => {
  it.each([
    [undefined, '1.0'],
    ['1.2', '1.2'],
    ['1.0,1.1,1.2', '1.2'],
    ['1.1', '1.1'],
    ['1.0, 1.1', '1.1'],
    ['1.0', '1.0'],
    ['2.0,3.1', undefined],
    ['', undefined],
  ])('accept-version %j gives %j', (header, version) => {
    expect(negotiateVersion(header)).toBe(version);
  });

  it.each([
    [[0, 0], 0, 0],
    [[5000, 20_000], 20_000, 10_000],
    [[15_000, 0], 0, 15_000],
    [[0, 1000], 10_000, 0],
    [[1000, 1000], 10_000, 10_000],
  ] as const)('client heart-beat %j gives outgoing %i and incoming %i', (client, outgoingMs, incomingMs) => {
    expect(negotiateHeartbeat(client, { serverOutgoingMs: 10_000, serverIncomingMs: 10_000 })).toEqual({
      outgoingMs,
      incomingMs,
    });
  });
});

describe('StompSession: CONNECT', () => {
  it('answers CONNECTED for STOMP 1.2 with version, heart-beat, server and session', async () => {
    const h = harness();
    await h.connect({ 'accept-version': '1.0,1.1,1.2', host: 'l4l', Authorization: 'Bearer good' });
    expect(h.frames()).toEqual([
      {
        command: 'CONNECTED',
        headers: { version: '1.2', server: 'L4L', session: 's1', 'heart-beat': '10000,10000' },
        body: Buffer.alloc(0),
      },
    ]);
    expect(h.session.state).toBe('connected');
    expect(h.session.principal).toEqual({ userId: 'u1' });
    expect(h.authenticate).toHaveBeenCalledWith(
      expect.objectContaining({ Authorization: 'Bearer good', host: 'l4l', 'accept-version': '1.0,1.1,1.2' }),
    );
    h.session.close();
  });

  it('negotiates 1.1 for a 1.1 client and accepts the STOMP command', async () => {
    const h = harness();
    h.session.receive('STOMP\naccept-version:1.0,1.1\npasscode:good\n\n\0');
    await h.session.whenIdle();
    expect(h.last()?.headers.version).toBe('1.1');
    h.session.close();
  });

  it('takes a CONNECT without accept-version as STOMP 1.0, without heart-beats or escaping', async () => {
    const h = harness();
    await h.connect({ passcode: 'good' });
    expect(h.last()?.headers).toEqual({ version: '1.0', server: 'L4L', session: 's1' });
    expect(h.session.heartbeat).toEqual({ outgoingMs: 0, incomingMs: 0 });
    // 1.0 headers are raw: a backslash is a backslash
    h.session.receive('SEND\ndestination:/app/chat\nx:a\\tb:c\n\nhola\0');
    await h.session.whenIdle();
    expect(h.onSend.mock.calls[0]?.[2].x).toBe('a\\tb:c');
    h.session.close();
  });

  it('answers ERROR with the versions it speaks when there is no common one, then closes', async () => {
    const h = harness();
    await h.connect({ 'accept-version': '2.0', Authorization: 'Bearer good' });
    expect(h.last()?.command).toBe('ERROR');
    expect(h.last()?.headers.version).toBe('1.2,1.1,1.0');
    expect(h.last()?.headers.message).toBe(es.stomp.unsupportedVersion);
    expect(h.closes).toEqual([
      { code: STOMP_CLOSE_CODES.protocolError, reason: es.stomp.unsupportedVersion },
    ]);
    expect(h.authenticate).not.toHaveBeenCalled();
  });

  it("refuses a client authenticate turns down with ERROR 'No autorizado' and closes", async () => {
    const h = harness();
    await h.connect({ 'accept-version': '1.2', Authorization: 'Bearer bad', receipt: 'c1' });
    expect(h.frames()).toHaveLength(1);
    expect(h.last()?.command).toBe('ERROR');
    expect(h.last()?.headers.message).toBe('No autorizado');
    expect(h.last()?.headers['receipt-id']).toBe('c1');
    expect(h.last()?.body.toString()).toBe('No autorizado');
    expect(h.closes).toEqual([{ code: STOMP_CLOSE_CODES.policyViolation, reason: 'No autorizado' }]);
    expect(h.onClose).toHaveBeenCalledWith(
      { code: 1008, reason: 'No autorizado', principal: null },
      h.session,
    );
  });

  it('reports an AppError of authenticate with its message, and any other failure without details', async () => {
    const banned = harness({
      authenticate: async () => {
        throw new AppError('USER_BANNED');
      },
    });
    await banned.connect();
    expect(banned.last()?.headers.message).toBe(ERROR_MESSAGES.USER_BANNED);
    expect(banned.session.state).toBe('closed');
    expect(banned.onError).not.toHaveBeenCalled();

    const broken = harness({
      authenticate: async () => {
        throw new Error('database is down at 10.0.0.3');
      },
    });
    await broken.connect();
    expect(broken.last()?.headers.message).toBe(ERROR_MESSAGES.INTERNAL_ERROR);
    expect(broken.written.join('')).not.toContain('10.0.0.3');
    expect(broken.onError).toHaveBeenCalledWith(expect.any(Error), broken.session);
    expect(broken.session.state).toBe('closed');
  });

  it('keeps a close reason within the 123 bytes a WebSocket allows', async () => {
    const h = harness({
      authenticate: async () => {
        throw new AppError('FORBIDDEN', { message: 'ñ'.repeat(100) });
      },
    });
    await h.connect();
    expect(h.last()?.headers.message).toBe('ñ'.repeat(100));
    expect(Buffer.byteLength(h.closes[0]?.reason ?? '')).toBeLessThanOrEqual(123);
    expect(h.closes[0]?.reason).toBe('ñ'.repeat(61));
  });

  it('refuses a first frame that is not CONNECT', async () => {
    const h = harness();
    h.send({ command: 'SEND', headers: { destination: '/app/chat' }, body: '{}' });
    await h.session.whenIdle();
    expect(h.last()?.headers.message).toBe(es.stomp.connectFirst);
    expect(h.closes[0]?.code).toBe(STOMP_CLOSE_CODES.protocolError);
    expect(h.onSend).not.toHaveBeenCalled();
  });

  it('refuses a second CONNECT', async () => {
    const h = harness();
    await h.connect();
    await h.connect();
    expect(h.commands()).toEqual(['CONNECTED', 'ERROR']);
    expect(h.last()?.headers.message).toBe(es.stomp.alreadyConnected);
    expect(h.session.state).toBe('closed');
  });

  it('refuses a malformed heart-beat header', async () => {
    const h = harness();
    await h.connect({ 'accept-version': '1.2', passcode: 'good', 'heart-beat': 'often' });
    expect(h.last()?.headers.message).toBe(es.stomp.invalidHeader('heart-beat'));
    expect(h.session.state).toBe('closed');
  });

  it('holds frames that arrive with CONNECT until authentication is done, then handles them in order', async () => {
    const auth = deferred();
    const h = harness({
      authenticate: async () => {
        await auth.promise;
        return { userId: 'u1' };
      },
    });
    h.send(
      { command: 'CONNECT', headers: { 'accept-version': '1.2' } },
      { command: 'SUBSCRIBE', headers: { id: 'sub-0', destination: '/topic/messages', receipt: 'r1' } },
      { command: 'SEND', headers: { destination: '/app/chat', receipt: 'r2' }, body: '{"text":"hola"}' },
    );
    await flush();
    expect(h.written).toEqual([]);
    auth.resolve();
    await h.session.whenIdle();
    expect(h.commands()).toEqual(['CONNECTED', 'RECEIPT', 'RECEIPT']);
    expect(h.frames().map((f) => f.headers['receipt-id'])).toEqual([undefined, 'r1', 'r2']);
    expect(h.session.subscriptions().map((s) => s.id)).toEqual(['sub-0']);
    h.session.close();
  });
});

describe('StompSession: SUBSCRIBE and UNSUBSCRIBE', () => {
  it('records subscriptions with their id, destination and ack mode, and answers receipts', async () => {
    const h = harness();
    await h.connect();
    h.send(
      { command: 'SUBSCRIBE', headers: { id: 'a', destination: '/topic/messages', receipt: 'r1' } },
      { command: 'SUBSCRIBE', headers: { id: 'b', destination: '/user/queue/messages', ack: 'client' } },
    );
    await h.session.whenIdle();
    expect(h.session.subscriptions()).toEqual([
      { id: 'a', destination: '/topic/messages', ack: 'auto', headers: expect.any(Object) },
      { id: 'b', destination: '/user/queue/messages', ack: 'client', headers: expect.any(Object) },
    ]);
    expect(h.last()).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': 'r1' } });
    h.send({ command: 'UNSUBSCRIBE', headers: { id: 'a', receipt: 'r2' } });
    await h.session.whenIdle();
    expect(h.session.subscriptions().map((s) => s.id)).toEqual(['b']);
    expect(h.last()?.headers['receipt-id']).toBe('r2');
    h.session.close();
  });

  it('uses the destination as the id for a STOMP 1.0 client', async () => {
    const h = harness();
    await h.connect({ passcode: 'good' });
    h.send({ command: 'SUBSCRIBE', headers: { destination: '/topic/messages' } });
    await h.session.whenIdle();
    expect(h.session.subscriptions()[0]?.id).toBe('/topic/messages');
    h.send({ command: 'UNSUBSCRIBE', headers: { destination: '/topic/messages' } });
    await h.session.whenIdle();
    expect(h.session.subscriptions()).toEqual([]);
    h.session.close();
  });

  it.each([
    ['without an id', { destination: '/topic/messages' }, es.stomp.missingHeader('id')],
    ['without a destination', { id: 'a' }, es.stomp.missingHeader('destination')],
    [
      'with an unknown ack mode',
      { id: 'a', destination: '/t', ack: 'sometimes' },
      es.stomp.invalidHeader('ack'),
    ],
  ])('closes on a SUBSCRIBE %s', async (_, headers, message) => {
    const h = harness();
    await h.connect();
    h.send({ command: 'SUBSCRIBE', headers });
    await h.session.whenIdle();
    expect(h.last()?.headers.message).toBe(message);
    expect(h.session.state).toBe('closed');
  });

  it('closes on a duplicate subscription id', async () => {
    const h = harness();
    await h.connect();
    const subscribe = { command: 'SUBSCRIBE', headers: { id: 'a', destination: '/topic/messages' } } as const;
    h.send(subscribe, subscribe);
    await h.session.whenIdle();
    expect(h.last()?.headers.message).toBe(es.stomp.duplicateSubscription);
    expect(h.session.state).toBe('closed');
  });

  it('refuses subscriptions beyond the limit without closing', async () => {
    const h = harness({ maxSubscriptions: 2 });
    await h.connect();
    for (const id of ['a', 'b', 'c']) h.send({ command: 'SUBSCRIBE', headers: { id, destination: '/t' } });
    await h.session.whenIdle();
    expect(h.last()?.headers.message).toBe(es.stomp.tooManySubscriptions);
    expect(h.session.subscriptions()).toHaveLength(2);
    expect(h.session.state).toBe('connected');
    h.session.close();
  });

  it('lets onSubscribe refuse a destination with an AppError, keeping the connection', async () => {
    const onSubscribe = vi.fn(async (_principal: Principal, subscription: { destination: string }) => {
      if (subscription.destination !== '/topic/messages') throw new AppError('FORBIDDEN');
    });
    const h = harness({ onSubscribe });
    await h.connect();
    h.send(
      { command: 'SUBSCRIBE', headers: { id: 'a', destination: '/topic/everything', receipt: 'r1' } },
      { command: 'SUBSCRIBE', headers: { id: 'b', destination: '/topic/messages', receipt: 'r2' } },
    );
    await h.session.whenIdle();
    expect(h.commands()).toEqual(['CONNECTED', 'ERROR', 'RECEIPT']);
    expect(h.frames()[1]?.headers).toMatchObject({ message: ERROR_MESSAGES.FORBIDDEN, 'receipt-id': 'r1' });
    expect(h.session.subscriptions().map((s) => s.id)).toEqual(['b']);
    expect(onSubscribe).toHaveBeenCalledWith(
      { userId: 'u1' },
      expect.objectContaining({ id: 'a' }),
      h.session,
    );
    h.session.close();
  });
});

describe('StompSession: SEND', () => {
  it('hands the SEND to onSend with the principal, destination, headers and UTF-8 body', async () => {
    const h = harness();
    await h.connect();
    const body = '{"text":"¿Mañana a las 10€? 😀"}';
    h.send({
      command: 'SEND',
      headers: { destination: '/app/chat', 'content-type': 'application/json' },
      body,
    });
    await h.session.whenIdle();
    expect(h.onSend).toHaveBeenCalledWith(
      { userId: 'u1' },
      '/app/chat',
      expect.objectContaining({ destination: '/app/chat', 'content-type': 'application/json' }),
      body,
      h.session,
    );
    expect(h.commands()).toEqual(['CONNECTED']);
    h.session.close();
  });

  it('answers the receipt only after onSend has resolved', async () => {
    const stored = deferred();
    const h = harness({ onSend: () => stored.promise });
    await h.connect();
    h.send({ command: 'SEND', headers: { destination: '/app/chat', receipt: 'm-1' }, body: '{}' });
    await flush();
    expect(h.commands()).toEqual(['CONNECTED']);
    stored.resolve();
    await h.session.whenIdle();
    expect(h.last()).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': 'm-1' } });
    h.session.close();
  });

  it('processes SENDs one at a time, in arrival order, whatever order their work finishes in', async () => {
    const pending: Array<ReturnType<typeof deferred>> = [];
    const bodies: string[] = [];
    const h = harness({
      onSend: (_principal, _destination, _headers, body) => {
        bodies.push(body);
        const work = deferred();
        pending.push(work);
        return work.promise;
      },
    });
    await h.connect();
    h.send(
      { command: 'SEND', headers: { destination: '/app/chat', receipt: 'r1' }, body: '1' },
      { command: 'SEND', headers: { destination: '/app/chat', receipt: 'r2' }, body: '2' },
    );
    h.send({ command: 'SEND', headers: { destination: '/app/chat', receipt: 'r3' }, body: '3' });
    await flush();
    expect(bodies).toEqual(['1']);
    pending[0]?.resolve();
    await flush();
    expect(bodies).toEqual(['1', '2']);
    pending[1]?.resolve();
    await flush();
    pending[2]?.resolve();
    await h.session.whenIdle();
    expect(bodies).toEqual(['1', '2', '3']);
    expect(h.frames().map((f) => f.headers['receipt-id'])).toEqual([undefined, 'r1', 'r2', 'r3']);
    h.session.close();
  });

  it('answers an AppError with ERROR (message, code, receipt-id, text body) and stays connected', async () => {
    const h = harness();
    h.onSend.mockRejectedValueOnce(new AppError('RATE_LIMITED'));
    await h.connect();
    h.send({ command: 'SEND', headers: { destination: '/app/chat', receipt: 'r1' }, body: '{}' });
    h.send({ command: 'SEND', headers: { destination: '/app/chat', receipt: 'r2' }, body: '{}' });
    await h.session.whenIdle();
    const [, error, receipt] = h.frames();
    expect(error?.command).toBe('ERROR');
    expect(error?.headers).toMatchObject({
      message: ERROR_MESSAGES.RATE_LIMITED,
      code: 'RATE_LIMITED',
      'receipt-id': 'r1',
      'content-type': 'text/plain;charset=utf-8',
    });
    expect(error?.body.toString()).toBe(ERROR_MESSAGES.RATE_LIMITED);
    expect(receipt).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': 'r2' } });
    expect(h.session.state).toBe('connected');
    expect(h.transport.close).not.toHaveBeenCalled();
    h.session.close();
  });

  it('answers an unexpected failure with a generic ERROR, logs it and stays connected', async () => {
    const h = harness();
    h.onSend.mockRejectedValueOnce(new TypeError('cannot read properties of undefined (secret)'));
    await h.connect();
    h.send({ command: 'SEND', headers: { destination: '/app/chat' }, body: '{}' });
    await h.session.whenIdle();
    expect(h.last()?.headers.message).toBe(ERROR_MESSAGES.INTERNAL_ERROR);
    expect(h.written.join('')).not.toContain('secret');
    expect(h.onError).toHaveBeenCalledWith(expect.any(TypeError), h.session);
    expect(h.session.state).toBe('connected');
    h.session.close();
  });

  it('closes when onSend reports a protocol error', async () => {
    const h = harness();
    h.onSend.mockRejectedValueOnce(
      new StompProtocolError('INVALID_HEADER', es.stomp.invalidHeader('destination')),
    );
    await h.connect();
    h.send({ command: 'SEND', headers: { destination: '/nowhere' }, body: '{}' });
    await h.session.whenIdle();
    expect(h.last()?.headers.message).toBe(es.stomp.invalidHeader('destination'));
    expect(h.closes[0]?.code).toBe(STOMP_CLOSE_CODES.protocolError);
  });

  it('closes on a SEND without destination', async () => {
    const h = harness();
    await h.connect();
    h.send({ command: 'SEND', body: '{}' });
    await h.session.whenIdle();
    expect(h.last()?.headers.message).toBe(es.stomp.missingHeader('destination'));
    expect(h.session.state).toBe('closed');
    expect(h.onSend).not.toHaveBeenCalled();
  });

  it('refuses a body that is not UTF-8 without closing', async () => {
    const h = harness();
    await h.connect();
    h.session.receive(
      serializeFrame({ command: 'SEND', headers: { destination: '/app/chat' }, body: Buffer.of(0xff) }),
    );
    await h.session.whenIdle();
    expect(h.last()?.headers.message).toBe(es.stomp.invalidBody);
    expect(h.session.state).toBe('connected');
    expect(h.onSend).not.toHaveBeenCalled();
    h.session.close();
  });

  it('closes a client that queues more frames than allowed while onSend is slow', async () => {
    const h = harness({ maxPendingFrames: 4, onSend: () => new Promise(() => {}) });
    await h.connect();
    for (let i = 0; i < 6; i += 1)
      h.send({ command: 'SEND', headers: { destination: '/app/chat' }, body: `${i}` });
    expect(h.last()?.headers.message).toBe(es.stomp.tooManyPending);
    expect(h.session.state).toBe('closed');
  });
});

describe('StompSession: other frames', () => {
  it('acknowledges ACK and NACK, and refuses transactions without closing', async () => {
    const h = harness();
    await h.connect();
    h.send(
      { command: 'ACK', headers: { id: 'm1', receipt: 'a1' } },
      { command: 'NACK', headers: { id: 'm2', receipt: 'a2' } },
      { command: 'BEGIN', headers: { transaction: 't1', receipt: 'b1' } },
      { command: 'SEND', headers: { destination: '/app/chat', transaction: 't1' }, body: '{}' },
      { command: 'COMMIT', headers: { transaction: 't1' } },
      { command: 'ABORT', headers: { transaction: 't1' } },
    );
    await h.session.whenIdle();
    expect(h.commands()).toEqual(['CONNECTED', 'RECEIPT', 'RECEIPT', 'ERROR', 'ERROR', 'ERROR', 'ERROR']);
    expect(h.frames()[3]?.headers).toMatchObject({
      message: es.stomp.transactionsUnsupported,
      'receipt-id': 'b1',
    });
    expect(h.onSend).not.toHaveBeenCalled();
    expect(h.session.state).toBe('connected');
    h.session.close();
  });

  it('answers DISCONNECT with its receipt after the SENDs before it, then closes normally', async () => {
    const stored = deferred();
    const h = harness({ onSend: () => stored.promise });
    await h.connect();
    h.send(
      { command: 'SEND', headers: { destination: '/app/chat', receipt: 's1' }, body: '{}' },
      { command: 'DISCONNECT', headers: { receipt: 'bye' } },
    );
    await flush();
    expect(h.session.state).toBe('connected');
    stored.resolve();
    await h.session.whenIdle();
    expect(h.frames().map((f) => f.headers['receipt-id'])).toEqual([undefined, 's1', 'bye']);
    expect(h.closes).toEqual([{ code: 1000, reason: '' }]);
    expect(h.onClose).toHaveBeenCalledWith(
      { code: 1000, reason: '', principal: { userId: 'u1' } },
      h.session,
    );
  });

  it('answers a malformed frame with ERROR and closes (protocol error), a huge one with 1009', async () => {
    const h = harness();
    await h.connect();
    h.session.receive('SEND\ndestination:/app/chat\nbad\\escape:x\n\n\0');
    expect(h.last()?.headers.message).toBe(es.stomp.undefinedEscape);
    expect(h.closes).toEqual([{ code: 1002, reason: es.stomp.undefinedEscape }]);

    const big = harness({ maxFrameBytes: 1024 });
    await big.connect();
    big.session.receive(`SEND\ndestination:/app/chat\n\n${'x'.repeat(2000)}`);
    expect(big.last()?.headers.message).toBe(es.stomp.frameTooLarge(1024));
    expect(big.closes[0]?.code).toBe(STOMP_CLOSE_CODES.tooBig);
  });

  it('refuses server frames sent by a client', async () => {
    const h = harness();
    await h.connect();
    h.session.receive('MESSAGE\ndestination:/topic/messages\n\n{}\0');
    expect(h.last()?.headers.message).toBe(es.stomp.unknownCommand);
    expect(h.session.state).toBe('closed');
  });

  it('reassembles frames split across messages, in every form ws hands them over', async () => {
    const h = harness();
    const connect = Buffer.from(serializeFrame({ command: 'CONNECT', headers: { passcode: 'good' } }));
    h.session.receive([connect.subarray(0, 5), connect.subarray(5)]);
    await h.session.whenIdle();
    const send = Buffer.from(
      serializeFrame({ command: 'SEND', headers: { destination: '/ñ' }, body: '€😀' }),
    );
    for (const byte of send) h.session.receive(Uint8Array.of(byte).buffer);
    await h.session.whenIdle();
    expect(h.onSend).toHaveBeenCalledWith({ userId: 'u1' }, '/ñ', expect.anything(), '€😀', h.session);
    h.session.close();
  });
});

describe('StompSession: delivering messages', () => {
  async function subscribed(options: Options = {}, connectHeaders?: StompHeaders) {
    const h = harness(options);
    await h.connect(connectHeaders);
    h.send(
      { command: 'SUBSCRIBE', headers: { id: 'sub-0', destination: '/topic/messages' } },
      { command: 'SUBSCRIBE', headers: { id: 'sub-1', destination: '/user/queue/messages', ack: 'client' } },
      { command: 'SUBSCRIBE', headers: { id: 'sub-2', destination: '/topic/other' } },
    );
    await h.session.whenIdle();
    return h;
  }

  it('writes MESSAGE frames to the matching subscriptions only', async () => {
    const h = await subscribed();
    const body = JSON.stringify({ id: 1, text: 'Buenos días, ¿qué tal? 😀' });
    expect(h.session.deliver('/topic/messages', { 'x-chat': '42' }, body)).toBe(1);
    expect(h.last()).toEqual({
      command: 'MESSAGE',
      headers: {
        'content-type': 'application/json',
        'x-chat': '42',
        subscription: 'sub-0',
        'message-id': 's1-1',
        destination: '/topic/messages',
        'content-length': String(Buffer.byteLength(body)),
      },
      body: Buffer.from(body),
    });
    const delivered = h.session.deliver((s) => s.destination.endsWith('/messages'), {}, '{}');
    expect(delivered).toBe(2);
    expect(
      h
        .frames()
        .slice(-2)
        .map((f) => f.headers.subscription),
    ).toEqual(['sub-0', 'sub-1']);
    h.session.close();
  });

  it('adds the ack header for a 1.2 subscription that acknowledges, and not for 1.1', async () => {
    const h12 = await subscribed();
    h12.session.sendMessage('sub-1', '/user/queue/messages', '{}');
    expect(h12.last()?.headers.ack).toBe(h12.last()?.headers['message-id']);
    h12.session.close();
    const h11 = await subscribed({}, { 'accept-version': '1.1', passcode: 'good' });
    h11.session.sendMessage('sub-1', '/user/queue/messages', '{}');
    expect(h11.last()?.headers.ack).toBeUndefined();
    h11.session.close();
  });

  it('keeps the protocol headers from being overridden and refuses unknown subscriptions', async () => {
    const h = await subscribed();
    expect(
      h.session.sendMessage('sub-0', '/topic/messages', '{}', { subscription: 'forged', 'message-id': 'x' }),
    ).toBe(true);
    expect(h.last()?.headers).toMatchObject({ subscription: 'sub-0', 'message-id': 's1-1' });
    expect(h.session.sendMessage('nope', '/topic/messages', '{}')).toBe(false);
    h.session.close();
    expect(h.session.sendMessage('sub-0', '/topic/messages', '{}')).toBe(false);
    expect(h.session.deliver('/topic/messages', {}, '{}')).toBe(0);
  });

  it('closes a slow consumer instead of buffering without bound', async () => {
    const h = await subscribed({ maxBufferedBytes: 1024 });
    const before = h.written.length;
    h.transport.buffered = 4096;
    expect(h.session.deliver((s) => s.destination.endsWith('/messages'), {}, '{}')).toBe(0);
    expect(h.written).toHaveLength(before);
    expect(h.closes).toEqual([{ code: STOMP_CLOSE_CODES.policyViolation, reason: es.stomp.slowConsumer }]);
    expect(h.session.state).toBe('closed');
  });
});

describe('StompSession: heart-beats and timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const connectWithHeartbeat = async (heartBeat: string, options: Options = {}) => {
    const h = harness(options);
    await h.connect({ 'accept-version': '1.2', passcode: 'good', 'heart-beat': heartBeat });
    return h;
  };

  /** no heart-beat for `ms - 1` ms, then exactly one */
  const expectOneBeatAfter = (h: ReturnType<typeof harness>, ms: number) => {
    const before = h.heartbeats();
    vi.advanceTimersByTime(ms - 1);
    expect(h.heartbeats()).toBe(before);
    vi.advanceTimersByTime(1);
    expect(h.heartbeats()).toBe(before + 1);
  };

  it('sends an EOL when nothing else was written for the outgoing interval', async () => {
    const h = await connectWithHeartbeat('10000,10000');
    expect(h.session.heartbeat).toEqual({ outgoingMs: 10_000, incomingMs: 10_000 });
    expectOneBeatAfter(h, 10_000);
    h.session.receive('\n');
    vi.advanceTimersByTime(10_000);
    expect(h.heartbeats()).toBe(2);
    h.session.close();
  });

  it('postpones the heart-beat while frames are being written', async () => {
    const h = await connectWithHeartbeat('0,10000');
    h.send({ command: 'SUBSCRIBE', headers: { id: 'a', destination: '/t' } });
    vi.advanceTimersByTime(6_000);
    h.session.deliver('/t', {}, '{}');
    expectOneBeatAfter(h, 10_000);
    h.session.close();
  });

  it('uses the slower of the two sides: a client asking every 20 s gets an EOL every 20 s', async () => {
    const h = await connectWithHeartbeat('0,20000');
    expectOneBeatAfter(h, 20_000);
    expectOneBeatAfter(h, 20_000);
    h.session.close();
  });

  it('closes a client silent for twice the incoming interval plus the grace', async () => {
    const h = await connectWithHeartbeat('10000,0');
    vi.advanceTimersByTime(15_000);
    h.session.receive('\r\n');
    vi.advanceTimersByTime(20_999);
    expect(h.session.state).toBe('connected');
    vi.advanceTimersByTime(1);
    expect(h.session.state).toBe('closed');
    expect(h.closes).toEqual([{ code: STOMP_CLOSE_CODES.goingAway, reason: es.stomp.heartbeatTimeout }]);
    expect(h.heartbeats()).toBe(0);
  });

  it('counts any frame as a sign of life, not only heart-beats', async () => {
    const h = await connectWithHeartbeat('10000,0', {
      heartbeat: { serverOutgoingMs: 0, serverIncomingMs: 5000 },
    });
    expect(h.session.heartbeat).toEqual({ outgoingMs: 0, incomingMs: 10_000 });
    expect(h.last()?.headers['heart-beat']).toBe('0,5000');
    for (let i = 0; i < 5; i += 1) {
      vi.advanceTimersByTime(20_000);
      h.send({ command: 'ACK', headers: { id: `${i}` } });
    }
    expect(h.session.state).toBe('connected');
    vi.advanceTimersByTime(21_000);
    expect(h.session.state).toBe('closed');
  });

  it('beats in neither direction when the client says 0,0 or speaks STOMP 1.0', async () => {
    const connections = [
      () => connectWithHeartbeat('0,0'),
      async () => {
        const h = harness();
        await h.connect({ passcode: 'good', 'heart-beat': '1000,1000' });
        return h;
      },
    ];
    for (const open of connections) {
      const h = await open();
      vi.advanceTimersByTime(3_600_000);
      expect(h.heartbeats()).toBe(0);
      expect(h.session.state).toBe('connected');
      expect(vi.getTimerCount()).toBe(0);
      h.session.close();
    }
  });

  it('does not spin on an absurd heart-beat value', async () => {
    const h = await connectWithHeartbeat('999999999999999,999999999999999');
    expect(vi.getTimerCount()).toBe(2);
    vi.advanceTimersByTime(2 ** 31);
    expect(h.heartbeats()).toBe(0);
    expect(vi.getTimerCount()).toBe(2);
    h.session.close();
  });

  it('closes a heart-beating slow consumer too', async () => {
    const h = await connectWithHeartbeat('10000,10000');
    h.transport.buffered = 2 * 1024 * 1024;
    vi.advanceTimersByTime(10_000);
    expect(h.heartbeats()).toBe(0);
    expect(h.closes[0]?.reason).toBe(es.stomp.slowConsumer);
  });

  it('closes a connection that sends no CONNECT in time', () => {
    const h = harness({ connectTimeoutMs: 5_000 });
    h.session.receive('\n');
    vi.advanceTimersByTime(5_000);
    expect(h.last()?.headers.message).toBe(es.stomp.connectTimeout);
    expect(h.closes[0]?.code).toBe(STOMP_CLOSE_CODES.policyViolation);
  });

  it('close is idempotent, clears every timer and calls onClose once', async () => {
    const h = await connectWithHeartbeat('10000,10000');
    expect(vi.getTimerCount()).toBe(2);
    h.session.close(4000, 'bye');
    h.session.close();
    expect(vi.getTimerCount()).toBe(0);
    expect(h.transport.close).toHaveBeenCalledTimes(1);
    expect(h.onClose).toHaveBeenCalledTimes(1);
    expect(h.onClose).toHaveBeenCalledWith(
      { code: 4000, reason: 'bye', principal: { userId: 'u1' } },
      h.session,
    );
    h.session.receive('SEND\ndestination:/a\n\n{}\0');
    await h.session.whenIdle();
    expect(h.onSend).not.toHaveBeenCalled();
    expect(h.written.filter((data) => data !== '\n')).toHaveLength(1);
  });

  it('drops the result of an onSend that finishes after the connection closed', async () => {
    vi.useRealTimers();
    const stored = deferred();
    const h = harness({ onSend: () => stored.promise });
    await h.connect();
    h.send({ command: 'SEND', headers: { destination: '/app/chat', receipt: 'late' }, body: '{}' });
    await flush();
    h.session.close();
    stored.resolve();
    await flush();
    expect(h.commands()).toEqual(['CONNECTED']);
  });
});

describe('StompSession: a graceful end (shutdown)', () => {
  const send = (receipt: string) => ({
    command: 'SEND' as const,
    headers: { destination: '/app/chat', receipt },
    body: receipt,
  });

  it('answers every SEND received before it, refuses those that arrive meanwhile, then closes', async () => {
    const pending: Array<ReturnType<typeof deferred>> = [];
    const h = harness({
      onSend: () => {
        const work = deferred();
        pending.push(work);
        return work.promise;
      },
    });
    await h.connect();
    h.send(send('r1'), send('r2'));
    await flush();
    const finished = h.session.finish(STOMP_CLOSE_CODES.goingAway, 60_000);
    h.send(send('late'));
    pending[0]?.resolve();
    await flush();
    pending[1]?.resolve();
    await finished;
    expect(h.frames().map((f) => [f.command, f.headers['receipt-id']])).toEqual([
      ['CONNECTED', undefined],
      ['ERROR', 'late'],
      ['RECEIPT', 'r1'],
      ['RECEIPT', 'r2'],
    ]);
    expect(h.frames()[1]?.headers.message).toBe(ERROR_MESSAGES.SERVICE_UNAVAILABLE);
    expect(h.closes).toEqual([{ code: STOMP_CLOSE_CODES.goingAway, reason: '' }]);
  });

  it('answers ERROR for the SENDs still waiting at the deadline, then closes', async () => {
    vi.useRealTimers();
    const stuck = deferred();
    const h = harness({ onSend: () => stuck.promise });
    await h.connect();
    h.send(send('r1'), send('r2'));
    await flush();
    await h.session.finish(STOMP_CLOSE_CODES.goingAway, 20);
    expect(h.frames().map((f) => [f.command, f.headers['receipt-id'], f.headers.message])).toEqual([
      ['CONNECTED', undefined, undefined],
      ['ERROR', 'r1', ERROR_MESSAGES.SERVICE_UNAVAILABLE],
      ['ERROR', 'r2', ERROR_MESSAGES.SERVICE_UNAVAILABLE],
    ]);
    expect(h.session.state).toBe('closed');
    stuck.resolve();
    await flush();
    expect(h.commands()).toHaveLength(3);
  });
});
