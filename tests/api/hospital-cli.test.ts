import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hospitalCli } from '../support/hospital-cli.ts';
import { type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let key = '';
let entry = '';
/** The doctor of the demo's visit day, as the start log names it. */
let doctorId = '';
beforeAll(async () => {
  const made = await hospitalCli(['new-key', 'desk', 'withdrawals']);
  expect(made.code).toBe(0);
  key = /^\s+([A-Za-z0-9_-]{43})$/m.exec(made.stdout)?.[1] ?? '';
  entry = /^\s+(desk:[0-9a-f]{64}:withdrawals)$/m.exec(made.stdout)?.[1] ?? '';
  // The demo patient (seeded on an empty embedded database) has a pending withdrawal to work on, and a visit today.
  server = await startServer({ env: { HOSPITAL_API_KEYS: entry, DEMO_DATA: '1' } });
  doctorId = /board at \/queue\/([a-z0-9-]+)/.exec(server.output())?.[1] ?? '';
  expect(doctorId).not.toBe('');
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

  it("queue lists the doctor's day for the desk, records a call, and refuses a second one in Persian", async () => {
    const portal = { PORTAL_URL: server.url, DATA_DIR: server.dataDir };
    const day = await hospitalCli(['queue', doctorId], portal);
    expect(day.stderr).toBe('');
    expect(day.code).toBe(0);
    // The demo's day (src/server/demo/visit-day.ts): one seen, one being seen, one arrived at the desk, a 20-minute delay.
    expect(day.stdout).toContain('ویزیت‌ها در جریان است');
    expect(day.stdout).toMatch(/^1\s+AP-[0-9A-Z]{6}\s+\d\d:\d\d\s+مریم کاظمی\s+ویزیت‌شده\s+\d\d:\d\d\s+پذیرش$/m);
    expect(day.stdout).toMatch(/^2\s+AP-[0-9A-Z]{6}\s+\d\d:\d\d\s+رضا محمدی\s+در حال ویزیت/m);
    expect(day.stdout).toContain('در حال ویزیت: 2 (از ساعت ');
    expect(day.stdout).toContain('تأخیر: پزشک حدود 20 دقیقه تأخیر دارد');
    const arrived = /^3\s+(AP-[0-9A-Z]{6})\s+\d\d:\d\d\s+زهرا حسینی\s+رسیده، در انتظار/m.exec(day.stdout)?.[1];
    expect(arrived).toBeDefined();

    const called = await hospitalCli(['queue', doctorId, 'called', arrived!.toLowerCase()], portal);
    expect(called.stderr).toBe('');
    expect(called.code).toBe(0);
    expect(called.stdout).toContain(`«فراخوان» ثبت شد (${arrived}).`);
    expect(called.stdout).toContain('در حال ویزیت: 3 (از ساعت ');
    expect(called.stdout).toMatch(/^2\s+AP-[0-9A-Z]{6}\s+\d\d:\d\d\s+رضا محمدی\s+ویزیت‌شده/m);

    const again = await hospitalCli(['queue', doctorId, 'called', arrived!], portal);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe('409: این بیمار همین حالا فراخوانده شده است');
    const noKey = await hospitalCli(['queue', doctorId, 'called'], portal);
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('این رویداد کد نوبت می‌خواهد');
    // A key without the queue scope moves nothing.
    const desk = await hospitalCli(['queue', doctorId, 'session_ended'], { PORTAL_URL: server.url, HOSPITAL_API_KEY: key });
    expect(desk.code).toBe(1);
    expect(desk.stderr).toMatch(/^403: /);
    // Six runs of the command, each a Node start that loads the server's modules.
  }, 120_000);

  it('waitlist asks the portal for the doctor’s line', async () => {
    // The line with people in it, and waitlist-stats, are run in hospital-waitlist.test.ts, whose portal starts with a line.
    const line = await hospitalCli(['waitlist', doctorId], { PORTAL_URL: server.url, DATA_DIR: server.dataDir });
    expect(line.stderr).toBe('');
    expect(line.code).toBe(0);
    expect(line.stdout.trim()).toBe(`کسی در فهرست انتظار ${doctorId} نیست.`);
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
    const delayed = await hospitalCli(['queue', doctorId, 'delay', '۴۵'], { PORTAL_URL: url, DATA_DIR: server.dataDir });
    expect(delayed.code).toBe(0);
    expect(delayed.stdout).toContain('«تأخیر» ثبت شد (45 دقیقه).');
    expect(delayed.stdout).toContain('تأخیر: پزشک حدود 45 دقیقه تأخیر دارد');
    expect(delayed.stdout).toContain('در حال ویزیت: 3');
  });
});
