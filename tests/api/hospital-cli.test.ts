import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hospitalCli } from '../support/hospital-cli.ts';
import { type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let key = '';
let entry = '';
beforeAll(async () => {
  const made = await hospitalCli(['new-key', 'desk', 'withdrawals']);
  expect(made.code).toBe(0);
  key = /^\s+([A-Za-z0-9_-]{43})$/m.exec(made.stdout)?.[1] ?? '';
  entry = /^\s+(desk:[0-9a-f]{64}:withdrawals)$/m.exec(made.stdout)?.[1] ?? '';
  // The demo patient (seeded on an empty embedded database) has a pending withdrawal to work on.
  server = await startServer({ env: { HOSPITAL_API_KEYS: entry, DEMO_DATA: '1' } });
});
afterAll(() => server?.dispose());

describe('npm run hospital', () => {
  it('new-key prints a fresh key once and the entry that holds only its hash', async () => {
    expect(key).toHaveLength(43);
    expect(entry).not.toContain(key);
    const again = await hospitalCli(['new-key', 'desk']);
    expect(again.stdout).not.toContain(key);
    expect(again.stdout).toMatch(/^\s+desk:[0-9a-f]{64}$/m);
    expect((await hospitalCli(['new-key', 'desk', 'payroll'])).code).toBe(1);
    expect((await hospitalCli(['new-key', 'cli'])).stderr).toContain('reserved');
  });

  it('lists and pays withdrawals through the running portal, with a configured key or the local one', async () => {
    const withKey = await hospitalCli(['withdrawals', '--status', 'pending'], { PORTAL_URL: server.url, HOSPITAL_API_KEY: key });
    expect(withKey.code).toBe(0);
    const withdrawal = /WD-[0-9A-Z]{6}/.exec(withKey.stdout)?.[0];
    expect(withdrawal).toBeDefined();
    expect(withKey.stdout).toMatch(/2,000,000 ریال\s+در انتظار/);
    expect(withKey.stdout).toContain('IR062960000000100324200001');

    // No HOSPITAL_API_KEY: the key the portal wrote into its data directory.
    const paid = await hospitalCli(['pay', withdrawal!, 'PAYA-CLI-1'], { PORTAL_URL: server.url, DATA_DIR: server.dataDir });
    expect(paid.stderr).toBe('');
    expect(paid.code).toBe(0);
    expect(paid.stdout).toContain(`برداشت ${withdrawal}: پرداخت‌شده`);
    const twice = await hospitalCli(['pay', withdrawal!, 'PAYA-CLI-1'], { PORTAL_URL: server.url, DATA_DIR: server.dataDir });
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/^409: /);

    const wrongKey = await hospitalCli(['ledger-check'], { PORTAL_URL: server.url, HOSPITAL_API_KEY: 'x'.repeat(43) });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain('401');
    const invalid = await hospitalCli(['reject', withdrawal!, 'wrong', 'iban'], { PORTAL_URL: server.url, DATA_DIR: server.dataDir });
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('reason');
  });

  it('works on the database directly when no portal answers', async () => {
    const url = server.url;
    await server.stop();
    const check = await hospitalCli(['ledger-check'], { PORTAL_URL: url, DATA_DIR: server.dataDir });
    expect(check.stderr).toContain('directly');
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('دفتر کل سازگار است');
    const paid = await hospitalCli(['withdrawals', '--status', 'paid'], { PORTAL_URL: url, DATA_DIR: server.dataDir });
    expect(paid.code).toBe(0);
    expect(paid.stdout).toContain('PAYA-CLI-1');
  });
});
