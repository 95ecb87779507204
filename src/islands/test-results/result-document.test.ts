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
