/**
 * Requests at the edges, over HTTP: days that do not exist in the hospital's JSON (422 on the
 * field), hospital requests to paths no endpoint answers (each audited exactly once, with or
 * without a key), and paths with broken percent-encoding (a quiet 400, no `[ERROR]` in the log).
 */
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { dateTimeMessages } from '../../src/lib/validation/datetime.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { hospitalAudit } from '../../src/server/db/schema/hospital.ts';
import type { Envelope } from '../support/appointments-api.ts';
import { SERVER_DATABASES, withServerOn } from '../support/databases.ts';
import { hospitalCall } from '../support/invoice-api.ts';
import { nationalCode, newIp, newPhone } from '../support/portal-api.ts';
import { withDataDir } from '../support/read-data-dir.ts';
import type { RunningServer } from '../support/server.ts';
import { cbcFiling } from '../support/test-results.ts';

const HIS_KEY = 'his-request-edges-key-0123456789abcdefghijklmnopqrstuvwxyz';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Sends `path` exactly as written (fetch would normalise it) from `ip`, with the key when given. */
function send(server: RunningServer, path: string, { ip, key, method = 'GET' }: { ip: string; key?: string; method?: string }): Promise<{ status: number; text: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: url.hostname, port: url.port, path, method, headers: { 'x-forwarded-for': ip, ...(key ? { authorization: `Bearer ${key}` } : {}) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe.each(SERVER_DATABASES)('on the %s database', (database) => {
  let server: RunningServer;
  let databaseUrl: string | undefined;
  withServerOn(database, { TRUST_PROXY: '1', HOSPITAL_API_KEYS: `his:${sha256(HIS_KEY)}`, DEMO_DATA: '0' }, (running) => ({ server, databaseUrl } = running));

  describe('days that do not exist in the hospital JSON', () => {
    const patient = () => ({ international_code: nationalCode(70_000 + Math.floor(Math.random() * 9_000)), phone_number: newPhone() });

    it('POST /invoices with due_at 2027-02-31 answers 422 with the error on due_at', async () => {
      const answer = await hospitalCall(server, HIS_KEY, '/invoices', {
        patient: patient(),
        items: [{ title: 'ویزیت', quantity: 1, unit_price: 1_000_000 }],
        due_at: '2027-02-31T00:00:00Z',
      });
      expect(answer.status).toBe(422);
      const body = (await answer.json()) as Envelope;
      expect(body.errors?.due_at).toEqual([dateTimeMessages.noSuchInstant]);
    });

    it('POST /test-results with collected_at 2026-02-30 (and reported_at 2026-02-29) answers 422 with the error on each field', async () => {
      const answer = await hospitalCall(server, HIS_KEY, '/test-results', cbcFiling(patient(), { collected_at: '2026-02-30T08:00:00Z', reported_at: '2026-02-29T10:00:00Z' }));
      expect(answer.status).toBe(422);
      const body = (await answer.json()) as Envelope;
      expect(body.errors?.collected_at).toEqual([dateTimeMessages.noSuchInstant]);
      expect(body.errors?.reported_at).toEqual([dateTimeMessages.noSuchInstant]);
    });
  });

  describe('malformed percent-encoding', () => {
    it('answers 400 or 404 for any path, logging no [ERROR] line', async () => {
      const before = server.output().length;
      const deep = `/sr/invoice/%${'25'.repeat(12)}41`;
      for (const path of ['/sr/invoice/%ZZ', '/test-response/shared/%E0%A4%A', '/api/%ZZ', '/%ZZ', '/api/public/invoices/%C0%AE%C0%AE', deep]) {
        const answer = await send(server, path, { ip: newIp() });
        expect([400, 404], path).toContain(answer.status);
        if (path.startsWith('/api/')) expect((JSON.parse(answer.text) as Envelope).success, path).toBe(false);
      }
      // The server is still well and answers a sound path.
      expect((await send(server, '/api/health', { ip: newIp() })).status).toBe(200);
      expect(server.output().slice(before)).not.toContain('[ERROR]');
    });
  });

  // Last: it stops the server to read what it wrote.
  describe('the hospital audit', () => {
    it('writes exactly one row for every request under /api/hospital/, answered by an endpoint or not, with or without a key', async () => {
      const paths = [
        '/api/hospital/v1/nope',
        '/api/hospital/v1/Withdrawals',
        '/api/hospital/v1//withdrawals',
        '/api/hospital/v2/withdrawals',
        '/api/hospital/v1/withdrawals/',
        '/API/Hospital/v1/withdrawals',
        '/api/hospital/%ZZ',
        '/api/hospital/v1/openapi.json',
        // Known routes: the endpoint's own row, no second one.
        '/api/hospital/v1/withdrawals',
        '/api/hospital/v1/ledger/check?x=1',
      ];
      const sent: Array<{ ip: string; path: string; keyName: string | null; method: string; status: number }> = [];
      for (const path of paths) {
        for (const key of [undefined, 'wrong-key-0123456789', HIS_KEY]) {
          for (const method of path.endsWith('/ledger/check?x=1') ? ['GET', 'DELETE'] : ['GET']) {
            const ip = newIp();
            const { status } = await send(server, path, { ip, key, method });
            // The 405 of a known route is written by its endpoint, which reads no key for it.
            sent.push({ ip, path, keyName: key === HIS_KEY && method !== 'DELETE' ? 'his' : null, method, status });
          }
        }
      }
      expect(sent.filter((call) => call.status === 404).length).toBeGreaterThan(0);

      // Stopping waits for the rows of the last answers (written as each answer is sent).
      await server.stop();
      let rows: Array<typeof hospitalAudit.$inferSelect>;
      if (databaseUrl) {
        const opened = await openDatabase({ databaseUrl, dataDir: '' });
        rows = await opened.db.select().from(hospitalAudit);
        await opened.close();
      } else {
        rows = await withDataDir(server.dataDir, (db) => db.select().from(hospitalAudit));
      }
      for (const call of sent) {
        const mine = rows.filter((row) => row.ip === call.ip).map((row) => ({ keyName: row.keyName, method: row.method, path: row.path, status: row.status }));
        expect(mine, `${call.method} ${call.path}`).toEqual([{ keyName: call.keyName, method: call.method, path: call.path, status: call.status }]);
      }
    });
  });
});
