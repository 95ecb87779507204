import * as v from 'valibot';
import { expect, it, vi } from 'vitest';
import { FileTestResultSchema, type FileTestResultBody } from '#lib/api/contracts/test-results-filing.ts';
import { MAX_OBSERVATIONS_PER_PANEL, MAX_PANELS, MAX_RESULT_OBSERVATIONS, MAX_RESULT_PANELS } from '#lib/api/contracts/test-results.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { newPatient } from '../../../tests/support/wallet.ts';
import { rejection } from '../../../tests/support/rejection.ts';
import type { Account } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { findResultByKey, observationsOf, replaceObservations, type NewObservation } from './repository.ts';
import { fileTestResult, type ResultContext } from './service.ts';

vi.mock('../sms/notify.ts', () => ({ notify: async () => undefined }));

const NOW = new Date('2026-11-20T08:00:00Z');
const context: ResultContext = { knowledge: { lookup: () => undefined }, doctorExists: () => false };
const options = { filedBy: 'lab', format: 'json' as const, siteUrl: 'https://portal.example.ir', now: NOW };

let serial = 0;
const reception = () => `SIZE${Date.now() % 1e7}-${++serial}`;

/** `panels` panels named from `first` on, each with `perPanel` observations. */
function panels(first: number, count: number, perPanel: number): FileTestResultBody['panels'] {
  return Array.from({ length: count }, (_, p) => ({
    name: `Panel ${first + p}`,
    observations: Array.from({ length: perPanel }, (_, o) => ({ code: `C-${first + p}-${o}`, name: `Test ${o}`, value: o, unit: 'mg/dL', reference_low: 0, reference_high: 1000 })),
  }));
}

function filing(account: Pick<Account, 'internationalCode' | 'phoneNumber'>, receptionCode: string, filed: FileTestResultBody['panels']): FileTestResultBody {
  return v.parse(FileTestResultSchema, {
    patient: { international_code: account.internationalCode, phone_number: account.phoneNumber },
    reception_code: receptionCode,
    lab: 'آزمایشگاه بیمارستان',
    collected_at: '2026-11-19T05:30:00Z',
    status: 'partial',
    panels: filed,
  });
}

async function storedOf(db: Db, key: string) {
  const result = await findResultByKey(db, key);
  return (await observationsOf(db, [result!.id])).map((row) => [row.panel, row.code, row.valueNumber]);
}

describeEachDatabase('how large a test result may grow', (database) => {
  it('stores a result of the largest size whole, then refuses (422, naming the limit) a re-filing that adds one observation more; the result stays as it was', async () => {
    const { db } = database();
    const account = await newPatient(db);
    const code = reception();
    expect(MAX_PANELS * MAX_OBSERVATIONS_PER_PANEL).toBe(MAX_RESULT_OBSERVATIONS);
    const filed = await fileTestResult(db, context, filing(account, code, panels(0, MAX_PANELS, MAX_OBSERVATIONS_PER_PANEL)), options);
    const before = await storedOf(db, filed.key);
    expect(before).toHaveLength(MAX_RESULT_OBSERVATIONS);

    // A correction of values already there is no growth: it is taken.
    const corrected = panels(0, 1, 1);
    corrected[0]!.observations[0]!.value = 7;
    await fileTestResult(db, context, filing(account, code, corrected), options);
    expect((await storedOf(db, filed.key))[0]).toEqual(['Panel 0', 'C-0-0', 7]);

    const error = await rejection(fileTestResult(db, context, filing(account, code, panels(MAX_PANELS, 1, 1)), options), AppError);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('۲۰۰۰');
    expect(error.errors?.panels?.[0]).toBe(error.message);
    const after = await storedOf(db, filed.key);
    expect(after).toHaveLength(MAX_RESULT_OBSERVATIONS);
    expect(after.slice(1)).toEqual(before.slice(1));
  });

  it(`refuses a re-filing that would take a result past ${MAX_RESULT_PANELS} panels`, async () => {
    const { db } = database();
    const account = await newPatient(db);
    const code = reception();
    let key = '';
    for (let first = 0; first < MAX_RESULT_PANELS; first += MAX_PANELS) key = (await fileTestResult(db, context, filing(account, code, panels(first, MAX_PANELS, 1)), options)).key;
    expect(await storedOf(db, key)).toHaveLength(MAX_RESULT_PANELS);
    const error = await rejection(fileTestResult(db, context, filing(account, code, panels(MAX_RESULT_PANELS, 1, 1)), options), AppError);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('۱۰۰ بخش');
    expect(await storedOf(db, key)).toHaveLength(MAX_RESULT_PANELS);
  });

  it('stores observations in statements small enough for the protocol: 4,500 rows (over 65,535 parameters in one INSERT)', async () => {
    const { db } = database();
    const account = await newPatient(db);
    const filed = await fileTestResult(db, context, filing(account, reception(), panels(0, 1, 1)), options);
    const result = (await findResultByKey(db, filed.key))!;
    const rows: NewObservation[] = Array.from({ length: 4500 }, (_, i) => ({
      resultId: result.id,
      panel: `Panel ${Math.floor(i / 100)}`,
      panelPosition: Math.floor(i / 100),
      position: i % 100,
      code: `C-${i}`,
      name: `Test ${i}`,
      valueNumber: i,
      valueText: null,
      unit: 'mg/dL',
      referenceLow: 0,
      referenceHigh: 10_000,
      referenceText: null,
      flag: 'normal',
      flagSource: 'range',
      collectedAt: result.collectedAt,
    }));
    await db.transaction((tx) => replaceObservations(tx, result.id, rows));
    expect(await observationsOf(db, [result.id])).toHaveLength(4500);
  });
});
