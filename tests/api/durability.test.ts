import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countVisitsIn } from '../support/read-data-dir.ts';
import { startServer } from '../support/server.ts';

const body = () =>
  JSON.stringify({
    visitor_id: randomUUID(),
    path: '/',
    referrer: '',
    user_agent: 'test',
    screen_width: 1280,
    screen_height: 800,
    device_type: 'desktop',
  });

describe('embedded database durability', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-durability-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps committed data through kill -9 and a restart', async () => {
    const first = await startServer({ dataDir });
    for (let i = 0; i < 5; i++) {
      const response = await fetch(new URL('/api/app/track-visit', first.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: body() });
      expect(response.status).toBe(201);
    }
    // Visits are written in batches at most a second apart (decision 008); kill after the write.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await first.stop('SIGKILL');

    const second = await startServer({ dataDir });
    const response = await fetch(new URL('/api/app/track-visit', second.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: body() });
    expect(response.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await second.stop('SIGKILL');

    expect(await countVisitsIn(dataDir)).toBe(6);
  }, 90_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL via DATABASE_URL', () => {
  // A portal of its own starts inside the test: more than the default 30 s on a slow machine.
  it('starts, migrates and stores visits on a PostgreSQL server', { timeout: 90_000 }, async () => {
    const server = await startServer({ env: { DATABASE_URL: process.env.TEST_DATABASE_URL! } });
    try {
      expect(server.output()).toContain('database: PostgreSQL');
      const response = await fetch(new URL('/api/app/track-visit', server.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: body() });
      expect(response.status).toBe(201);
    } finally {
      await server.dispose();
    }
  });
});
