import net from 'node:net';

/**
 * A TCP proxy a fault test owns, between the app and a real server (Redis, PostgreSQL): it forwards
 * bytes both ways until told to fail.
 * - `stall()`: connections stay open but no byte moves either way (a network that black-holes); new
 *   connections are accepted and stalled too.
 * - `refuse()`: every open connection is cut and new ones are closed at once (the server is down).
 * - `resume()`: back to forwarding; stalled bytes flow again.
 */
export type TcpProxy = {
  port: number;
  stall(): void;
  resume(): void;
  refuse(): void;
  close(): Promise<void>;
};

type Mode = 'open' | 'stalled' | 'refusing';

export async function startTcpProxy(options: { targetPort: number; targetHost?: string }): Promise<TcpProxy> {
  const targetHost = options.targetHost ?? '127.0.0.1';
  let mode: Mode = 'open';
  const pairs = new Set<[net.Socket, net.Socket]>();

  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => to.write(chunk));
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };

  const server = net.createServer((client) => {
    if (mode === 'refusing') {
      client.destroy();
      return;
    }
    const upstream = net.connect(options.targetPort, targetHost);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.once('close', () => pairs.delete(pair));
    forward(client, upstream);
    forward(upstream, client);
    if (mode === 'stalled') for (const socket of pair) socket.pause();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  const cutAll = () => {
    for (const pair of pairs) for (const socket of pair) socket.destroy();
    pairs.clear();
  };

  return {
    port,
    stall() {
      mode = 'stalled';
      for (const pair of pairs) for (const socket of pair) socket.pause();
    },
    resume() {
      mode = 'open';
      for (const pair of pairs) for (const socket of pair) socket.resume();
    },
    refuse() {
      mode = 'refusing';
      cutAll();
    },
    async close() {
      cutAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
