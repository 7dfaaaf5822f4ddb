import type { Server } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** The address ranges proxy-addr (Fastify's trustProxy) calls by name. */
const NAMED_RANGES: Record<string, Array<[string, number]>> = {
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  linklocal: [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  uniquelocal: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['fc00::', 7],
  ],
};

/** `::ffff:10.0.0.1` is how a dual-stack socket names an IPv4 peer. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * Whether a socket's peer is a proxy TRUST_PROXY trusts: with a hop count every peer is one; with a list,
 * the peers in it. Their connections carry many clients, so no per-address cap applies to them.
 */
export function trustedPeer(trust: false | number | string[]): (address: string) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return () => trust > 0;
  const list = new BlockList();
  for (const item of trust) {
    for (const [network, prefix] of NAMED_RANGES[item] ?? []) {
      list.addSubnet(network, prefix, isIP(network) === 6 ? 'ipv6' : 'ipv4');
    }
    if (NAMED_RANGES[item]) continue;
    const [network = '', prefix] = item.split('/');
    const family = isIP(network) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(network, family);
    else list.addSubnet(network, Number(prefix), family);
  }
  return (address) => {
    const plain = plainAddress(address);
    return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * At most `max` open sockets per remote address: one client opening connection after connection (slow
 * bodies, idle keep-alives) runs out of its own share instead of the process's file descriptors. A
 * socket over the cap is destroyed as it arrives, before a byte of it is read.
 */
export function capConnectionsPerIp(
  server: Server,
  options: { max: number; isTrustedPeer: (address: string) => boolean },
): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (!address || options.isTrustedPeer(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > options.max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
