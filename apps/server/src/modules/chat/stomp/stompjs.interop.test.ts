import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Client, type IMessage, type IStompSocket } from '@stomp/stompjs';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { coalescingTransport } from './coalescing-transport.ts';
import type { StompHeaders } from './frame.ts';
import { StompSession } from './session.ts';
import type { StompCloseEvent } from './session-types.ts';

type Principal = { userId: string };

/**
 * The client our web app uses, in Node, against a StompSession behind a real `ws` server on 127.0.0.1:
 * the wiring the chat feature will do with @fastify/websocket, in a dozen lines.
 */
async function startServer() {
  const sessions: Array<StompSession<Principal>> = [];
  const closed: Array<StompCloseEvent<Principal>> = [];
  const fromClient: string[] = [];
  /** each WebSocket message the server sent */
  const toClient: string[] = [];
  const protocols: string[] = [];
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    handleProtocols: (offered) => (offered.has('v12.stomp') ? 'v12.stomp' : false),
  });
  wss.on('connection', (socket) => {
    protocols.push(socket.protocol);
    const session = new StompSession<Principal>({
      // as the gateway does: the frames of one tick in one WebSocket message
      transport: coalescingTransport(
        {
          send: (data) => {
            toClient.push(data);
            socket.send(data);
          },
          close: (code, reason) => socket.close(code, reason),
          get bufferedAmount() {
            return socket.bufferedAmount;
          },
        },
        () => {},
      ),
      authenticate: async (headers: Readonly<StompHeaders>) =>
        headers.Authorization === 'Bearer good-token' ? { userId: 'u1' } : null,
      onSend: async (principal, destination, _headers, body, self) => {
        // like the chat service: store (take a moment), then fan out to the subscribers
        await new Promise((resolve) => setTimeout(resolve, 20));
        const message = { ...JSON.parse(body), id: 1, senderId: principal.userId, destination };
        self.deliver('/topic/messages', {}, JSON.stringify(message));
      },
      onClose: (event) => closed.push(event),
      heartbeat: { serverOutgoingMs: 40, serverIncomingMs: 40 },
    });
    sessions.push(session);
    socket.on('message', (data) => {
      fromClient.push(data.toString());
      session.receive(data);
    });
    socket.on('close', () => session.close());
  });
  await once(wss, 'listening');
  const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws`;
  const stop = async () => {
    for (const session of sessions) session.close();
    for (const socket of wss.clients) socket.terminate();
    await new Promise<void>((resolve, reject) => wss.close((error) => (error ? reject(error) : resolve())));
  };
  return { url, sessions, closed, fromClient, toClient, protocols, stop };
}

function stompClient(url: string, token: string) {
  let heartbeatsReceived = 0;
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ['v12.stomp']) as unknown as IStompSocket,
    connectHeaders: { Authorization: `Bearer ${token}` },
    heartbeatIncoming: 40,
    heartbeatOutgoing: 40,
    // beats are fast to keep the test short; a loaded test machine must not make the client give up
    heartbeatToleranceMultiplier: 25,
    reconnectDelay: 0,
    onHeartbeatReceived: () => {
      heartbeatsReceived += 1;
    },
  });
  return { client, heartbeatsReceived: () => heartbeatsReceived };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('@stomp/stompjs against StompSession over ws', () => {
  it('connects, subscribes, sends with a receipt, receives the MESSAGE, beats and disconnects', async () => {
    const server = await startServer();
    cleanups.push(server.stop);
    const { client, heartbeatsReceived } = stompClient(server.url, 'good-token');
    cleanups.push(() => client.deactivate());

    const connected = new Promise<void>((resolve) => {
      client.onConnect = () => resolve();
    });
    client.activate();
    await connected;
    expect(server.protocols).toEqual(['v12.stomp']);
    const [session] = server.sessions;
    expect(session?.version).toBe('1.2');
    expect(session?.heartbeat).toEqual({ outgoingMs: 40, incomingMs: 40 });

    const received = new Promise<IMessage>((resolve) => {
      client.subscribe('/topic/messages', resolve, { receipt: 'sub-receipt' });
    });
    const subscribed = new Promise<void>((resolve) => client.watchForReceipt('sub-receipt', () => resolve()));
    await subscribed;
    expect(session?.subscriptions().map((s) => s.destination)).toEqual(['/topic/messages']);

    const stored = new Promise<void>((resolve) => client.watchForReceipt('msg-1', () => resolve()));
    const text = 'Hola, ¿mañana a las 10? Son 150 € 😀';
    client.publish({
      destination: '/app/chat',
      body: JSON.stringify({ text, clientMessageId: 'c-1' }),
      headers: { receipt: 'msg-1', 'content-type': 'application/json' },
    });
    const message = await received;
    await stored;
    expect(JSON.parse(message.body)).toEqual({
      text,
      clientMessageId: 'c-1',
      id: 1,
      senderId: 'u1',
      destination: '/app/chat',
    });
    expect(message.headers).toMatchObject({
      destination: '/topic/messages',
      'content-type': 'application/json',
      subscription: 'sub-0',
    });
    // the MESSAGE and the RECEIPT of that SEND were written in one tick: one WebSocket message carried
    // both frames, and stompjs took each from it
    expect(server.toClient.filter((data) => data.includes('receipt-id:msg-1'))).toEqual([
      expect.stringMatching(/^MESSAGE\n[^\0]*\0RECEIPT\nreceipt-id:msg-1\n\n\0$/),
    ]);

    // both sides beat every 40 ms while idle; neither declares the other dead
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(heartbeatsReceived()).toBeGreaterThanOrEqual(2);
    expect(server.fromClient.filter((data) => data === '\n').length).toBeGreaterThanOrEqual(2);
    expect(session?.state).toBe('connected');

    await client.deactivate();
    await expect.poll(() => server.closed).toEqual([{ code: 1000, reason: '', principal: { userId: 'u1' } }]);
    expect(server.fromClient.some((data) => data.startsWith('DISCONNECT\n'))).toBe(true);
  });

  it('hands the client an ERROR frame and closes when the token is refused', async () => {
    const server = await startServer();
    cleanups.push(server.stop);
    const { client } = stompClient(server.url, 'bad-token');
    cleanups.push(() => client.deactivate());
    const error = new Promise<string | undefined>((resolve) => {
      client.onStompError = (frame) => resolve(frame.headers.message);
    });
    const socketClosed = new Promise<number>((resolve) => {
      client.onWebSocketClose = (event: { code: number }) => resolve(event.code);
    });
    client.activate();
    expect(await error).toBe('No autorizado');
    expect(await socketClosed).toBe(1008);
    expect(server.closed[0]?.principal).toBeNull();
  });
});
