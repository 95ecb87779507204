import { describe, expect, it } from 'vitest';
import { filterDoctors, finderSearch, parseFinderQuery, type FindableDoctor } from './finder.ts';
import { nextWorkingDays, type Session } from './schedule.ts';
import { nameMatches, normalizeForSearch } from './search.ts';

describe('name search', () => {
  it.each([
    ['محمدرضا کریمی', 'محمد‌رضا', true],
    ['محمدرضا کریمی', 'محمد رضا', true],
    ['محمد‌رضا کریمی', 'محمدرضا', true],
    ['علی کریمی', 'علي كريمي', true],
    ['یاسمن کاظمی', 'ياسمن', true],
    ['فاطمه رحیمی', 'فاطمة', true],
    ['مریم احمدی', '', true],
    ['مریم احمدی', 'زهرا', false],
    ['مریم احمدی', 'احمدیان', false],
  ])('%s ~ %s → %s', (name, query, expected) => {
    expect(nameMatches(name, query)).toBe(expected);
  });

  it('drops diacritics and tatweel', () => {
    expect(normalizeForSearch('مُحـمّد')).toBe('محمد');
  });
});

describe('finder query', () => {
  it('reads the URL filters and ignores unknown genders', () => {
    expect(parseFinderQuery(new URLSearchParams('expertise=cardiology&clinic=heart&gender=x&q=%20علی%20'))).toEqual({
      expertise: 'cardiology',
      clinic: 'heart',
      gender: '',
      q: 'علی',
    });
  });

  it('writes only the filters that are set', () => {
    expect(finderSearch({ expertise: 'ent', clinic: '', gender: 'female', q: '' })).toBe('?expertise=ent&gender=female');
    expect(finderSearch({})).toBe('');
  });

  const doctors: (FindableDoctor & { id: string })[] = [
    { id: 'a', fullName: 'مریم احمدی', gender: 'female', expertiseGroups: ['obstetrics-gynecology'], clinics: ['women'] },
    { id: 'b', fullName: 'علی کریمی', gender: 'male', expertiseGroups: ['cardiology'], clinics: ['heart', 'general'] },
    { id: 'c', fullName: 'سارا کریمی', gender: 'female', expertiseGroups: ['cardiology'], clinics: ['heart'] },
  ];

  it.each([
    ['', ['a', 'b', 'c']],
    ['expertise=cardiology', ['b', 'c']],
    ['expertise=cardiology&gender=female', ['c']],
    ['clinic=general', ['b']],
    ['q=كريمي', ['b', 'c']],
    ['q=کریمی&gender=male', ['b']],
    ['expertise=nothing', []],
  ])('?%s → %j', (search, ids) => {
    expect(filterDoctors(doctors, parseFinderQuery(new URLSearchParams(search))).map((d) => d.id)).toEqual(ids);
  });
});

describe('next working days (Tehran time)', () => {
  const schedule: Session[] = [
    { day: 'saturday', start: '08:00', end: '12:00', clinic: 'women' },
    { day: 'monday', start: '15:00', end: '19:00', clinic: 'women' },
    { day: 'monday', start: '08:00', end: '10:00', clinic: 'general' },
  ];
  const tehranDate = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: 'Asia/Tehran' });

  it('lists the coming days in order, with their sessions sorted', () => {
    // Saturday 2026-11-21, 13:00 in Tehran: today's session is over.
    const days = nextWorkingDays(schedule, new Date('2026-11-21T09:30:00Z'));
    expect(days.map((d) => [d.day, tehranDate(d.date)])).toEqual([
      ['monday', '2026-11-23'],
      ['saturday', '2026-11-28'],
      ['monday', '2026-11-30'],
    ]);
    expect(days[0]!.sessions.map((s) => s.start)).toEqual(['08:00', '15:00']);
  });

  it('includes today while a session is still on', () => {
    // Saturday 2026-11-21, 09:00 in Tehran.
    expect(tehranDate(nextWorkingDays(schedule, new Date('2026-11-21T05:30:00Z'), 1)[0]!.date)).toBe('2026-11-21');
  });

  it('uses the Tehran date, not UTC, near midnight', () => {
    // Friday 23:00 UTC is Saturday 02:30 in Tehran.
    const [first] = nextWorkingDays(schedule, new Date('2026-11-20T23:00:00Z'), 1);
    expect([first!.day, tehranDate(first!.date)]).toEqual(['saturday', '2026-11-21']);
  });

  it('is empty for a doctor without sessions', () => {
    expect(nextWorkingDays([], new Date())).toEqual([]);
  });
});
