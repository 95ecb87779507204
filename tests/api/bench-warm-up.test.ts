import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { afterEach, describe, expect, it } from 'vitest';
import { warmUp } from '../../scripts/bench/load.ts';

const SERVICE_MS = 25;

/** A server that answers one request at a time, as the portal's one PGlite connection does. */
async function oneAtATime(): Promise<{ url: string; server: Server; waiting: () => number }> {
  let queue = Promise.resolve();
  let waiting = 0;
  const server = createServer((_request, response) => {
    waiting++;
    queue = queue.then(async () => {
      await new Promise((resolve) => setTimeout(resolve, SERVICE_MS));
      waiting--;
      if (!response.destroyed) response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, waiting: () => waiting };
}

const load = { connections: 20, pipelining: 1, requests: [{ method: 'GET', path: '/work' }] };

describe('the bench warm-up', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it('leaves no request of its own for the measured run to queue behind', { timeout: 30_000 }, async () => {
    const target = await oneAtATime();
    server = target.server;
    await warmUp([target.url], load);
    expect(target.waiting()).toBe(0);
  });

  // Why warmUp waits: a run of autocannon ends with its last requests still being served.
  it('is needed: autocannon drops its connections with requests unanswered', { timeout: 30_000 }, async () => {
    const target = await oneAtATime();
    server = target.server;
    await autocannon({ ...load, url: target.url, duration: 1 });
    expect(target.waiting()).toBeGreaterThan(0);
  });
});
