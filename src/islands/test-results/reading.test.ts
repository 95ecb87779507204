import { describe, expect, it } from 'vitest';
import type { Observation } from '#lib/api/contracts/test-results.ts';
import { displayUnit, formatLabValue, inBand, labNameBeside, rangeBar, rangeBarLabel, rangeText, trend, trendSummary } from './reading.ts';

const hemoglobin: Observation = {
  code: '718-7',
  name: 'Hemoglobin',
  value: 10.9,
  unit: 'g/dL',
  reference_low: 12,
  reference_high: 16,
  flag: 'low',
  flag_source: 'range',
  history: [],
};

describe('how a lab value reads', () => {
  it('writes values and ranges in Persian digits and words', () => {
    expect(formatLabValue(10.9)).toBe('۱۰٫۹');
    expect(formatLabValue(1200)).toBe('۱٬۲۰۰');
    expect(formatLabValue('Negative')).toBe('Negative');
    expect(rangeText(hemoglobin)).toBe('۱۲ تا ۱۶');
    expect(rangeText({ reference_high: 200 })).toBe('تا ۲۰۰');
    expect(rangeText({ reference_low: 40 })).toBe('دست‌کم ۴۰');
    expect(rangeText({ reference_text: 'Negative' })).toBe('Negative');
    expect(rangeText({})).toBeUndefined();
  });

  it('puts the normal band in the middle half of the bar and the value where it falls, pinned at the ends', () => {
    expect(rangeBar(hemoglobin)).toEqual({ bandFrom: 25, bandTo: 75, marker: 11.25, beyond: false, side: 'below' });
    expect(rangeBar({ ...hemoglobin, value: 14 })).toMatchObject({ marker: 50, side: 'within' });
    expect(rangeBar({ ...hemoglobin, value: 40 })).toMatchObject({ marker: 97, beyond: true, side: 'above' });
    expect(rangeBar({ ...hemoglobin, value: -5 })).toMatchObject({ marker: 3, beyond: true, side: 'below' });
    expect(rangeBar({ value: 150, reference_high: 200 })).toMatchObject({ bandFrom: 0, bandTo: 75, side: 'within' });
    expect(rangeBar({ value: 30, reference_low: 40 })).toMatchObject({ bandFrom: 25, bandTo: 100, side: 'below' });
    expect(rangeBar({ value: 'Negative', reference_low: 1 })).toBeUndefined();
    expect(rangeBar({ value: 3 })).toBeUndefined();
  });

  it('says what the bar shows', () => {
    expect(rangeBarLabel(hemoglobin, 'below')).toBe('مقدار ۱۰٫۹، زیر محدودهٔ ۱۲ تا ۱۶');
    expect(rangeBarLabel({ ...hemoglobin, value: 14 }, 'within')).toBe('مقدار ۱۴، در محدودهٔ ۱۲ تا ۱۶');
  });

  it('draws a trend only with an earlier number, oldest at the start (the right)', () => {
    expect(trend(hemoglobin, '2026-11-20T05:30:00Z')).toBeUndefined();
    const withHistory = { ...hemoglobin, history: [{ value: 12.5, collected_at: '2026-09-23T05:30:00Z', flag: 'normal' as const }] };
    const chart = trend(withHistory, '2026-11-20T05:30:00Z')!;
    expect(chart.points.map((point) => [point.x, point.current])).toEqual([
      [96, false],
      [4, true],
    ]);
    // The higher value is higher up; the band lies between the bounds.
    expect(chart.points[0]!.y).toBeLessThan(chart.points[1]!.y);
    expect(chart.band!.top).toBeLessThan(chart.band!.bottom);
    expect(trendSummary('هموگلوبین', chart)).toBe('روند هموگلوبین در ۲ آزمایش: ۱۲٫۵ (۱ مهر ۱۴۰۵)، ۱۰٫۹ (۲۹ آبان ۱۴۰۵، همین جواب)');
  });
});

describe('displayUnit', () => {
  it.each([
    ['10*3/uL', '10³/µL'],
    ['10^6/uL', '10⁶/µL'],
    ['10*9/L', '10⁹/L'],
    ['ug/dL', 'µg/dL'],
    ['mIU/L', 'mIU/L'],
    ['U/L', 'U/L'],
    ['g/dL', 'g/dL'],
    ['%', '%'],
    // UCUM annotations are not for patients.
    ['{score}', 'امتیاز'],
    ['{titer}', ''],
    ['{cells}/uL', '1/µL'],
    ['mL/min/{1.73_m2}', 'mL/min'],
  ])('%s reads %s', (unit, shown) => {
    expect(displayUnit(unit)).toBe(shown);
  });
});

describe('labNameBeside', () => {
  it('shows the lab’s name beside ours unless ours already carries it', () => {
    expect(labNameBeside({ name: 'Hemoglobin', name_fa: 'هموگلوبین' }, 'هموگلوبین')).toBe('Hemoglobin');
    expect(labNameBeside({ name: 'ALT', name_fa: 'آنزیم کبدی ALT' }, 'آنزیم کبدی ALT')).toBeUndefined();
    expect(labNameBeside({ name: 'X-1' }, 'X-1')).toBeUndefined();
  });
});

describe('bands', () => {
  it('knows which band a value falls in', () => {
    const bands = [{ name: 'Severe TBI', high: 8 }, { name: 'Moderate TBI', low: 9, high: 12 }, { name: 'Mild TBI', low: 13 }];
    expect(bands.map((band) => inBand(13, band))).toEqual([false, false, true]);
    expect(inBand('13', bands[2]!)).toBe(false);
  });
});

describe('formatLabValue', () => {
  it('writes a censored value with one sign and Persian digits', () => {
    expect(['<=2', '>=0.5', '<0.1', '>60', 'Negative', '1:128'].map(formatLabValue)).toEqual(['≤۲', '≥۰٫۵', '<۰٫۱', '>۶۰', 'Negative', '1:128']);
  });
});

