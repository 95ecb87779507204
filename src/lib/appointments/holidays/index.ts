/**
 * Iran's official public holidays (تعطیلات رسمی) by Gregorian date of the Tehran calendar day, read
 * from iran-official-holidays.json (its `source` says where each year came from; README.md here).
 * Fridays are not holidays here: the weekly rest day belongs to the schedules.
 *
 * Pure: no Node APIs, so the browser may import it too. A date outside HOLIDAY_YEARS_COVERED is
 * simply not known; callers that look further ahead must check the range themselves.
 */
import data from './iran-official-holidays.json' with { type: 'json' };

/** "YYYY-MM-DD", the Gregorian date of a Tehran calendar day. */
export type IsoDate = string;

export interface OfficialHoliday {
  date: IsoDate;
  /** The same day in the Jalali calendar, "1405-01-01". */
  jalali: string;
  /** Persian name(s) of the occasion; two occasions on one day are joined with «؛ ». */
  title: string;
  /** True for a year computed ahead of the official calendar: its lunar days may still move. */
  provisional: boolean;
}

interface YearSource {
  provisional: boolean;
  /** First and last Gregorian day of the Jalali year. */
  gregorianRange: readonly IsoDate[];
}

interface HolidayFile {
  source: { years: Record<string, YearSource> };
  years: Record<string, readonly { date: IsoDate; jalali: string; title: string }[]>;
}

const file: HolidayFile = data;

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const yearNames = Object.keys(file.years).sort();

const holidays: readonly OfficialHoliday[] = yearNames.flatMap((year) => file.years[year]!.map((holiday) => ({ ...holiday, provisional: yearSource(year).provisional })));

const byDate = new Map(holidays.map((holiday) => [holiday.date, holiday]));

function yearSource(year: string): YearSource {
  const source = file.source.years[year];
  if (!source) throw new Error(`iran-official-holidays.json: year ${year} has no source`);
  return source;
}

function firstAndLast(year: string): [IsoDate, IsoDate] {
  const [first, last] = yearSource(year).gregorianRange;
  if (!first || !last) throw new Error(`iran-official-holidays.json: year ${year} has no gregorianRange`);
  return [first, last];
}

const provisionalYear = yearNames.find((year) => yearSource(year).provisional);

/**
 * The Gregorian days the data speaks for (both ends included): from 1 Farvardin of the first
 * Jalali year to the last day of Esfand of the last one. Past `to` nothing is known, so a
 * missing holiday there does not mean a working day. From `provisionalFrom` on (if set) the
 * dates are computed, not yet checked against the official calendar.
 */
export const HOLIDAY_YEARS_COVERED: {
  readonly from: IsoDate;
  readonly to: IsoDate;
  readonly jalaliYears: readonly number[];
  readonly provisionalFrom: IsoDate | undefined;
} = {
  from: firstAndLast(yearNames[0]!)[0],
  to: firstAndLast(yearNames[yearNames.length - 1]!)[1],
  jalaliYears: yearNames.map(Number),
  provisionalFrom: provisionalYear === undefined ? undefined : firstAndLast(provisionalYear)[0],
};

function checkedIso(isoDate: string): IsoDate {
  if (!ISO_DATE.test(isoDate)) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  return isoDate;
}

/** The official holiday on that Tehran day, or undefined (also outside HOLIDAY_YEARS_COVERED). */
export function officialHoliday(isoDate: string): { title: string; provisional: boolean } | undefined {
  const holiday = byDate.get(checkedIso(isoDate));
  return holiday && { title: holiday.title, provisional: holiday.provisional };
}

/** The official holidays from `fromIso` to `toIso`, both included, in date order. */
export function holidaysBetween(fromIso: string, toIso: string): OfficialHoliday[] {
  const from = checkedIso(fromIso);
  const to = checkedIso(toIso);
  return holidays.filter((holiday) => holiday.date >= from && holiday.date <= to).map((holiday) => ({ ...holiday }));
}
