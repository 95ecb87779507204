/**
 * HL7's own FHIR R4 examples (tests/fixtures/fhir-hl7: hl7.fhir.r4.examples 4.0.1, CC0), sent the
 * way an Iranian lab sends them (tests/support/test-results.ts asIranianLab: a national code and a
 * mobile added, nothing clinical changed), each filed through the FHIR reader and the filing
 * service: accepted with every value, unit and range shown as the source has it, or refused for
 * one of the reasons the README's "Filing test results" table gives.
 */
import { readdirSync } from 'node:fs';
import { expect, it, vi } from 'vitest';
import type { Observation, ObservationComponent } from '#lib/api/contracts/test-results.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { newPatient } from '../../../tests/support/wallet.ts';
import { asIranianLab } from '../../../tests/support/test-results.ts';
import { parseFhirBundle } from './fhir.ts';
import type { LabKnowledge } from './knowledge.ts';
import { fileTestResult, getTestResult, type ResultContext } from './service.ts';

vi.mock('../sms/notify.ts', () => ({ notify: async () => undefined }));

type Json = Record<string, any>;

const CORPUS = readdirSync(new URL('../../../tests/fixtures/fhir-hl7/', import.meta.url))
  .filter((file) => file.endsWith('.json'))
  .sort();

/** What the README documents, by example: the start of the message each is refused with. */
const NOTHING_TO_SHOW = 'گزارش هیچ نتیجهٔ نشان‌دادنی ندارد';
const REFUSED: Record<string, string> = {
  // Results that are not values: a text conclusion, a PDF, images, genetics in extensions.
  'DiagnosticReport-f201.json': NOTHING_TO_SHOW,
  'DiagnosticReport-gingival-mass.json': NOTHING_TO_SHOW,
  'DiagnosticReport-pap.json': NOTHING_TO_SHOW,
  'DiagnosticReport-ultrasound.json': NOTHING_TO_SHOW,
  'Bundle-hla-1.json': NOTHING_TO_SHOW,
  // An Observation with no value at all, a waveform, values without a coded test.
  'Bundle-bundle-references.json': NOTHING_TO_SHOW,
  'Observation-ekg.json': NOTHING_TO_SHOW,
  'Observation-decimal.json': NOTHING_TO_SHOW,
  // Cancelled or entered in error: nothing for the patient.
  'Observation-blood-pressure-cancel.json': NOTHING_TO_SHOW,
  'Observation-f202.json': NOTHING_TO_SHOW,
  'Observation-unsat.json': NOTHING_TO_SHOW,
  // Results named by a reference the bundle does not carry.
  'Bundle-dg2.json': 'مرجع «Observation/ob-genetics-3-1» در بسته پیدا نشد',
  'Bundle-father.json': 'مرجع «Observation/undefined» در بسته پیدا نشد',
  'DiagnosticReport-example-pgx.json': 'مرجع «Observation/example-phenotype» در بسته پیدا نشد',
  // No time at all: neither a sample time nor an issue time.
  'Observation-bmd.json': 'زمان نمونه‌گیری (effectiveDateTime) پیدا نشد',
};

const knowledge: LabKnowledge = { lookup: () => undefined };
const context: ResultContext = { knowledge, doctorExists: () => false };

/** Every Observation of the document sent, by each code it carries (and its id). */
function sourceObservations(bundle: Json): Map<string, Json[]> {
  const byCode = new Map<string, Json[]>();
  for (const entry of bundle.entry as Json[]) {
    const resource = entry.resource;
    if (resource.resourceType !== 'Observation') continue;
    for (const key of [...(resource.code?.coding ?? []).map((coding: Json) => coding.code), resource.id]) {
      if (typeof key === 'string') byCode.set(key, [...(byCode.get(key) ?? []), resource]);
    }
  }
  return byCode;
}

const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/** Every way the source may show its value: the number, a censored «<=2», a text, a concept's words, a ratio, a range, an interpretation. */
function valuesOf(item: Json): Array<number | string> {
  const found: Array<number | string> = [];
  const q = item.valueQuantity;
  if (q?.value !== undefined) found.push(q.comparator ? `${q.comparator}${q.value}` : q.value);
  if (typeof item.valueString === 'string') found.push(oneLine(item.valueString));
  const concept = item.valueCodeableConcept;
  if (concept) found.push(...[concept.text, ...(concept.coding ?? []).flatMap((c: Json) => [c.display, c.code])].filter((s): s is string => typeof s === 'string').map(oneLine));
  if (item.valueInteger !== undefined) found.push(item.valueInteger);
  if (item.valueBoolean !== undefined) found.push(item.valueBoolean ? 'بله' : 'خیر');
  if (item.valueRatio) found.push(`${item.valueRatio.numerator?.value}:${item.valueRatio.denominator?.value}`);
  if (item.valueTime) found.push(item.valueTime);
  if (item.valueDateTime) found.push(item.valueDateTime);
  const words: Record<string, string> = { R: 'مقاوم', S: 'حساس', I: 'بینابینی', POS: 'مثبت', NEG: 'منفی', N: 'طبیعی', A: 'غیرطبیعی', H: 'بالا', L: 'پایین' };
  for (const interpretation of item.interpretation ?? []) for (const coding of interpretation.coding ?? []) if (words[coding.code]) found.push(words[coding.code]!);
  return found;
}

/** The units the source gives: the quantity's unit, else its UCUM code. */
const unitsOf = (item: Json): string[] => (item.valueQuantity ? [item.valueQuantity.unit ?? item.valueQuantity.code ?? ''] : ['']);

/** The shown row (a value, its unit, its range, its bands) is one of the source's items with that code. */
function expectMatches(shown: Observation | ObservationComponent, candidates: Json[], where: string): number {
  const match = candidates.find((item) => valuesOf(item).includes(shown.value));
  expect(match, `${where}: ${shown.code} ${JSON.stringify(shown.value)} is a value of the source`).toBeDefined();
  expect(unitsOf(match!), `${where}: unit of ${shown.code}`).toContain(shown.unit);
  const ranges: Json[] = match!.referenceRange ?? [];
  if (shown.reference_low !== undefined || shown.reference_high !== undefined || shown.reference_text !== undefined) {
    expect(
      ranges.some((range) => range.low?.value === shown.reference_low && range.high?.value === shown.reference_high && (shown.reference_text === undefined || range.text?.trim() === shown.reference_text)),
      `${where}: normal range of ${shown.code}`,
    ).toBe(true);
  }
  for (const band of 'reference_bands' in shown ? (shown.reference_bands ?? []) : []) {
    expect(ranges.some((range) => range.low?.value === band.low && range.high?.value === band.high), `${where}: band ${band.name} of ${shown.code}`).toBe(true);
  }
  return 1;
}

describeEachDatabase('HL7 R4 examples, as an Iranian lab sends them', (database) => {
  it('files each one, or refuses it for a documented reason; every value, unit and range shown is the source’s', async () => {
    const { db } = database();
    const accepted: string[] = [];
    let values = 0;
    for (const [n, file] of CORPUS.entries()) {
      const account = await newPatient(db);
      const bundle = asIranianLab(file, { international_code: account.internationalCode, phone_number: account.phoneNumber }, `HL7-${Date.now() % 1e6}-${n}`, CORPUS);
      const parsed = parseFhirBundle(bundle, { hospitalLab: 'آزمایشگاه بیمارستان' });
      if (!parsed.ok) {
        const messages = Object.values(parsed.errors).flat();
        expect(REFUSED[file], `${file} was refused: ${JSON.stringify(parsed.errors)}`).toBeDefined();
        expect(messages.some((message) => message.startsWith(REFUSED[file]!)), `${file}: ${JSON.stringify(parsed.errors)}`).toBe(true);
        continue;
      }
      expect(REFUSED[file], `${file} is documented as refused but was accepted`).toBeUndefined();
      const filed = await fileTestResult(db, context, parsed.body, { filedBy: 'hl7', format: 'fhir', siteUrl: 'https://portal.example.ir', now: new Date('2026-11-20T08:00:00Z') });
      expect(filed.linked, file).toBe(true);
      const result = await getTestResult(db, context, { accountId: account.id, key: filed.key, now: new Date('2026-11-20T08:00:00Z') });
      const source = sourceObservations(bundle);
      for (const observation of result.panels.flatMap((panel) => panel.observations)) {
        const candidates = source.get(observation.code.replace(/-\d+$/, '')) ?? source.get(observation.code) ?? [];
        if (observation.value !== '') values += expectMatches(observation, candidates, file);
        for (const component of observation.components ?? []) {
          const parts = candidates.flatMap((item) => (item.component ?? []).filter((c: Json) => (c.code?.coding ?? []).some((coding: Json) => coding.code === component.code)));
          values += expectMatches(component, parts, file);
        }
      }
      accepted.push(file);
    }
    expect(accepted.length + Object.keys(REFUSED).length).toBe(CORPUS.length);
    // So the run says what it proved.
    console.info(`HL7 corpus: ${accepted.length} of ${CORPUS.length} accepted, ${values} of ${values} values matched their source`);
    expect(values).toBeGreaterThan(150);
  });

  it("shows HL7's Glasgow example (13) with its three bands and no normal range, never as high", async () => {
    const { db } = database();
    const account = await newPatient(db);
    const parsed = parseFhirBundle(asIranianLab('Observation-glasgow.json', { international_code: account.internationalCode, phone_number: account.phoneNumber }, `GCS-${Date.now() % 1e6}`));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const filed = await fileTestResult(db, context, parsed.body, { filedBy: 'hl7', format: 'fhir', siteUrl: 'https://portal.example.ir', now: new Date('2026-11-20T08:00:00Z') });
    const [gcs] = (await getTestResult(db, context, { accountId: account.id, key: filed.key, now: new Date('2026-11-20T08:00:00Z') })).panels[0]!.observations;
    expect(gcs).toMatchObject({ value: 13, unit: '{score}', flag: 'normal', flag_source: 'none', reference_bands: [{ name: 'Severe TBI', high: 8 }, { name: 'Moderate TBI', low: 9, high: 12 }, { name: 'Mild TBI', low: 13 }] });
    expect(gcs!.reference_high).toBeUndefined();
    expect(gcs!.components!.map((c) => c.value)).toEqual(['5 (Localizes painful stimuli)', '4 (Confused, disoriented)', '4 (Opens eyes spontaneously)']);
  });
});
