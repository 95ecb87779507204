import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../support/databases.ts';
import { newIp, newPhone, post } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';

// The portal on PostgreSQL loses its database connections: terminated backends (idle and in use
// under load), and the server gone for a while behind a relay that then comes back. The process
// must live through all of it, answer 503 in the API's Persian envelope meanwhile, and recover
// by itself.
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('on PostgreSQL, when the database goes away', () => {
  let server: RunningServer;
  let proxy: TcpProxy;
  let admin: pg.Client;
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;

  beforeAll(async () => {
    scratch = await createScratchPostgres(adminUrl!);
    const target = new URL(scratch.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(scratch.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await startServer({ env: { DATABASE_URL: viaProxy.href, TRUST_PROXY: '1' } });
    admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
  });
  afterAll(async () => {
    await server?.dispose();
    await admin?.end();
    await proxy?.close();
    await scratch?.drop();
  });

  const alive = () => server.process.exitCode === null && server.process.signalCode === null;
  const health = () => fetch(new URL('/api/health', server.url));
  const sendCode = () => post(server, 'auth/login/with/phone-number', { phone_number: newPhone() }, { ip: newIp() });
  /** Terminates every backend of the portal's database except the admin's own. */
  const terminateBackends = async () => {
    const { rows } = await admin.query<{ terminated: boolean }>('select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
      scratch.name,
    ]);
    return rows.length;
  };

  it('lives through the termination of its idle connections and serves the next requests', async () => {
    for (let i = 0; i < 5; i++) expect((await sendCode()).status).toBe(200);
    expect(await terminateBackends()).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alive()).toBe(true);
    expect((await health()).status).toBe(200);
    expect((await sendCode()).status).toBe(200);
  });

  it('lives through terminations under load: every answer is 200 or a Persian 503, none a 500', async () => {
    const statuses: number[] = [];
    const bodies: Array<{ success: boolean; message?: string }> = [];
    const load = Array.from({ length: 60 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 10));
      const response = await sendCode();
      statuses.push(response.status);
      bodies.push((await response.json()) as { success: boolean; message?: string });
    });
    const killer = (async () => {
      for (let round = 0; round < 5; round++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        await terminateBackends();
      }
    })();
    await Promise.all([...load, killer]);
    expect(alive()).toBe(true);
    const unexpected = statuses.filter((status) => status !== 200 && status !== 503);
    expect(unexpected, `unexpected statuses; server log:\n${server.output().slice(-3000)}`).toEqual([]);
    for (const body of bodies.filter((item) => !item.success)) expect(body.message).toMatch(/[\u0600-\u06FF]/);
    expect((await health()).status).toBe(200);
  }, 90_000);

  it('answers 503 while the server is down, reports it in /api/health, and recovers when it is back', async () => {
    await proxy.close();
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.headers.get('cache-control')).toContain('no-store');
    expect(await down.json()).toMatchObject({ success: false, database: 'down', message: expect.stringMatching(/[\u0600-\u06FF]/) });

    const refused = await sendCode();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await refused.json()).toMatchObject({ success: false, message: expect.stringMatching(/[\u0600-\u06FF]/) });
    expect(alive()).toBe(true);

    await proxy.open();
    await expect.poll(async () => (await health()).status, { timeout: 15_000, interval: 250 }).toBe(200);
    expect(await (await health()).json()).toMatchObject({ success: true, database: 'up' });
    expect((await sendCode()).status).toBe(200);
    // The log says what happened, without the patients' data.
    expect(server.output()).toMatch(/PostgreSQL connection lost|Database unavailable/);
    expect(server.output()).not.toMatch(/params:/);
  });
});
