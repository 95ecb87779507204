/** Visits are written in batches (decision 008): a clean stop must not lose the ones still in memory. */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countVisitsIn } from '../support/read-data-dir.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const track = (server: RunningServer, i: number) =>
  fetch(new URL('/api/app/track-visit', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${(i % 200) + 1}` },
    body: JSON.stringify({
      visitor_id: randomUUID(),
      path: `/pregnancy-timeline/${i}`,
      referrer: '',
      user_agent: 'test',
      screen_width: 390,
      screen_height: 844,
      device_type: 'mobile',
    }),
  });

describe('batched visit tracking and shutdown', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-visits-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'writes the visits answered just before %s',
    async (signal) => {
      const before = await countVisitsIn(dataDir);
      const server = await startServer({ dataDir, env: { TRUST_PROXY: '1' } });
      // Fewer than a batch, and stopped well within the flush interval: only the shutdown writes them.
      const statuses = await Promise.all(Array.from({ length: 150 }, (_, i) => track(server, i).then((r) => r.status)));
      expect(statuses.every((status) => status === 201)).toBe(true);
      const stopping = performance.now();
      await server.stop(signal);
      // No waiting for the interval: the stop writes them (the start script gives up after 5 s).
      expect(performance.now() - stopping).toBeLessThan(5_000);
      expect(server.output()).not.toMatch(/Visit tracking: dropping|Writing the last visits failed/);

      // After a restart, the database holds them.
      const again = await startServer({ dataDir, env: { TRUST_PROXY: '1' } });
      expect((await track(again, 0)).status).toBe(201);
      await again.stop('SIGTERM');
      expect(await countVisitsIn(dataDir)).toBe(before + 151);
    },
    120_000,
  );
});
