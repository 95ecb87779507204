import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../support/databases.ts';
import { newIp, newPhone, post } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

// Two processes on one PostgreSQL database, hit at once from one address: the limits are counted
// in the database under advisory locks, so together they accept exactly the limit.
describe.skipIf(!adminUrl)('login limits across two processes on PostgreSQL', () => {
  let servers: RunningServer[] = [];
  let drop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const scratch = await createScratchPostgres(adminUrl!);
    drop = scratch.drop;
    const env = { TRUST_PROXY: '1', DATABASE_URL: scratch.url };
    // One after the other: both would migrate the empty database at once otherwise (safe, but slower).
    servers = [await startServer({ env })];
    servers.push(await startServer({ env }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.dispose()));
    await drop();
  });

  it('accepts exactly 30 of 45 simultaneous sends from one address', async () => {
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 45 }, (_, i) => post(servers[i % 2]!, 'auth/login/with/phone-number', { phone_number: newPhone() }, { ip })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('counts exactly 50 of 60 simultaneous wrong checks from one address, and refuses the other 10', async () => {
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => post(servers[i % 2]!, 'auth/check_verification_code', { phone_number: newPhone(), code: '12345' }, { ip })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 422)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});
