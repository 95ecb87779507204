import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ClaimTestResultSchema } from './test-results.ts';
import { FileTestResultSchema } from './test-results-filing.ts';

const valid = {
  patient: { international_code: '0012345679', phone_number: '09121234567' },
  reception_code: 'LAB-1402/77',
  lab: 'آزمایشگاه بیمارستان',
  collected_at: '2026-11-19T05:30:00Z',
  status: 'final',
  panels: [{ name: 'CBC', observations: [{ code: '718-7', name: 'Hemoglobin', value: 10.9, unit: 'g/dL', reference_low: 12, reference_high: 16 }] }],
};
const errorsOf = (input: unknown) => {
  const result = v.safeParse(FileTestResultSchema, input);
  return result.success ? {} : Object.fromEntries(result.issues.map((issue) => [v.getDotPath(issue) ?? '_', issue.message]));
};

describe('ClaimTestResultSchema', () => {
  it('reads a reception code as typed: Persian digits, spaces and lower case', () => {
    expect(v.parse(ClaimTestResultSchema, { reception_code: ' lab-۱۴۰۲ ۷۷ ', international_code: '۰۰۱۲۳۴۵۶۷۹' })).toEqual({ reception_code: 'LAB-140277', international_code: '0012345679' });
  });
  it.each(['', '-AB', 'AB-', 'A B<', 'A'.repeat(33), 'کد۱۲'])('refuses the reception code %j', (code) => {
    expect(v.safeParse(ClaimTestResultSchema, { reception_code: code, international_code: '0012345679' }).success).toBe(false);
  });
});

describe('FileTestResultSchema', () => {
  it('takes a valid filing, numbers and text values alike', () => {
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, panels: [{ name: 'UA', observations: [{ code: '5804-0', name: 'Protein', value: 'Negative', reference_text: 'Negative' }] }] })).toEqual({});
  });
  it('names the path of each problem', () => {
    const broken = {
      ...valid,
      collected_at: '2026-11-19 05:30',
      panels: [{ name: 'CBC', observations: [{ code: '718 7', name: '', value: { a: 1 }, reference_low: 16, reference_high: 12 }] }],
    };
    expect(Object.keys(errorsOf(broken)).sort()).toEqual(['collected_at', 'panels.0.observations.0.code', 'panels.0.observations.0.name', 'panels.0.observations.0.value'].sort());
  });
  it('refuses a final result without values, a report before its sample, repeated panels and repeated codes', () => {
    expect(Object.values(errorsOf({ ...valid, panels: [] }))).toContain('جواب ناقص یا نهایی دست‌کم یک آزمایش دارد');
    expect(errorsOf({ ...valid, status: 'pending', panels: [] })).toEqual({});
    expect(Object.values(errorsOf({ ...valid, reported_at: '2026-11-18T05:30:00Z' }))).toContain('زمان گزارش پیش از زمان نمونه‌گیری است');
    expect(Object.values(errorsOf({ ...valid, panels: [valid.panels[0], valid.panels[0]] }))).toContain('نام هر بخش یک بار می‌آید');
    const twice = { name: 'CBC', observations: [valid.panels[0]!.observations[0], valid.panels[0]!.observations[0]] };
    expect(Object.values(errorsOf({ ...valid, panels: [twice] }))).toContain('هر کد آزمایش در یک بخش یک بار می‌آید');
  });
  it('refuses absurd numbers and too many observations', () => {
    const observation = valid.panels[0]!.observations[0]!;
    expect(errorsOf({ ...valid, panels: [{ name: 'X', observations: [{ ...observation, value: 1e308 }] }] })).toHaveProperty(['panels.0.observations.0.value']);
    const many = Array.from({ length: 101 }, (_, i) => ({ ...observation, code: `C${i}` }));
    expect(errorsOf({ ...valid, panels: [{ name: 'X', observations: many }] })).toHaveProperty(['panels.0.observations']);
  });
});
