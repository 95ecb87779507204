import { describe, expect, it } from 'vitest';
import { HOLIDAY_YEARS_COVERED, holidaysBetween, officialHoliday } from './index.ts';
import data from './iran-official-holidays.json' with { type: 'json' };

type Entry = { date: string; jalali: string; title: string };
type YearSource = { provisional: boolean; gregorianRange: string[]; document?: string; transcribedFrom?: string[]; method?: string; notes?: string };

const years = data.years as Record<string, Entry[]>;
const sources = data.source.years as Record<string, YearSource>;
const yearNames = Object.keys(years).sort();
const all = yearNames.flatMap((year) => years[year]!);

/** Two official occasions on one day share an entry, their titles joined with «؛ ». */
const SEPARATOR = '؛ ';
const segments = (entry: Entry) => entry.title.split(SEPARATOR);

function parts(locale: string, iso: string): [number, number, number] {
  const format = new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Tehran', year: 'numeric', month: 'numeric', day: 'numeric' });
  const byType = Object.fromEntries(format.formatToParts(new Date(`${iso}T12:00:00Z`)).map((part) => [part.type, part.value]));
  return [Number.parseInt(byType.year ?? byType.relatedYear ?? '', 10), Number(byType.month), Number(byType.day)];
}
const pad = (n: number) => String(n).padStart(2, '0');
const jalaliOf = (iso: string) => {
  const [year, month, day] = parts('en-u-ca-persian-nu-latn', iso);
  return `${year}-${pad(month)}-${pad(day)}`;
};
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysApart = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / 86_400_000);

/** Fixed days of the Jalali calendar and their titles. */
const SOLAR: readonly [month: number, day: number, title: string][] = [
  [1, 1, 'آغاز نوروز'],
  [1, 2, 'عید نوروز'],
  [1, 3, 'عید نوروز'],
  [1, 4, 'عید نوروز'],
  [1, 12, 'روز جمهوری اسلامی ایران'],
  [1, 13, 'روز طبیعت'],
  [3, 14, 'رحلت حضرت امام خمینی (ره)'],
  [3, 15, 'قیام ۱۵ خرداد'],
  [11, 22, 'پیروزی انقلاب اسلامی'],
  [12, 29, 'روز ملی‌شدن صنعت نفت ایران'],
];

/** Hijri days of the official lunar holidays; 'last' is the last day of the month (29 or 30). */
const LUNAR: readonly [month: number, day: number | 'last', title: string][] = [
  [1, 9, 'تاسوعای حسینی'],
  [1, 10, 'عاشورای حسینی'],
  [2, 20, 'اربعین حسینی'],
  [2, 28, 'رحلت حضرت رسول اکرم (ص) و شهادت حضرت امام حسن مجتبی (ع)'],
  [2, 'last', 'شهادت حضرت امام رضا (ع)'],
  [3, 8, 'شهادت حضرت امام حسن عسکری (ع)'],
  [3, 17, 'ولادت حضرت رسول اکرم (ص) و حضرت امام جعفر صادق (ع)'],
  [6, 3, 'شهادت حضرت فاطمهٔ زهرا (س)'],
  [7, 13, 'ولادت حضرت امام علی (ع)'],
  [7, 27, 'مبعث حضرت رسول اکرم (ص)'],
  [8, 15, 'ولادت حضرت قائم (عج)'],
  [9, 21, 'شهادت حضرت امام علی (ع)'],
  [10, 1, 'عید سعید فطر'],
  [10, 2, 'تعطیل به مناسبت عید سعید فطر'],
  [10, 25, 'شهادت حضرت امام جعفر صادق (ع)'],
  [12, 10, 'عید سعید قربان'],
  [12, 18, 'عید سعید غدیر خم'],
];

const first = sources[yearNames[0]!]!.gregorianRange[0]!;
const last = sources[yearNames[yearNames.length - 1]!]!.gregorianRange[1]!;

/** Each lunar holiday in and around the covered range, dated by Intl's islamic-umalqura calendar. */
function umalquraOccurrences(): { title: string; date: string }[] {
  const hijri = new Map<string, string>();
  for (let day = addDays(first, -60); day <= addDays(last, 60); day = addDays(day, 1)) hijri.set(parts('en-u-ca-islamic-umalqura-nu-latn', day).join('-'), day);
  const hijriYears = new Set([...hijri.keys()].map((key) => Number(key.split('-')[0])));
  return [...hijriYears].flatMap((year) =>
    LUNAR.flatMap(([month, day, title]) => {
      const date = day === 'last' ? hijri.get(`${year}-${month + 1}-1`) && addDays(hijri.get(`${year}-${month + 1}-1`)!, -1) : hijri.get(`${year}-${month}-${day}`);
      return date ? [{ title, date }] : [];
    }),
  );
}
const occurrences = umalquraOccurrences();

describe('iran-official-holidays.json', () => {
  it('has the documented shape', () => {
    expect(data.source.publisher).toContain('مؤسسهٔ ژئوفیزیک دانشگاه تهران');
    expect(yearNames).toEqual(Object.keys(sources).sort());
    yearNames.forEach((year, index) => {
      expect(year).toMatch(/^1[34]\d\d$/);
      if (index > 0) expect(Number(year)).toBe(Number(yearNames[index - 1]) + 1);
      const source = sources[year]!;
      expect(typeof source.provisional).toBe('boolean');
      expect(source.document).toEqual(expect.any(String));
      // A computed year says how it was computed and that the hospital must check it.
      if (source.provisional) expect([source.method, source.notes]).toEqual([expect.any(String), expect.stringMatching(/must check/)]);
      // An official year names what it was transcribed from.
      else expect(source.transcribedFrom).toEqual(expect.arrayContaining([expect.any(String)]));
      expect(years[year]!.length).toBeGreaterThanOrEqual(20);
      for (const entry of years[year]!) {
        expect(Object.keys(entry).sort()).toEqual(['date', 'jalali', 'title']);
        expect(entry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(entry.jalali).toMatch(new RegExp(`^${year}-\\d{2}-\\d{2}$`));
        expect(entry.title.trim()).toBe(entry.title);
      }
    });
  });

  it.each(yearNames)('%s: gregorianRange is exactly that Jalali year', (year) => {
    const [from, to] = sources[year]!.gregorianRange;
    expect(jalaliOf(from!)).toBe(`${year}-01-01`);
    expect(jalaliOf(to!)).toMatch(new RegExp(`^${year}-12-(29|30)$`));
    expect(jalaliOf(addDays(to!, 1))).toBe(`${Number(year) + 1}-01-01`);
    for (const entry of years[year]!) expect(entry.date >= from! && entry.date <= to!).toBe(true);
  });

  it('dates each holiday on the Tehran day its jalali field names', () => {
    expect(all.map((entry) => [entry.date, jalaliOf(entry.date)])).toEqual(all.map((entry) => [entry.date, entry.jalali]));
  });

  it('is sorted with one entry per day', () => {
    const dates = all.map((entry) => entry.date);
    expect(dates).toEqual([...dates].sort());
    expect(new Set(dates).size).toBe(dates.length);
    for (const entry of all) expect(new Set(segments(entry)).size).toBe(segments(entry).length);
  });

  it.each(yearNames)('%s: has every solar holiday on its fixed Jalali day', (year) => {
    for (const [month, day, title] of SOLAR) {
      const entry = years[year]!.find((candidate) => candidate.jalali === `${year}-${pad(month)}-${pad(day)}`);
      expect(entry && segments(entry), `${year}-${month}-${day}`).toContain(title);
    }
  });

  it('has each lunar holiday once, within a day of its islamic-umalqura date', () => {
    for (const { title, date } of occurrences) {
      const matches = all.filter((entry) => segments(entry).includes(title) && Math.abs(daysApart(entry.date, date)) <= 1);
      const wellInside = addDays(date, -1) >= first && addDays(date, 1) <= last;
      // Near the ends of the data the official day may fall just outside it.
      if (wellInside)
        expect(
          matches.map((entry) => entry.date),
          `${title} ≈ ${date}`,
        ).toHaveLength(1);
      else expect(matches.length, `${title} ≈ ${date}`).toBeLessThanOrEqual(1);
    }
  });

  it('lists nothing but official holidays', () => {
    for (const entry of all) {
      const [, month, day] = entry.jalali.split('-').map(Number);
      for (const title of segments(entry)) {
        const solar = SOLAR.some(([m, d, t]) => t === title && m === month && d === day);
        const lunar = occurrences.some((occurrence) => occurrence.title === title && Math.abs(daysApart(entry.date, occurrence.date)) <= 1);
        expect(solar || lunar, `${entry.jalali} ${title}`).toBe(true);
      }
    }
  });

  it('writes titles in Persian letters and digits (ی and ک, not ي and ك)', () => {
    for (const entry of all) {
      expect(entry.title, entry.jalali).not.toMatch(/[\u064A\u0643\u0649]/);
      expect(entry.title, entry.jalali).not.toMatch(/[0-9\u0660-\u0669]/);
      expect(entry.title, entry.jalali).toMatch(/^[\u0600-\u06FF\u200C ()؛]+$/);
    }
  });
});

describe('holiday queries', () => {
  it('finds the holiday of a day and nothing on a working day', () => {
    expect(officialHoliday('2026-03-21')).toEqual({ title: 'آغاز نوروز؛ عید سعید فطر', provisional: false });
    expect(officialHoliday('2026-06-05')).toEqual({ title: 'قیام ۱۵ خرداد', provisional: false });
    expect(officialHoliday('2026-03-25')).toBeUndefined();
    // A Friday is the weekend, not an official holiday.
    expect(officialHoliday('2026-03-27')).toBeUndefined();
  });

  it('marks the days of a computed year as provisional', () => {
    expect(officialHoliday('2027-03-21')).toEqual({ title: 'آغاز نوروز', provisional: sources['1406']!.provisional });
  });

  it('knows nothing outside the covered years', () => {
    expect(officialHoliday('2025-03-21')).toBeUndefined();
    expect(HOLIDAY_YEARS_COVERED).toEqual({
      from: '2026-03-21',
      to: '2028-03-19',
      jalaliYears: [1405, 1406],
      provisionalFrom: sources['1406']!.provisional ? '2027-03-21' : undefined,
    });
  });

  it('lists the holidays of a range, both ends included', () => {
    expect(holidaysBetween('2027-03-20', '2027-03-22').map((holiday) => [holiday.jalali, holiday.provisional])).toEqual([
      ['1405-12-29', false],
      ['1406-01-01', sources['1406']!.provisional],
      ['1406-01-02', sources['1406']!.provisional],
    ]);
    expect(holidaysBetween('2026-03-25', '2026-03-31')).toEqual([]);
    expect(holidaysBetween('2027-01-01', '2026-01-01')).toEqual([]);
    expect(holidaysBetween('2000-01-01', '2100-01-01')).toHaveLength(all.length);
  });

  it('returns copies, so a caller cannot change the data', () => {
    holidaysBetween('2026-03-21', '2026-03-21')[0]!.title = 'changed';
    expect(officialHoliday('2026-03-21')?.title).toBe('آغاز نوروز؛ عید سعید فطر');
  });

  it('rejects a string that is not a YYYY-MM-DD date', () => {
    expect(() => officialHoliday('2026-3-21')).toThrow(RangeError);
    expect(() => officialHoliday('2026-03-21T00:00:00Z')).toThrow(RangeError);
    expect(() => holidaysBetween('1405-01-01', '2026-13-01')).toThrow(RangeError);
  });
});
