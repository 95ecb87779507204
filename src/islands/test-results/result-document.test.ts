import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Observation, SharedTestResult } from '#lib/api/contracts/test-results.ts';
import { ResultDocument } from './ResultDocument.tsx';

const hemoglobin: Observation = {
  code: '718-7',
  name: 'Hemoglobin',
  name_fa: 'هموگلوبین',
  value: 10.9,
  unit: 'g/dL',
  reference_low: 12,
  reference_high: 16,
  flag: 'low',
  flag_source: 'range',
  history: [{ value: 12.5, collected_at: '2026-09-23T05:30:00.000Z', flag: 'normal' }],
  explanation: { title: 'هموگلوبین', summary: 'اکسیژن را می‌برد.', high: 'بالا: کم‌آبی.', low: 'پایین: کم‌خونی.', see_doctor: 'با خستگی و تنگی نفس.' },
};
const potassium: Observation = { code: '2823-3', name: 'Potassium', value: 6.9, unit: 'mmol/L', reference_low: 3.5, reference_high: 5.1, flag: 'critical_high', flag_source: 'lab', history: [] };

const shared: SharedTestResult = {
  reception_code: 'LAB-1',
  lab: 'آزمایشگاه بیمارستان',
  collected_at: '2026-11-20T05:30:00.000Z',
  status: 'final',
  abnormal_count: 2,
  critical_count: 1,
  observation_count: 2,
  panel_names: ['بیوشیمی'],
  panels: [{ name: 'بیوشیمی', observations: [hemoglobin, potassium] }],
  issuer: { name: 'بیمارستان نمونه', phone: '02188776655' },
  patient_masked: 'س*** ک***',
  expires_at: '2026-11-23T05:30:00.000Z',
};

describe('the result document, drawn on the server', () => {
  const html = renderToStaticMarkup(createElement(ResultDocument, { result: shared, patient: shared.patient_masked }));

  it('says each flag in words, the critical one with its direction, and what to do about it', () => {
    expect(html).toContain('data-flag="low"');
    expect(html).toMatch(/data-flag="critical_high"[^>]*>.*بحرانی.*خیلی بالا/);
    expect(html).toContain('۱ مقدار بحرانی در این جواب هست');
    expect(html).toContain('۰۲۱۸۸۷۷۶۶۵۵');
    expect(html).toContain('aria-label="مقدار ۱۰٫۹، زیر محدودهٔ ۱۲ تا ۱۶"');
    expect(html).toContain('تشخیص پزشکی نیستند');
  });

  it('explains a low value with what a low one may mean first, and draws its trend with a summary', () => {
    expect(html).toContain('این آزمایش چیست؟');
    expect(html.indexOf('پایین: کم‌خونی.')).toBeLessThan(html.indexOf('بالا: کم‌آبی.'));
    expect(html).toContain('روند هموگلوبین در ۲ آزمایش');
  });

  it('uses no inline style (the CSP allows none)', () => {
    expect(html).not.toMatch(/\sstyle=/);
  });
});

describe('what labs send beyond one value', () => {
  const bloodPressure: Observation = {
    code: '85354-9',
    name: 'Blood pressure systolic & diastolic',
    value: '',
    unit: '',
    components: [
      { code: '8480-6', name: 'Systolic blood pressure', value: 107, unit: 'mm[Hg]', flag: 'normal', flag_source: 'lab' },
      { code: '8462-4', name: 'Diastolic blood pressure', value: 60, unit: 'mm[Hg]', reference_high: 80, flag: 'low', flag_source: 'lab' },
    ],
    flag: 'low',
    flag_source: 'lab',
    history: [],
  };
  const ampicillin: Observation = { code: '60504', name: 'Ampicillin', value: 'مقاوم', unit: '', flag: 'abnormal', flag_source: 'lab', history: [] };
  const long = 'M 19-44 years: 4.5-5.9 x10^12/L; F 19-44 years: 4.0-5.2 x10^12/L; '.repeat(4).trim();
  const erythrocytes: Observation = { code: '789-8', name: 'Erythrocytes [#/volume] in Blood', value: 4.12, unit: '10*12/L', reference_text: long, flag: 'normal', flag_source: 'none', history: [] };
  const glasgow: Observation = {
    code: '9269-2',
    name: 'Glasgow Coma Scale , (GCS)',
    value: 13,
    unit: '{score}',
    reference_bands: [{ name: 'Severe TBI', high: 8 }, { name: 'Moderate TBI', low: 9, high: 12 }, { name: 'Mild TBI', low: 13 }],
    flag: 'normal',
    flag_source: 'none',
    history: [],
  };
  const result: SharedTestResult = {
    ...shared,
    collected_at: '2012-09-17T12:00:00.000Z',
    collected_date_only: true,
    critical_count: 0,
    panels: [{ name: 'HL7', observations: [bloodPressure, ampicillin, erythrocytes, glasgow] }],
  };
  const html = renderToStaticMarkup(createElement(ResultDocument, { result, patient: 'x' }));

  it('shows each component as a row with its own value, unit, flag and range', () => {
    expect(html).toMatch(/data-component="8462-4".*Diastolic blood pressure.*۶۰.*mm\[Hg\].*data-flag="low".*محدودهٔ طبیعی: .*تا ۸۰/);
    expect(html).not.toContain('نتیجه مقدار ندارد');
    // On paper: a row each, after their group's.
    expect(html).toMatch(/<table[^]*Blood pressure systolic &amp; diastolic<\/th>[^]*ps-5">Systolic blood pressure<\/th>[^]*ps-5">Diastolic blood pressure<\/th>/);
  });

  it('shows a susceptibility in words, flagged', () => {
    expect(html).toMatch(/مقاوم<\/bdi>.*data-flag="abnormal"/);
  });

  it('folds a long range, and keeps it whole', () => {
    expect(html).toContain('<details class="results-fold');
    expect(html).toContain(long.replace(/'/g, '&#x27;'));
    expect(html).toContain('بیشتر');
  });

  it('shows bands as bands, the value’s marked, with no normal range and no word of ours beside them', () => {
    expect(html).toContain('Severe TBI</bdi>: تا ۸');
    expect(html).toMatch(/Mild TBI<\/bdi>: دست‌کم ۱۳ \(این جواب\)/);
    expect(html).toMatch(/data-observation="9269-2".*محدودهٔ طبیعی: <\/span>ندارد/);
    const card = html.slice(html.indexOf('data-observation="9269-2"'), html.indexOf('<table'));
    expect(card).not.toContain('results-flag');
    expect(html).toContain('امتیاز');
    expect(html).not.toContain('{score}');
  });

  it('shows a day alone without a time', () => {
    expect(html).toContain('۲۷ شهریور ۱۳۹۱</time>');
  });
});

