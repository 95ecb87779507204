import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhone, post } from '../support/portal-api.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// The portal behind one reverse proxy that appends the address it saw to X-Forwarded-For: whatever
// the client put in that header itself stands to the left and must not count.
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => server?.dispose());

const realClient = '198.51.100.77';
const sendThroughProxy = (forged: string) => post(server, 'auth/login/with/phone-number', { phone_number: newPhone() }, { headers: { 'x-forwarded-for': `${forged}, ${realClient}` } });

describe('TRUST_PROXY=1 behind an appending proxy', () => {
  it('keeps the per-address send limit (30 an hour) however the client forges X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await sendThroughProxy(`192.0.2.${i + 1}`)).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('counts another real client on its own', async () => {
    const response = await post(server, 'auth/login/with/phone-number', { phone_number: newPhone() }, { headers: { 'x-forwarded-for': `192.0.2.1, 198.51.100.78` } });
    expect(response.status).toBe(200);
  });
});
