import { es } from '@l4l/shared/texts/es';
import { StompProtocolError } from './frame.ts';
import { STOMP_VERSIONS, type StompVersion } from './session-types.ts';

/** STOMP 1.2 "Protocol Negotiation": the highest common version; no accept-version header means 1.0. */
export function negotiateVersion(acceptVersion: string | undefined): StompVersion | undefined {
  if (acceptVersion === undefined) return '1.0';
  const offered = new Set(acceptVersion.split(',').map((version) => version.trim()));
  return STOMP_VERSIONS.find((version) => offered.has(version));
}

/**
 * STOMP 1.2 "Heart-beating": each direction beats every max(sender's offer, receiver's wish) ms, and not at all
 * when either side says 0. `client` is the CONNECT's `heart-beat: cx,cy`.
 */
export function negotiateHeartbeat(
  client: readonly [number, number],
  server: { serverOutgoingMs: number; serverIncomingMs: number },
): { outgoingMs: number; incomingMs: number } {
  const [clientOutgoing, clientIncoming] = client;
  const between = (a: number, b: number) => (a === 0 || b === 0 ? 0 : Math.max(a, b));
  return {
    outgoingMs: between(server.serverOutgoingMs, clientIncoming),
    incomingMs: between(clientOutgoing, server.serverIncomingMs),
  };
}

export function parseHeartbeatHeader(value: string | undefined): [number, number] {
  if (value === undefined) return [0, 0];
  const match = /^\s*(\d{1,15})\s*,\s*(\d{1,15})\s*$/.exec(value);
  if (!match) throw new StompProtocolError('INVALID_HEADER', es.stomp.invalidHeader('heart-beat'));
  return [Number(match[1]), Number(match[2])];
}
