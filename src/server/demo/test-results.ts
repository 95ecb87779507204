/**
 * The demo patient's lab results: three check-ups of blood count and biochemistry
 * over a year, filed through the same service as the hospital's API, so trends show on the latest.
 * Iron and haemoglobin fall over the year and fasting sugar creeps up: the latest has values out of
 * range. Fictional, like the patient.
 */
import type { FileTestResultBody, ObservationInput } from '#lib/api/contracts/test-results-filing.ts';
import type { Db } from '../db/client.ts';
import { fileTestResult, type ResultContext } from '../test-results/service.ts';

const DAY = 24 * 60 * 60 * 1000;

type Row = [code: string, name: string, unit: string, low: number | undefined, high: number | undefined];
const CBC: Row[] = [
  ['6690-2', 'WBC', '10*3/uL', 4, 10],
  ['789-8', 'RBC', '10*6/uL', 4.2, 5.4],
  ['718-7', 'Hemoglobin', 'g/dL', 12, 16],
  ['4544-3', 'Hematocrit', '%', 36, 46],
  ['787-2', 'MCV', 'fL', 80, 96],
  ['777-3', 'Platelets', '10*3/uL', 150, 450],
];
const BIOCHEMISTRY: Row[] = [
  ['1558-6', 'Fasting glucose', 'mg/dL', 70, 99],
  ['4548-4', 'HbA1c', '%', 4, 5.6],
  ['2093-3', 'Cholesterol', 'mg/dL', undefined, 200],
  ['2571-8', 'Triglycerides', 'mg/dL', undefined, 150],
  ['2085-9', 'HDL cholesterol', 'mg/dL', 40, undefined],
  ['13457-7', 'LDL cholesterol (calc)', 'mg/dL', undefined, 130],
  ['2160-0', 'Creatinine', 'mg/dL', 0.5, 1.1],
  ['1742-6', 'ALT', 'U/L', undefined, 35],
  ['3016-3', 'TSH', 'mIU/L', 0.4, 4.5],
  ['2276-4', 'Ferritin', 'ng/mL', 15, 150],
  ['1989-3', 'Vitamin D (25-OH)', 'ng/mL', 30, 100],
];

/** Values in the order of CBC then BIOCHEMISTRY; the flags are left to the server. */
const CHECKUPS: Array<{ daysAgo: number; reception: string; values: number[] }> = [
  { daysAgo: 340, reception: 'DEMO-1403-2291', values: [6.8, 4.6, 12.9, 39, 86, 265, 96, 5.3, 214, 168, 47, 133, 0.8, 24, 2.1, 22, 14] },
  { daysAgo: 160, reception: 'DEMO-1404-0517', values: [7.1, 4.4, 12.1, 37, 83, 248, 101, 5.5, 198, 142, 49, 121, 0.8, 21, 2.6, 16, 24] },
  { daysAgo: 3, reception: 'DEMO-1404-1180', values: [7.4, 4.3, 10.9, 34, 76, 231, 108, 5.9, 186, 131, 52, 112, 0.9, 19, 2.4, 9, 31] },
];

function panel(name: string, rows: Row[], values: number[]): { name: string; observations: ObservationInput[] } {
  return {
    name,
    observations: rows.map(([code, testName, unit, low, high], i) => ({
      code,
      name: testName,
      value: values[i]!,
      unit,
      ...(low === undefined ? {} : { reference_low: low }),
      ...(high === undefined ? {} : { reference_high: high }),
    })),
  };
}

export async function seedDemoResults(
  db: Db,
  context: ResultContext,
  { patient, siteUrl, now }: { patient: { internationalCode: string; phoneNumber: string }; siteUrl: string; now: Date },
): Promise<void> {
  for (const checkup of CHECKUPS) {
    const collected = new Date(now.getTime() - checkup.daysAgo * DAY);
    collected.setUTCHours(4, 40, 0, 0);
    const body: FileTestResultBody = {
      patient: { international_code: patient.internationalCode, phone_number: patient.phoneNumber },
      reception_code: checkup.reception,
      lab: 'آزمایشگاه بیمارستان نمونه',
      collected_at: collected.toISOString(),
      reported_at: new Date(collected.getTime() + 7 * 60 * 60 * 1000).toISOString(),
      status: 'final',
      ordered_by: { name: 'دکتر الهام نوری', doctor_id: 'elham-nouri' },
      panels: [panel('آزمایش کامل خون (CBC)', CBC, checkup.values.slice(0, CBC.length)), panel('بیوشیمی خون', BIOCHEMISTRY, checkup.values.slice(CBC.length))],
    };
    await fileTestResult(db, context, body, { filedBy: 'demo', format: 'json', siteUrl, now: new Date(collected.getTime() + 7 * 60 * 60 * 1000) });
  }
}
