import { describe, expect, it, vi } from 'vitest';
import { coalescingTransport, type FrameSocket } from './coalescing-transport.ts';
import type { ParsedFrame } from './frame.ts';
import { FrameParser } from './frame-parser.ts';
import { serializeFrame } from './frame-serializer.ts';
import { StompSession } from './session.ts';
import { STOMP_CLOSE_CODES } from './session-types.ts';

/** A socket that records each WebSocket message it is given, and a buffer the test can fill. */
function fakeSocket() {
  const socket = {
    messages: [] as string[],
    events: [] as string[],
    bufferedAmount: 0,
    send: vi.fn((data: string) => {
      socket.messages.push(data);
      socket.events.push('send');
    }),
    close: vi.fn((code?: number) => {
      socket.events.push(`close ${code}`);
    }),
  };
  return socket;
}

const endOfTick = () => new Promise<void>((resolve) => process.nextTick(resolve));

function parse(message: string): ParsedFrame[] {
  const frames: ParsedFrame[] = [];
  new FrameParser({ onFrame: (frame) => frames.push(frame) }).push(message);
  return frames;
}

describe('coalescingTransport', () => {
  it('sends the frames of one tick as one message, in order, and the next tick as another', async () => {
    const socket = fakeSocket();
    const transport = coalescingTransport(socket, vi.fn());
    transport.send(
      serializeFrame({ command: 'MESSAGE', headers: { destination: '/topic/messages' }, body: '{}' }),
    );
    transport.send(serializeFrame({ command: 'RECEIPT', headers: { 'receipt-id': 'm-1' } }));
    expect(socket.send).not.toHaveBeenCalled();
    await endOfTick();
    expect(socket.messages).toHaveLength(1);
    expect(parse(socket.messages[0] as string).map((frame) => frame.command)).toEqual(['MESSAGE', 'RECEIPT']);

    transport.send('\n');
    await endOfTick();
    expect(socket.messages).toEqual([expect.any(String), '\n']);
  });

  it('keeps sockets apart: each gets its own message', async () => {
    const [a, b] = [fakeSocket(), fakeSocket()];
    const [ta, tb] = [coalescingTransport(a, vi.fn()), coalescingTransport(b, vi.fn())];
    ta.send('A1\0');
    tb.send('B1\0');
    ta.send('A2\0');
    await endOfTick();
    expect(a.messages).toEqual(['A1\0A2\0']);
    expect(b.messages).toEqual(['B1\0']);
  });

  it('counts the frames it holds in bufferedAmount, in UTF-8 bytes', async () => {
    const socket = fakeSocket();
    socket.bufferedAmount = 100;
    const transport = coalescingTransport(socket, vi.fn());
    transport.send('ñ€\0');
    expect(transport.bufferedAmount()).toBe(100 + 2 + 3 + 1);
    await endOfTick();
    expect(transport.bufferedAmount()).toBe(100);
  });

  it('sends what it holds before the close', async () => {
    const socket = fakeSocket();
    const transport = coalescingTransport(socket, vi.fn());
    transport.send('ERROR\n\n\0');
    transport.close(1002, 'mal');
    expect(socket.events).toEqual(['send', 'close 1002']);
    await endOfTick();
    expect(socket.messages).toEqual(['ERROR\n\n\0']);
  });

  it('reports a send that throws at the end of the tick and closes the socket, sparing the others', async () => {
    const [broken, fine] = [fakeSocket(), fakeSocket()];
    broken.send.mockImplementation(() => {
      throw new Error('socket gone');
    });
    const onError = vi.fn();
    coalescingTransport(broken, onError).send('A\0');
    coalescingTransport(fine, vi.fn()).send('B\0');
    await endOfTick();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'socket gone' }));
    expect(broken.close).toHaveBeenCalledWith(STOMP_CLOSE_CODES.internalError);
    expect(fine.messages).toEqual(['B\0']);
  });

  it("lets the session's slow-consumer limit see frames not yet sent", async () => {
    const socket: FrameSocket & ReturnType<typeof fakeSocket> = fakeSocket();
    const session = new StompSession<{ id: string }>({
      transport: coalescingTransport(socket, vi.fn()),
      authenticate: async () => ({ id: 'u1' }),
      onSend: () => {},
      maxBufferedBytes: 1000,
    });
    session.receive(
      `${serializeFrame({ command: 'CONNECT', headers: { 'accept-version': '1.2' } })}${serializeFrame({ command: 'SUBSCRIBE', headers: { id: 's', destination: '/topic/messages' } })}`,
    );
    await session.whenIdle();
    let written = 0;
    // all in one tick: nothing reaches the socket, yet the session stops once 1000 bytes wait
    while (session.deliver('/topic/messages', {}, 'x'.repeat(300)) === 1) written += 1;
    expect(written).toBeLessThanOrEqual(3);
    expect(session.state).toBe('closed');
    expect(socket.events.at(-1)).toBe(`close ${STOMP_CLOSE_CODES.policyViolation}`);
  });
});
