import type { AddressInfo } from 'node:net';
import type { IStompSocket } from '@stomp/stompjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type WebSocket as ServerSocket, WebSocket, WebSocketServer } from 'ws';
import {
  createStompConnection,
  joinSharedStomp,
  STOMP_HEARTBEAT_MS,
  type StompState,
  stompUrl,
} from './stomp-client.ts';

/** A tiny STOMP broker: CONNECTED, RECEIPT for any frame asking one, ERROR (with receipt-id) for a body saying "refuse". */
function fakeBroker() {
  const frames: { command: string; headers: Record<string, string>; body: string }[] = [];
  const sockets = new Set<ServerSocket>();
  let opened = 0;
  const server = new WebSocketServer({ port: 0, handleProtocols: () => 'v12.stomp' });
  const frame = (command: string, headers: Record<string, string>, body = '') =>
    `${command}\n${Object.entries(headers)
      .map(([key, value]) => `${key}:${value}`)
      .join('\n')}\n\n${body}\0`;
  server.on('connection', (socket) => {
    opened += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('message', (data) => {
      for (const raw of data.toString().split('\0')) {
        const text = raw.replace(/^\n+/, '');
        if (!text) continue;
        const [head = '', body = ''] = text.split('\n\n');
        const [command = '', ...lines] = head.split('\n');
        const headers = Object.fromEntries(lines.map((line) => line.split(/:(.*)/s).slice(0, 2)));
        frames.push({ command, headers, body });
        if (command === 'CONNECT' || command === 'STOMP') {
          socket.send(frame('CONNECTED', { version: '1.2', 'heart-beat': '0,0' }));
        } else if (headers.receipt) {
          socket.send(
            body.includes('refuse')
              ? frame('ERROR', { message: 'No autorizado', 'receipt-id': headers.receipt }, 'No autorizado')
              : frame('RECEIPT', { 'receipt-id': headers.receipt }),
          );
        }
      }
    });
  });
  const port = () => (server.address() as AddressInfo).port;
  return {
    url: () => `ws://127.0.0.1:${port()}/ws`,
    frames,
    opened: () => opened,
    open: () => sockets.size,
    dropEveryone: () => {
      for (const socket of sockets) socket.terminate();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.terminate();
        server.close(() => resolve());
      }),
  };
}

let broker: ReturnType<typeof fakeBroker> | null = null;
afterEach(async () => {
  await broker?.close();
  broker = null;
});

describe('stomp client', () => {
  it('reaches the broker on this origin, ws or wss as the page', () => {
    expect(stompUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
    expect(stompUrl({ protocol: 'https:', host: 'l4l.es' })).toBe('wss://l4l.es/ws');
  });

  it('connects, confirms a SEND by its RECEIPT, reports a refused one, and comes back after a drop', async () => {
    broker = fakeBroker();
    const states: StompState[] = [];
    const connected = vi.fn();
    const connection = createStompConnection({
      url: broker.url(),
      reconnectDelayMs: 50,
      // jsdom's WebSocket cannot talk to a Node server: `ws` stands in for the browser's
      socketFactory: (url) => new WebSocket(url, ['v12.stomp']) as unknown as IStompSocket,
      onStateChange: (state) => states.push(state),
      onConnected: connected,
    });
    await vi.waitFor(() => expect(connected).toHaveBeenCalledTimes(1));
    expect(connected).toHaveBeenLastCalledWith(connection, false);
    // docs/api/stomp.md, Heart-beats: 10000 ms both ways, offered in CONNECT
    const connect = broker.frames.find((f) => f.command === 'CONNECT' || f.command === 'STOMP');
    expect(connect?.headers['heart-beat']).toBe(`${STOMP_HEARTBEAT_MS},${STOMP_HEARTBEAT_MS}`);

    // a subscription says when the broker holds it (its RECEIPT): from then on nothing is missed
    const subscribed = vi.fn();
    connection.subscribe('/topic/messages', () => {}, subscribed);
    await vi.waitFor(() => expect(subscribed).toHaveBeenCalledOnce());
    const subscribe = broker.frames.find((f) => f.command === 'SUBSCRIBE');
    expect(subscribe?.headers.destination).toBe('/topic/messages');
    expect(subscribe?.headers.receipt).toMatch(/^subscribe-/);

    await expect(connection.send('/app/chat', { text: 'hola' })).resolves.toBeUndefined();
    const sent = broker.frames.find((f) => f.command === 'SEND');
    expect(sent?.headers.destination).toBe('/app/chat');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ text: 'hola' });
    await expect(connection.send('/app/chat', { text: 'refuse' })).rejects.toThrow('No autorizado');

    broker.dropEveryone();
    await vi.waitFor(() => expect(states).toContain('reconnecting'));
    await vi.waitFor(() => expect(connected).toHaveBeenCalledTimes(2));
    expect(connected).toHaveBeenLastCalledWith(connection, true);
    expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);

    await connection.close({ destination: '/app/disconnect', body: { userType: 'user' } });
    await vi.waitFor(() =>
      expect(
        broker?.frames.some((f) => f.command === 'SEND' && f.headers.destination === '/app/disconnect'),
      ).toBe(true),
    );
  });

  it('shares one socket per tab between the chat and the bell, resubscribes both after a drop, closes with the last', async () => {
    broker = fakeBroker();
    const options = {
      url: broker.url(),
      reconnectDelayMs: 50,
      socketFactory: (url: string) => new WebSocket(url, ['v12.stomp']) as unknown as IStompSocket,
    };
    const chatConnected = vi.fn();
    const bellConnected = vi.fn();
    const chat = joinSharedStomp(
      'user-1',
      {
        onConnected: (live, reconnected) => {
          chatConnected(reconnected);
          live.subscribe('/topic/messages', () => {});
        },
      },
      options,
    );
    const bell = joinSharedStomp(
      'user-1',
      {
        onConnected: (live, reconnected) => {
          bellConnected(reconnected);
          live.subscribe('/user/queue/notifications', () => {});
        },
      },
      options,
    );
    await vi.waitFor(() => expect(bellConnected).toHaveBeenCalledTimes(1));
    expect(chatConnected).toHaveBeenCalledTimes(1);
    expect(broker.opened()).toBe(1);
    const subscribed = () =>
      broker?.frames.filter((f) => f.command === 'SUBSCRIBE').map((f) => f.headers.destination);
    await vi.waitFor(() => expect(subscribed()).toHaveLength(2));

    // one that joins a live connection is told at once, on the same socket
    const late = vi.fn();
    const third = joinSharedStomp('user-1', { onConnected: late }, options);
    expect(late).toHaveBeenCalledWith(expect.anything(), false);
    third.leave();

    broker.dropEveryone();
    await vi.waitFor(() => expect(bellConnected).toHaveBeenCalledTimes(2));
    expect(chatConnected).toHaveBeenLastCalledWith(true);
    await vi.waitFor(() => expect(subscribed()).toHaveLength(4));
    expect(subscribed()?.slice(2).sort()).toEqual(['/topic/messages', '/user/queue/notifications']);
    expect(broker.opened()).toBe(2);

    // the bell leaving ends its subscription only; the chat leaving last closes the socket
    bell.leave();
    await vi.waitFor(() => expect(broker?.frames.some((f) => f.command === 'UNSUBSCRIBE')).toBe(true));
    expect(broker.open()).toBe(1);
    chat.leave({ destination: '/app/disconnect', body: { userType: 'user' } });
    await vi.waitFor(() => expect(broker?.open()).toBe(0));
    expect(broker.frames.some((f) => f.headers.destination === '/app/disconnect')).toBe(true);
    expect(broker.opened()).toBe(2);
  });
});
