import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP proxy a test owns, between the app and a server it depends on (PostgreSQL, Redis), to make that
 * server misbehave on demand:
 *
 * - `stall()`: the network goes quiet. Nothing is forwarded either way and new connections are accepted
 *   but get no answer, as when a database host hangs or a link drops packets. What was sent meanwhile is
 *   delivered on `resume()`.
 * - `refuse()`: nobody listens any more: existing connections are cut and new ones are refused
 *   (ECONNREFUSED), as when the server is down. `resume()` listens again on the same port.
 */
export type TcpProxy = {
  port: number;
  stall(): void;
  resume(): Promise<void>;
  refuse(): Promise<void>;
  close(): Promise<void>;
};

type Pair = { client: Socket; upstream: Socket | undefined };

export async function startTcpProxy(options: {
  targetPort: number;
  targetHost?: string;
  /** where the proxy listens; any free port unless given */
  port?: number;
}): Promise<TcpProxy> {
  const targetHost = options.targetHost ?? '127.0.0.1';
  const pairs = new Set<Pair>();
  let stalled = false;
  let server: Server;

  const link = (pair: Pair) => {
    const upstream = pair.upstream ?? tcpConnect(options.targetPort, targetHost);
    pair.upstream = upstream;
    const end = () => {
      pair.client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    upstream.once('error', end).once('close', end);
    pair.client.once('error', end).once('close', end);
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
    pair.client.resume();
    upstream.resume();
  };

  const unlink = (pair: Pair) => {
    pair.client.unpipe();
    pair.client.pause();
    pair.upstream?.unpipe();
    pair.upstream?.pause();
  };

  const onConnection = (client: Socket) => {
    const pair: Pair = { client, upstream: undefined };
    pairs.add(pair);
    client.once('error', () => pairs.delete(pair)).once('close', () => pairs.delete(pair));
    // a connection made during a stall is held, unanswered, until resume()
    if (stalled) client.pause();
    else link(pair);
  };

  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const next = createServer(onConnection);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve(next));
    });

  const cutAll = () => {
    for (const pair of pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    pairs.clear();
  };

  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) resolve();
      else server.close(() => resolve());
    });

  server = await listen(options.port ?? 0);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    stall() {
      stalled = true;
      for (const pair of pairs) unlink(pair);
    },
    async resume() {
      stalled = false;
      if (!server.listening) server = await listen(port);
      for (const pair of pairs) link(pair);
    },
    async refuse() {
      stalled = false;
      cutAll();
      await stopListening();
    },
    async close() {
      cutAll();
      await stopListening();
    },
  };
}
