import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLAGS } from '#lib/api/contracts/test-results.ts';
import { DEMO_PATIENT } from '../demo/seed.ts';
import { INTERPRETATION_FLAGS, INTERPRETATION_SYSTEM, MAX_BUNDLE_ENTRIES, parseFhirBundle, type FhirParseResult } from './fhir.ts';

// The tests edit FHIR documents freely, at any depth.
type Json = Record<string, any>;

const example = (name: string): Json => JSON.parse(readFileSync(new URL(`../../../docs/examples/fhir/${name}.json`, import.meta.url), 'utf8'));
const cbc = () => example('cbc-final');
const biochemistry = () => example('biochemistry-partial');

/** Index of the entry whose resource has this id. */
const at = (bundle: Json, id: string): number => {
  const i = (bundle.entry as Json[]).findIndex((entry) => entry.resource?.id === id);
  if (i < 0) throw new Error(`no entry ${id}`);
  return i;
};
const resource = (bundle: Json, id: string): Json => bundle.entry[at(bundle, id)].resource;

function body(result: FhirParseResult) {
  if (!result.ok) throw new Error(`expected a body, got ${JSON.stringify(result.errors)}`);
  return result.body;
}
function errors(input: unknown): Record<string, string[]> {
  const result = parseFhirBundle(input);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

describe('the example bundles', () => {
  it('cbc-final.json is the demo patient’s final CBC', () => {
    const result = parseFhirBundle(cbc());
    expect(result.ok && result.format).toBe('fhir');
    const filed = body(result);
    expect(filed.patient).toEqual({ international_code: DEMO_PATIENT.internationalCode, phone_number: DEMO_PATIENT.phoneNumber, first_name: DEMO_PATIENT.firstName, last_name: DEMO_PATIENT.lastName });
    expect(filed).toMatchObject({
      reception_code: 'LAB-140308-0427',
      lab: 'آزمایشگاه بیمارستان',
      collected_at: '2025-05-29T04:45:00.000Z',
      reported_at: '2025-05-29T08:10:00.000Z',
      status: 'final',
      ordered_by: { name: 'دکتر الهام نوری', doctor_id: 'elham-nouri' },
    });
    expect(filed.panels).toHaveLength(1);
    const [panel] = filed.panels;
    expect(panel!.name).toBe('آزمایش کامل خون (CBC)');
    expect(panel!.observations.map((o) => o.code)).toEqual(['6690-2', '789-8', '718-7', '4544-3', '787-2', '785-6', '786-4', '788-0', '777-3']);
    // The lab's own coding comes first; the LOINC one is chosen.
    expect(panel!.observations[2]).toEqual({ code: '718-7', name: 'Hemoglobin', value: 11.4, unit: 'g/dL', reference_low: 12, reference_high: 16, flag: 'low' });
    expect(panel!.observations[0]).toEqual({ code: '6690-2', name: 'WBC', value: 7.2, unit: '10^3/µL', reference_low: 4, reference_high: 11, flag: 'normal' });
    // Outside its range with no interpretation: the server flags it.
    expect(panel!.observations[8]).toEqual({ code: '777-3', name: 'Platelets', value: 462, unit: '10^3/µL', reference_low: 150, reference_high: 450 });
    expect(panel!.observations.filter((o) => o.flag === 'normal')).toHaveLength(7);
  });

  it('biochemistry-partial.json is a partial result for the same patient under another reception code', () => {
    const filed = body(parseFhirBundle(biochemistry()));
    // "+98 912 000 0000" on the wire.
    expect(filed.patient).toEqual({ international_code: DEMO_PATIENT.internationalCode, phone_number: DEMO_PATIENT.phoneNumber, first_name: 'سارا', last_name: 'نمونه' });
    expect(filed).toMatchObject({
      // Specimen.accessionIdentifier, not the report's own identifier.
      reception_code: 'LAB-140312-0119',
      lab: 'آزمایشگاه بیمارستان',
      collected_at: '2025-06-02T04:20:00.000Z',
      reported_at: '2025-06-02T06:35:00.000Z',
      status: 'partial',
      // A Practitioner contained in the ServiceRequest.
      ordered_by: { name: 'دکتر سمیه حیدری', doctor_id: 'somayeh-heidari' },
    });
    const [panel] = filed.panels;
    expect(panel!.name).toBe('بیوشیمی خون');
    // HbA1c is registered without a value (left out); the lipid panel is replaced by its members.
    expect(panel!.observations.map((o) => o.code)).toEqual(['1558-6', '2093-3', '2571-8', '2160-0', '1742-6']);
    expect(panel!.observations[0]).toEqual({ code: '1558-6', name: 'FBS', value: 142, unit: 'mg/dL', reference_low: 70, reference_high: 100, flag: 'high' });
    expect(panel!.observations[1]).toEqual({ code: '2093-3', name: 'Cholesterol', value: 212, unit: 'mg/dL', reference_high: 200, reference_text: 'کمتر از ۲۰۰' });
    expect(panel!.observations[4]).toEqual({ code: '1742-6', name: 'ALT (SGPT)', value: 24, unit: 'U/L', reference_low: 7, reference_high: 35 });
  });
});

describe('mapping', () => {
  it('flattens an Observation panel (hasMember) into the report’s panel, members in order, cycles ignored', () => {
    const bundle = cbc();
    const report = bundle.entry[at(bundle, 'cbc-report')].resource;
    const members = report.result;
    report.result = [{ reference: 'urn:uuid:panel' }];
    bundle.entry.push({
      fullUrl: 'urn:uuid:panel',
      resource: { resourceType: 'Observation', id: 'panel', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '58410-2' }] }, hasMember: [...members, { reference: 'urn:uuid:panel' }] },
    });
    const filed = body(parseFhirBundle(bundle));
    expect(filed.panels[0]!.observations.map((o) => o.code)).toEqual(['6690-2', '789-8', '718-7', '4544-3', '787-2', '785-6', '786-4', '788-0', '777-3']);
  });

  it('uses the code of a coding that is not LOINC, and its display, when there is no LOINC coding', () => {
    const bundle = cbc();
    resource(bundle, 'hgb').code = { coding: [{ system: 'urn:lab:codes', code: 'HB', display: 'هموگلوبین' }] };
    expect(body(parseFhirBundle(bundle)).panels[0]!.observations[2]).toMatchObject({ code: 'HB', name: 'هموگلوبین' });
  });

  it('maps every interpretation code', () => {
    const expected: Record<string, (typeof FLAGS)[number]> = {
      N: 'normal',
      L: 'low',
      H: 'high',
      LL: 'critical_low',
      LU: 'critical_low',
      HH: 'critical_high',
      HU: 'critical_high',
      A: 'abnormal',
      AA: 'abnormal',
      POS: 'abnormal',
      DET: 'abnormal',
      NEG: 'normal',
      ND: 'normal',
      R: 'abnormal',
      I: 'abnormal',
      NS: 'abnormal',
      'SYN-R': 'abnormal',
      S: 'normal',
      'SYN-S': 'normal',
    };
    expect(INTERPRETATION_FLAGS).toEqual(expected);
    for (const [code, flag] of Object.entries(expected)) {
      const bundle = cbc();
      resource(bundle, 'hgb').interpretation = [{ coding: [{ system: INTERPRETATION_SYSTEM, code }] }];
      expect(body(parseFhirBundle(bundle)).panels[0]!.observations[2]!.flag, code).toBe(flag);
    }
  });

  it('leaves the flag to the server for an unknown code, another system, or a prototype name', () => {
    for (const coding of [{ system: INTERPRETATION_SYSTEM, code: 'IND' }, { system: 'urn:other', code: 'H' }, { system: INTERPRETATION_SYSTEM, code: 'constructor' }, { code: 'H' }]) {
      const bundle = cbc();
      resource(bundle, 'hgb').interpretation = [{ coding: [coding] }];
      expect(body(parseFhirBundle(bundle)).panels[0]!.observations[2]!.flag).toBeUndefined();
    }
  });

  it('reads valueString, valueCodeableConcept, valueInteger, valueBoolean and a censored quantity', () => {
    const bundle = cbc();
    const values: [Json, string | number][] = [
      [{ valueString: 'منفی' }, 'منفی'],
      [{ valueCodeableConcept: { coding: [{ system: 'http://snomed.info/sct', code: '260385009', display: 'Negative' }] } }, 'Negative'],
      [{ valueInteger: 3 }, 3],
      [{ valueBoolean: false }, 'خیر'],
      [{ valueQuantity: { value: 0.1, comparator: '<', unit: 'g/dL' } }, '<0.1'],
    ];
    for (const [value, expected] of values) {
      const copy = structuredClone(bundle);
      const hgb = resource(copy, 'hgb');
      delete hgb.valueQuantity;
      Object.assign(hgb, value);
      expect(body(parseFhirBundle(copy)).panels[0]!.observations[2]!.value).toBe(expected);
    }
  });

  it('takes collected_at from the Observations when the report has none, and an Observation without a value that is registered is left out', () => {
    const bundle = cbc();
    delete resource(bundle, 'cbc-report').effectiveDateTime;
    resource(bundle, 'wbc').effectiveDateTime = '2025-05-29T07:55:00+03:30';
    const plt = resource(bundle, 'plt');
    plt.status = 'registered';
    delete plt.valueQuantity;
    const filed = body(parseFhirBundle(bundle));
    expect(filed.collected_at).toBe('2025-05-29T04:25:00.000Z');
    expect(filed.panels[0]!.observations).toHaveLength(8);
  });

  it('skips cancelled and entered-in-error Observations', () => {
    const bundle = cbc();
    resource(bundle, 'wbc').status = 'cancelled';
    resource(bundle, 'rbc').status = 'entered-in-error';
    expect(body(parseFhirBundle(bundle)).panels[0]!.observations.map((o) => o.code)[0]).toBe('718-7');
  });

  it('makes one result of two reports with one reception code, at the least advanced status', () => {
    const bundle = cbc();
    const second = structuredClone(bundle.entry[0]);
    second.fullUrl = 'urn:uuid:second-report';
    second.resource.id = 'second-report';
    second.resource.status = 'preliminary';
    second.resource.code = { text: 'شمارش پلاکت' };
    second.resource.result = [bundle.entry[0].resource.result.pop()];
    bundle.entry.push(second);
    const filed = body(parseFhirBundle(bundle));
    expect(filed.status).toBe('partial');
    expect(filed.panels.map((p) => [p.name, p.observations.length])).toEqual([
      ['آزمایش کامل خون (CBC)', 8],
      ['شمارش پلاکت', 1],
    ]);
  });

  it('files a registered report as pending, without its empty panel', () => {
    const bundle = cbc();
    const report = resource(bundle, 'cbc-report');
    report.status = 'registered';
    report.result = [];
    delete report.issued;
    const filed = body(parseFhirBundle(bundle));
    expect(filed.status).toBe('pending');
    expect(filed.panels).toEqual([]);
  });

  it('resolves references by Type/id, by an absolute fullUrl, and to a contained resource', () => {
    const bundle = cbc();
    const report = resource(bundle, 'cbc-report');
    report.subject = { reference: 'Patient/sara-nemoone' };
    report.result[0] = { reference: 'Observation/wbc' };
    bundle.entry[at(bundle, 'rbc')].fullUrl = 'https://lab.example.ir/fhir/Observation/rbc';
    report.result[1] = { reference: 'https://lab.example.ir/fhir/Observation/rbc' };
    report.performer = [{ reference: '#lab' }];
    report.contained = [{ resourceType: 'Organization', id: 'lab', name: 'آزمایشگاه مرکزی' }];
    const filed = body(parseFhirBundle(bundle));
    expect(filed.lab).toBe('آزمایشگاه مرکزی');
    expect(filed.panels[0]!.observations.slice(0, 2).map((o) => o.code)).toEqual(['6690-2', '789-8']);
  });

  it('takes the one Patient of the bundle when no report names a subject', () => {
    const bundle = cbc();
    delete resource(bundle, 'cbc-report').subject;
    expect(body(parseFhirBundle(bundle)).patient.international_code).toBe(DEMO_PATIENT.internationalCode);
  });

  it('uses the requester’s display, and a performer’s display, when they are not in the bundle', () => {
    const bundle = cbc();
    bundle.entry.splice(at(bundle, 'elham-nouri'), 1);
    resource(bundle, 'cbc-report').performer = [{ reference: 'Organization/elsewhere', display: 'آزمایشگاه دیگر' }];
    const filed = body(parseFhirBundle(bundle));
    expect(filed.ordered_by).toEqual({ name: 'دکتر الهام نوری' });
    expect(filed.lab).toBe('آزمایشگاه دیگر');
  });
});

describe('errors, as paths into the FHIR document', () => {
  const notBundle = 'سند باید یک Bundle از FHIR باشد (resourceType: "Bundle")';

  it('refuses anything that is not a Bundle', () => {
    expect(errors(null)).toEqual({ _: [notBundle] });
    expect(errors([cbc()])).toEqual({ _: [notBundle] });
    expect(errors('Bundle')).toEqual({ _: [notBundle] });
    expect(errors(42)).toEqual({ _: [notBundle] });
    expect(errors({ ...cbc(), resourceType: 'Patient' })).toEqual({ resourceType: [notBundle] });
  });

  it('refuses a bundle without entries, or of an unknown type', () => {
    expect(errors({ resourceType: 'Bundle', type: 'collection' })).toEqual({ entry: ['بسته هیچ منبعی (entry) ندارد'] });
    expect(errors({ resourceType: 'Bundle', type: 'collection', entry: [] })).toEqual({ entry: ['بسته هیچ منبعی (entry) ندارد'] });
    expect(errors({ ...cbc(), type: 'history' })).toEqual({ type: ['نوع بسته باید یکی از document، message، transaction، batch، collection، searchset باشد'] });
  });

  it('refuses more than MAX_BUNDLE_ENTRIES entries without reading them', () => {
    const bundle = cbc();
    bundle.entry = Array.from({ length: MAX_BUNDLE_ENTRIES + 1 }, () => bundle.entry[0]);
    expect(errors(bundle)).toEqual({ entry: ['حداکثر ۲۰۰۰ منبع (entry) در یک بسته'] });
  });

  it('refuses a bundle without a DiagnosticReport', () => {
    const bundle = cbc();
    bundle.entry.splice(at(bundle, 'cbc-report'), 1);
    expect(errors(bundle)).toEqual({ entry: ['بسته هیچ DiagnosticReport ندارد'] });
  });

  it('refuses a bundle without a Patient, and a subject that is not in the bundle', () => {
    const bundle = cbc();
    bundle.entry.splice(at(bundle, 'sara-nemoone'), 1);
    for (const entry of bundle.entry) delete entry.resource.subject;
    expect(errors(bundle)).toEqual({ entry: ['بیمار (Patient) در بسته پیدا نشد'] });

    const dangling = cbc();
    resource(dangling, 'cbc-report').subject = { reference: 'Patient/nobody' };
    expect(errors(dangling)).toEqual({ 'entry.0.resource.subject.reference': ['مرجع «Patient/nobody» در بسته پیدا نشد'] });
  });

  it('refuses two Patients when no report says which', () => {
    const bundle = cbc();
    for (const entry of bundle.entry) delete entry.resource.subject;
    bundle.entry.push({ resource: { ...resource(bundle, 'sara-nemoone'), id: 'someone-else' } });
    expect(errors(bundle)).toEqual({ 'entry.0.resource.subject': ['بسته چند Patient دارد؛ subject گزارش را به بیمار ارجاع دهید'] });
  });

  it('refuses results of another patient', () => {
    const bundle = cbc();
    bundle.entry.push({ fullUrl: 'urn:uuid:other', resource: { ...resource(bundle, 'sara-nemoone'), id: 'other' } });
    resource(bundle, 'hgb').subject = { reference: 'urn:uuid:other' };
    expect(errors(bundle)).toEqual({ [`entry.${at(bundle, 'hgb')}.resource.subject.reference`]: ['همهٔ گزارش‌ها و نتیجه‌ها باید برای یک بیمار باشند'] });
  });

  it('refuses a Patient without a national code, and puts our schema’s message on a bad one', () => {
    const bundle = cbc();
    const patient = at(bundle, 'sara-nemoone');
    bundle.entry[patient].resource.identifier.pop();
    expect(errors(bundle)).toEqual({ [`entry.${patient}.resource.identifier`]: ['کد ملی بیمار (Patient.identifier) پیدا نشد'] });

    const bad = cbc();
    bad.entry[patient].resource.identifier[1].value = '0000000605';
    expect(errors(bad)).toEqual({ [`entry.${patient}.resource.identifier.1.value`]: ['کد ملی معتبر نیست'] });
  });

  it('takes a national code by its system alone', () => {
    const bundle = cbc();
    const identifier = resource(bundle, 'sara-nemoone').identifier[1];
    delete identifier.type;
    expect(body(parseFhirBundle(bundle)).patient.international_code).toBe('0000000604');
    identifier.system = 'urn:other';
    expect(parseFhirBundle(bundle).ok).toBe(false);
  });

  it('refuses a Patient without a phone, and a phone that is not a mobile', () => {
    const bundle = cbc();
    const patient = at(bundle, 'sara-nemoone');
    delete bundle.entry[patient].resource.telecom;
    expect(errors(bundle)).toEqual({ [`entry.${patient}.resource.telecom`]: ['شماره موبایل بیمار (Patient.telecom) پیدا نشد'] });

    const landline = cbc();
    landline.entry[patient].resource.telecom.pop();
    expect(errors(landline)).toEqual({ [`entry.${patient}.resource.telecom.0.value`]: ['شماره موبایل معتبر نیست'] });
  });

  it('refuses a result reference that is not in the bundle, or not an Observation', () => {
    const bundle = cbc();
    resource(bundle, 'cbc-report').result[2] = { reference: 'Observation/abc' };
    expect(errors(bundle)).toEqual({ 'entry.0.resource.result.2.reference': ['مرجع «Observation/abc» در بسته پیدا نشد'] });

    const wrong = cbc();
    resource(wrong, 'cbc-report').result[2] = { reference: 'Patient/sara-nemoone' };
    expect(errors(wrong)).toEqual({ 'entry.0.resource.result.2.reference': ['مرجع «Patient/sara-nemoone» باید به Observation برسد، نه Patient'] });

    const empty = cbc();
    resource(empty, 'cbc-report').result[2] = { display: 'Hemoglobin' };
    expect(errors(empty)).toEqual({ 'entry.0.resource.result.2': ['مرجع (reference) ندارد'] });
  });

  it('leaves out an Observation without a value, and refuses a report left with none', () => {
    const bundle = cbc();
    delete resource(bundle, 'hgb').valueQuantity;
    // Its interpretation alone is its value («پایین»); without one there is nothing to show.
    expect(body(parseFhirBundle(bundle)).panels[0]!.observations[2]).toMatchObject({ code: '718-7', value: 'پایین', flag: 'low' });
    delete resource(bundle, 'hgb').interpretation;
    expect(body(parseFhirBundle(bundle)).panels[0]!.observations.map((o) => o.code)).not.toContain('718-7');
    const report = resource(bundle, 'cbc-report');
    report.result = [report.result[2]];
    expect(errors(bundle)).toEqual({ 'entry.0.resource.result': ['گزارش هیچ نتیجهٔ نشان‌دادنی ندارد (value[x]، component یا interpretation)'] });
  });

  it('refuses valueQuantity.value as a string', () => {
    const bundle = cbc();
    resource(bundle, 'hgb').valueQuantity.value = '11.4';
    expect(errors(bundle)).toEqual({ [`entry.${at(bundle, 'hgb')}.resource.valueQuantity.value`]: ['باید عدد باشد'] });
  });

  it('shows a ratio and a range as text, and leaves out a value it cannot show with the rest filed', () => {
    const bundle = cbc();
    const hgb = resource(bundle, 'hgb');
    delete hgb.valueQuantity;
    hgb.valueRatio = { numerator: { value: 1 }, denominator: { value: 128 } };
    expect(body(parseFhirBundle(bundle)).panels[0]!.observations[2]).toMatchObject({ code: '718-7', value: '1:128' });
    delete hgb.valueRatio;
    hgb.valueRange = { low: { value: 3, unit: 'mg' }, high: { value: 5, unit: 'mg' } };
    expect(body(parseFhirBundle(bundle)).panels[0]!.observations[2]).toMatchObject({ value: '3–5', unit: 'mg' });
    delete hgb.valueRange;
    hgb.valueSampledData = { origin: { value: 0 }, period: 10, dimensions: 1, data: '1 2 3' };
    const filed = body(parseFhirBundle(bundle));
    expect(filed.panels[0]!.observations.map((o) => o.code)).not.toContain('718-7');
    expect(filed.panels[0]!.observations).toHaveLength(8);
  });

  it('reads a day alone as the result day, and refuses a month alone', () => {
    const bundle = cbc();
    resource(bundle, 'cbc-report').effectiveDateTime = '2025-05-29';
    resource(bundle, 'cbc-report').issued = '2025-05-29';
    expect(body(parseFhirBundle(bundle))).toMatchObject({ collected_at: '2025-05-29', reported_at: '2025-05-29' });
    // Issued the same day at 01:00 Tehran (the day before in UTC): not before a sample of that day.
    resource(bundle, 'cbc-report').issued = '2025-05-29T01:00:00+03:30';
    expect(body(parseFhirBundle(bundle)).reported_at).toBe('2025-05-28T21:30:00.000Z');
    resource(bundle, 'cbc-report').effectiveDateTime = '2025-05';
    expect(errors(bundle)).toEqual({ 'entry.0.resource.effectiveDateTime': ['زمان روز ندارد؛ دست‌کم روز را بفرستید (مثل 2025-01-15 یا 2025-01-15T08:30:00+03:30)'] });
  });

  it('refuses an impossible dateTime, or one without an offset', () => {
    const bundle = cbc();
    for (const value of ['2025-02-30T08:00:00+03:30', '2025-05-29T08:15:00', 'دیروز', '2025-02-30']) {
      resource(bundle, 'cbc-report').effectiveDateTime = value;
      expect(errors(bundle), value).toEqual({ 'entry.0.resource.effectiveDateTime': ['زمان معتبر نیست؛ تاریخ و ساعت با منطقهٔ زمانی بفرستید (مثل 2025-01-15T08:30:00+03:30)'] });
    }
  });

  it('refuses a report issued before the sample was taken', () => {
    const bundle = cbc();
    resource(bundle, 'cbc-report').issued = '2025-05-29T08:00:00+03:30';
    expect(errors(bundle)).toEqual({ 'entry.0.resource.issued': ['زمان گزارش (issued) پیش از زمان نمونه‌گیری است'] });
  });

  it('refuses two reports with different reception codes', () => {
    const bundle = cbc();
    const second = structuredClone(bundle.entry[0]);
    second.resource.id = 'second';
    second.resource.code = { text: 'شمارش پلاکت' };
    second.resource.identifier[0].value = 'LAB-140308-0999';
    bundle.entry.push(second);
    expect(errors(bundle)).toEqual({ [`entry.${bundle.entry.length - 1}.resource.identifier.0.value`]: ['کد پذیرش این گزارش («LAB-140308-0999») با گزارش اول («LAB-140308-0427») یکی نیست'] });
  });

  it('refuses two reports with one name', () => {
    const bundle = cbc();
    const second = structuredClone(bundle.entry[0]);
    second.resource.id = 'second';
    bundle.entry.push(second);
    expect(errors(bundle)).toEqual({ [`entry.${bundle.entry.length - 1}.resource.code.text`]: ['نام گزارش «آزمایش کامل خون (CBC)» در بسته تکراری است'] });
  });

  it('refuses a report without a reception code', () => {
    const bundle = cbc();
    delete resource(bundle, 'cbc-report').identifier;
    delete resource(bundle, 'cbc-specimen').accessionIdentifier;
    expect(errors(bundle)).toEqual({ 'entry.0.resource.identifier': ['کد پذیرش (identifier از نوع ACSN یا Specimen.accessionIdentifier) پیدا نشد'] });
  });

  it('puts our schema’s message on the reception code, the unit and the range where they came from', () => {
    const bundle = cbc();
    resource(bundle, 'cbc-report').identifier[0].value = 'LAB 140308_0427';
    const hgb = at(bundle, 'hgb');
    bundle.entry[hgb].resource.valueQuantity.unit = 'g/dL'.repeat(10);
    expect(errors(bundle)).toEqual({
      'entry.0.resource.identifier.0.value': ['کد پذیرش فقط حرف لاتین، رقم و خط تیره دارد'],
      [`entry.${hgb}.resource.valueQuantity.unit`]: ['حداکثر ۳۰ کاراکتر مجاز است'],
    });

    const range = cbc();
    range.entry[hgb].resource.referenceRange[0].low.value = 20;
    expect(errors(range)).toEqual({ [`entry.${hgb}.resource.referenceRange.0`]: ['کران پایین محدودهٔ مرجع از کران بالا بیشتر است'] });
  });

  it('refuses a cancelled report', () => {
    for (const status of ['cancelled', 'entered-in-error', 'unknown']) {
      const bundle = cbc();
      resource(bundle, 'cbc-report').status = status;
      expect(errors(bundle)).toEqual({ 'entry.0.resource.status': [`گزارش با وضعیت ${status} ثبت‌شدنی نیست`] });
    }
    const bundle = cbc();
    resource(bundle, 'cbc-report').status = 'done';
    expect(errors(bundle)['entry.0.resource.status']).toEqual(['وضعیت گزارش (status) باید یکی از registered، partial، preliminary، final، amended، corrected، appended، cancelled، entered-in-error، unknown باشد']);
  });

  it("files a report without a performer as the hospital's own lab", () => {
    const bundle = cbc();
    delete resource(bundle, 'cbc-report').performer;
    expect(body(parseFhirBundle(bundle, { hospitalLab: 'بیمارستان نمونه' })).lab).toBe('بیمارستان نمونه');
  });
});

describe('what labs send beyond one value', () => {
  const LOINC = 'http://loinc.org';
  const MEANING = 'http://terminology.hl7.org/CodeSystem/referencerange-meaning';

  it('reads components as rows of their observation, each with its range and flag', () => {
    const bundle = cbc();
    const hgb = resource(bundle, 'hgb');
    delete hgb.valueQuantity;
    delete hgb.referenceRange;
    delete hgb.interpretation;
    hgb.code = { coding: [{ system: LOINC, code: '85354-9', display: 'Blood pressure panel' }] };
    hgb.component = [
      { code: { coding: [{ system: LOINC, code: '8480-6', display: 'Systolic blood pressure' }] }, valueQuantity: { value: 107, unit: 'mmHg' }, interpretation: [{ coding: [{ system: INTERPRETATION_SYSTEM, code: 'N' }] }] },
      { code: { coding: [{ system: LOINC, code: '8462-4', display: 'Diastolic blood pressure' }] }, valueQuantity: { value: 95, unit: 'mmHg' }, referenceRange: [{ high: { value: 90 } }] },
      { code: { coding: [{ system: LOINC, code: '8478-0' }] }, dataAbsentReason: { text: 'not measured' } },
    ];
    expect(body(parseFhirBundle(bundle)).panels[0]!.observations[2]).toEqual({
      code: '85354-9',
      name: 'Blood pressure panel',
      components: [
        { code: '8480-6', name: 'Systolic blood pressure', value: 107, unit: 'mmHg', flag: 'normal' },
        { code: '8462-4', name: 'Diastolic blood pressure', value: 95, unit: 'mmHg', reference_high: 90 },
      ],
    });
  });

  it('shows a susceptibility reported only by interpretation in words', () => {
    const bundle = cbc();
    const hgb = resource(bundle, 'hgb');
    delete hgb.valueQuantity;
    delete hgb.referenceRange;
    hgb.interpretation = [{ coding: [{ system: INTERPRETATION_SYSTEM, code: 'R' }] }];
    expect(body(parseFhirBundle(bundle)).panels[0]!.observations[2]).toMatchObject({ value: 'مقاوم', flag: 'abnormal' });
    hgb.interpretation = [{ coding: [{ system: INTERPRETATION_SYSTEM, code: 'S' }] }];
    expect(body(parseFhirBundle(bundle)).panels[0]!.observations[2]).toMatchObject({ value: 'حساس', flag: 'normal' });
    hgb.interpretation = [{ coding: [{ system: INTERPRETATION_SYSTEM, code: 'I' }] }];
    expect(body(parseFhirBundle(bundle)).panels[0]!.observations[2]).toMatchObject({ value: 'بینابینی' });
  });

  it('takes the normal range that fits the patient, and shows the others as bands', () => {
    const bundle = cbc();
    const patient = (bundle.entry as Json[]).find((entry) => entry.resource.resourceType === 'Patient')!.resource;
    patient.gender = 'male';
    patient.birthDate = '1990-01-01';
    const hgb = resource(bundle, 'hgb');
    hgb.referenceRange = [
      { low: { value: 12 }, high: { value: 16 }, appliesTo: [{ coding: [{ system: MEANING, code: 'female' }] }] },
      { low: { value: 13.5 }, high: { value: 17.5 }, appliesTo: [{ coding: [{ system: MEANING, code: 'male' }] }], age: { low: { value: 18, unit: 'years', code: 'a' } } },
      { low: { value: 5 }, high: { value: 20 }, type: { coding: [{ system: MEANING, code: 'treatment' }], text: 'Treatment' } },
    ];
    expect(body(parseFhirBundle(bundle)).panels[0]!.observations[2]).toMatchObject({
      reference_low: 13.5,
      reference_high: 17.5,
      reference_bands: [
        { name: 'زنان', low: 12, high: 16 },
        { name: 'Treatment', low: 5, high: 20 },
      ],
    });
  });

  it("never takes a severity band as the normal range (HL7's Glasgow example)", () => {
    const bundle = cbc();
    const hgb = resource(bundle, 'hgb');
    hgb.valueQuantity = { value: 13, system: 'http://unitsofmeasure.org', code: '{score}' };
    delete hgb.interpretation;
    hgb.referenceRange = [
      { high: { value: 8 }, type: { text: 'Severe TBI' } },
      { low: { value: 9 }, high: { value: 12 }, type: { text: 'Moderate TBI' } },
      { low: { value: 13 }, type: { text: 'Mild TBI' } },
    ];
    const observation = body(parseFhirBundle(bundle)).panels[0]!.observations[2]!;
    expect(observation).toEqual({
      code: '718-7',
      name: 'Hemoglobin',
      value: 13,
      unit: '{score}',
      reference_bands: [
        { name: 'Severe TBI', high: 8 },
        { name: 'Moderate TBI', low: 9, high: 12 },
        { name: 'Mild TBI', low: 13 },
      ],
    });
  });

  it("makes a lab's own code that does not fit our rule fit, the same way each time", () => {
    const bundle = cbc();
    resource(bundle, 'hgb').code = { coding: [{ system: 'urn:lab', code: 'HB (g/dL)', display: 'Hb' }] };
    expect(body(parseFhirBundle(bundle)).panels[0]!.observations[2]).toMatchObject({ code: 'HB-g-dL', name: 'Hb' });
  });

  it('keeps a long range text and name, and numbers a code that comes twice', () => {
    const bundle = cbc();
    const hgb = resource(bundle, 'hgb');
    const long = 'Men: 8.4 - 10.8 mmol/l '.repeat(20).trim();
    hgb.referenceRange = [{ text: long }];
    hgb.code.text = 'x'.repeat(400);
    resource(bundle, 'wbc').code = hgb.code;
    const filed = body(parseFhirBundle(bundle)).panels[0]!.observations;
    expect(filed[2]).toMatchObject({ code: '718-7-2', name: 'x'.repeat(400), reference_text: long });
    expect(filed[0]!.code).toBe('718-7');
  });
});

describe('hostile input', () => {
  it('survives deep nesting', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const bundle = cbc();
    resource(bundle, 'cbc-report').extension = deep;
    resource(bundle, 'hgb').code.coding[0].extension = { deep };
    expect(parseFhirBundle(bundle).ok).toBe(true);

    bundle.entry[1] = deep;
    expect(errors(bundle)).toEqual({ 'entry.1': ['باید شیء باشد'] });
    expect(errors({ resourceType: 'Bundle', entry: { deep } })).toEqual({ entry: ['باید فهرست (آرایه) باشد'] });
  });

  it('ignores __proto__ keys and does not pollute prototypes', () => {
    const text = JSON.stringify(cbc()).replace('"resourceType":"Bundle"', '"resourceType":"Bundle","__proto__":{"polluted":true,"entry":[]}');
    const bundle = JSON.parse(text.replace('"status":"final"', '"__proto__":{"status":"cancelled"},"status":"final"'));
    expect(parseFhirBundle(bundle).ok).toBe(true);
    expect(({} as Json).polluted).toBeUndefined();

    const hostile = JSON.parse('{"resourceType":"Bundle","entry":[{"__proto__":{"resource":{"resourceType":"DiagnosticReport"}}}]}');
    expect(errors(hostile)).toEqual({ entry: ['بسته هیچ DiagnosticReport ندارد'] });
    const constructor = JSON.parse('{"resourceType":"Bundle","entry":[{"resource":{"resourceType":"constructor","id":"__proto__"}}]}');
    expect(errors(constructor)).toEqual({ entry: ['بسته هیچ DiagnosticReport ندارد'] });
  });

  it('refuses huge lists inside a resource before reading them', () => {
    const bundle = cbc();
    resource(bundle, 'cbc-report').result = Array.from({ length: 100_000 }, () => ({ reference: 'Observation/wbc' }));
    expect(errors(bundle)).toEqual({ 'entry.0.resource.result': ['حداکثر ۱۰۰ مورد'] });
  });

  it('refuses panels nested too deep', () => {
    const bundle = cbc();
    const report = resource(bundle, 'cbc-report');
    report.result = [{ reference: 'urn:uuid:level-0' }];
    for (let i = 0; i < 8; i++) {
      bundle.entry.push({ fullUrl: `urn:uuid:level-${i}`, resource: { resourceType: 'Observation', status: 'final', code: { text: `level ${i}` }, hasMember: [{ reference: `urn:uuid:level-${i + 1}` }] } });
    }
    const deepest = bundle.entry.length - 3;
    expect(errors(bundle)).toEqual({ [`entry.${deepest}.resource.hasMember`]: ['گروه‌های تودرتو (hasMember) بیش از ۵ سطح است'] });
  });

  it('reports wrong types where they are, without throwing', () => {
    const bundle = cbc();
    resource(bundle, 'cbc-report').code = 'CBC';
    resource(bundle, 'cbc-report').identifier = [{ value: 7 }];
    expect(errors(bundle)).toEqual({ 'entry.0.resource.code': ['باید شیء باشد'], 'entry.0.resource.identifier.0.value': ['باید متن باشد'] });
  });
});
