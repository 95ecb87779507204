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

// HL7's own FHIR R4 examples (tests/fixtures/fhir-hl7, CC0) as an Iranian lab would send them.

type Json = Record<string, any>;
const HL7_DIR = new URL('../fixtures/fhir-hl7/', import.meta.url);
const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';

/** One of HL7's example files, parsed. */
export const hl7Example = (file: string): Json => JSON.parse(readFileSync(new URL(file, HL7_DIR), 'utf8'));

/** The single resources of the corpus by `Type/id`: what a bundle's references reach when the bundle does not carry them. */
function hl7Resources(files: readonly string[]): Map<string, Json> {
  const found = new Map<string, Json>();
  for (const file of files) {
    const resource = hl7Example(file);
    if (resource.resourceType !== 'Bundle') found.set(`${resource.resourceType}/${resource.id}`, resource);
  }
  return found;
}

/**
 * HL7's example as an Iranian lab sends it, its clinical content untouched: a Patient with a
 * national code (identifier typed v2-0203 NI) and a mobile is added and every subject points to
 * it (the example's own Patient lends it its gender and birth date); each report gets the lab's
 * reception code (typed ACSN); a bare Observation or DiagnosticReport is wrapped in a collection
 * Bundle (an Observation with a DiagnosticReport of its own code); Observations a report or panel
 * names by `Observation/<id>` that the bundle lacks are taken from the same package.
 */
export function asIranianLab(file: string, patient: { international_code: string; phone_number: string }, receptionCode: string, corpus: readonly string[] = [file]): Json {
  const example = hl7Example(file);
  const resources = hl7Resources(corpus);
  const entries: Json[] =
    example.resourceType === 'Bundle'
      ? (example.entry ?? []).filter((entry: Json) => entry.resource).map((entry: Json) => structuredClone(entry))
      : [{ fullUrl: `http://hl7.org/fhir/${example.resourceType}/${example.id}`, resource: structuredClone(example) }];
  const has = (ref: string) =>
    entries.some(
      (entry) => entry.fullUrl === ref || `${entry.resource.resourceType}/${entry.resource.id}` === ref || (typeof entry.fullUrl === 'string' && entry.fullUrl.endsWith(`/${ref}`)),
    );
  if (!entries.some((entry) => entry.resource.resourceType === 'DiagnosticReport')) {
    const observations = entries.filter((entry) => entry.resource.resourceType === 'Observation');
    const first = observations[0]?.resource;
    entries.unshift({
      fullUrl: 'urn:uuid:5b1e0c7e-8a0f-4d2a-9d6e-000000000001',
      resource: {
        resourceType: 'DiagnosticReport',
        id: 'iran-lab-report',
        status: 'final',
        code: first?.code ?? { text: 'Laboratory report' },
        result: observations.map((entry) => ({ reference: `${entry.resource.resourceType}/${entry.resource.id}` })),
      },
    });
  }
  // The Observations the reports and panels name, from the same package, until none is missing.
  for (let i = 0; i < entries.length; i++) {
    const resource = entries[i]!.resource;
    for (const ref of [...(resource.result ?? []), ...(resource.hasMember ?? [])]) {
      const target = typeof ref.reference === 'string' ? resources.get(ref.reference) : undefined;
      if (target && !has(ref.reference)) entries.push({ fullUrl: `http://hl7.org/fhir/${ref.reference}`, resource: structuredClone(target) });
    }
  }
  const own =
    entries.find((entry) => entry.resource.resourceType === 'Patient')?.resource ??
    resources.get(entries.find((entry) => entry.resource.subject?.reference?.startsWith('Patient/'))?.resource.subject.reference ?? '');
  const lab: Json = {
    resourceType: 'Patient',
    id: 'iran-lab-patient',
    identifier: [{ type: { coding: [{ system: V2_0203, code: 'NI' }] }, value: patient.international_code }],
    telecom: [{ system: 'phone', use: 'mobile', value: patient.phone_number }],
    ...(own?.gender ? { gender: own.gender } : {}),
    ...(own?.birthDate ? { birthDate: own.birthDate } : {}),
  };
  for (const entry of entries) {
    const resource = entry.resource;
    if (resource.resourceType === 'DiagnosticReport' || resource.resourceType === 'Observation') resource.subject = { reference: 'Patient/iran-lab-patient' };
    if (resource.resourceType === 'DiagnosticReport') resource.identifier = [...(resource.identifier ?? []), { type: { coding: [{ system: V2_0203, code: 'ACSN' }] }, value: receptionCode }];
  }
  entries.push({ fullUrl: 'urn:uuid:5b1e0c7e-8a0f-4d2a-9d6e-000000000002', resource: lab });
  return { resourceType: 'Bundle', type: 'collection', entry: entries };
}
