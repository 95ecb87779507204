import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RunningServer } from './server.ts';

/** A body of `POST /api/hospital/v1/test-results` in our JSON (spec/api.md), loosely typed so tests may break it. */
export type ResultFiling = Record<string, unknown>;

let receptionSerial = 0;
/** A reception code no other test uses. */
export const newReceptionCode = () => `T${process.pid % 10000}-${Date.now() % 1e8}-${++receptionSerial}`;

/**
 * A CBC with a low hemoglobin (flag computed from the range), a critical potassium-free panel and a
 * urine text value; `changes` replace top-level fields.
 */
export function cbcFiling(patient: { international_code: string; phone_number: string }, changes: ResultFiling = {}): ResultFiling {
  return {
    patient,
    reception_code: newReceptionCode(),
    lab: 'آزمایشگاه بیمارستان',
    collected_at: '2026-11-20T05:30:00.000Z',
    reported_at: '2026-11-20T11:00:00.000Z',
    status: 'final',
    ordered_by: { name: 'دکتر امیرحسین صالحی', doctor_id: 'amirhossein-salehi' },
    panels: [
      {
        name: 'آزمایش کامل خون (CBC)',
        observations: [
          { code: '6690-2', name: 'WBC', value: 7.2, unit: '10*3/uL', reference_low: 4, reference_high: 10 },
          { code: '718-7', name: 'Hemoglobin', value: 10.9, unit: 'g/dL', reference_low: 12, reference_high: 16 },
          { code: '777-3', name: 'Platelets', value: 250, unit: '10*3/uL', reference_low: 150, reference_high: 450 },
        ],
      },
      {
        name: 'آزمایش ادرار',
        observations: [{ code: '5804-0', name: 'Protein [Mass/volume] in Urine by Test strip', value: 'Negative', reference_text: 'Negative' }],
      },
    ],
    ...changes,
  };
}

/** The portal's local hospital key (`npm run hospital` uses it), from its data directory. */
export const hospitalKeyOf = (server: Pick<RunningServer, 'dataDir'>) => readFileSync(path.join(server.dataDir, 'hospital-cli-key'), 'utf8').trim();

/** `POST /api/hospital/v1/test-results` as a lab system does it; answers the status and body as they came. */
export async function postTestResult(server: Pick<RunningServer, 'url' | 'dataDir'>, body: unknown, contentType = 'application/json'): Promise<{ status: number; body: any }> {
  const answer = await fetch(new URL('/api/hospital/v1/test-results', server.url), {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Bearer ${hospitalKeyOf(server)}`, 'idempotency-key': randomUUID() },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: answer.status, body: await answer.json() };
}

/** Files a result and answers its key; throws when the hospital API refuses it. */
export async function fileResult(server: Pick<RunningServer, 'url' | 'dataDir'>, body: unknown, contentType?: string): Promise<{ key: string; linked: boolean }> {
  const answer = await postTestResult(server, body, contentType);
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`filing a test result answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** `POST /api/test-results/{key}/share` as the patient: a share link's path (`/test-response/shared/<token>`). */
export async function shareResult(server: Pick<RunningServer, 'url'>, token: string, key: string, hours: 24 | 72 | 168 = 72): Promise<{ id: number; url: string; expires_at: string }> {
  const answer = await fetch(new URL(`/api/test-results/${encodeURIComponent(key)}/share`, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ hours }),
  });
  if (answer.status !== 201) throw new Error(`sharing a test result answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { data: { id: number; url: string; expires_at: string } }).data;
}
