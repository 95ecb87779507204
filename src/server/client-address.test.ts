import { describe, expect, it } from 'vitest';
import { addressBehindProxies } from './client-address.ts';

describe('addressBehindProxies', () => {
  it.each([
    // [socket, X-Forwarded-For, hops, client]
    ['203.0.113.7', null, 0, '203.0.113.7'],
    ['203.0.113.7', '198.51.100.1', 0, '203.0.113.7'],
    // One proxy: it appended the client's address; anything before it came from the client.
    ['10.0.0.2', '198.51.100.1', 1, '198.51.100.1'],
    ['10.0.0.2', '6.6.6.6, 198.51.100.1', 1, '198.51.100.1'],
    ['10.0.0.2', '1.1.1.1, 2.2.2.2, 3.3.3.3, 198.51.100.1', 1, '198.51.100.1'],
    // Two proxies: a CDN appended the client, then the load balancer appended the CDN.
    ['10.0.0.2', '6.6.6.6, 198.51.100.1, 172.16.0.5', 2, '198.51.100.1'],
    // Fewer entries than trusted hops: the left-most address is as far as we can see.
    ['10.0.0.2', '198.51.100.1', 3, '198.51.100.1'],
    ['10.0.0.2', null, 1, '10.0.0.2'],
    ['10.0.0.2', '', 1, '10.0.0.2'],
    ['10.0.0.2', '2001:db8::1', 1, '2001:db8::1'],
    // What the trusted proxy wrote is not an address (misconfiguration): do not trust it.
    ['10.0.0.2', 'garbage', 1, '10.0.0.2'],
    ['10.0.0.2', '198.51.100.1, <script>', 1, '10.0.0.2'],
  ] as const)('socket %s, X-Forwarded-For %j, %i hops → %s', (socket, forwarded, hops, client) => {
    expect(addressBehindProxies(socket, forwarded, hops)).toBe(client);
  });

  it('cannot be steered by a client that sends many forged entries through one proxy', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) seen.add(addressBehindProxies('10.0.0.2', `192.0.2.${i}, 198.51.100.1`, 1));
    expect([...seen]).toEqual(['198.51.100.1']);
  });
});
