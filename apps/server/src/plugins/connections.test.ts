import { describe, expect, it } from 'vitest';
import { trustedPeer } from './connections.ts';

/** Which peers are trusted proxies, whose many clients share one address and so escape the per-address cap. */
describe('trustedPeer', () => {
  it('trusts nobody when TRUST_PROXY is unset, every peer with a hop count', () => {
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
    expect(trustedPeer(1)('203.0.113.9')).toBe(true);
    expect(trustedPeer(0)('203.0.113.9')).toBe(false);
  });

  it('trusts the addresses, ranges and named ranges listed, IPv4 peers of a dual-stack socket included', () => {
    const trusted = trustedPeer(['loopback', '10.0.0.0/8', '192.0.2.7', 'fd00::/8']);
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.2.3',
      '::ffff:10.9.9.9',
      '192.0.2.7',
      'fd12::1',
    ]) {
      expect(trusted(address), address).toBe(true);
    }
    for (const address of ['192.0.2.8', '11.0.0.1', '203.0.113.9', '2001:db8::1', '::ffff:203.0.113.9']) {
      expect(trusted(address), address).toBe(false);
    }
  });
});
