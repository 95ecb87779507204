import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type FindableDoctor, filterDoctors, finderSearch, orderByNextFree, parseFinderQuery } from './finder.ts';
import { nextWorkingDays, type Session } from './schedule.ts';
import { nameMatches, normalizeForSearch, searchWords } from './search.ts';

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

  it.each([
    // The name as the cards show it, and other titles people type.
    ['مریم احمدی', 'دکتر مریم احمدی', true],
    ['مریم احمدی', 'دكتر مريم احمدي', true],
    ['مریم احمدی', 'دکتر مریم‌احمدی', true],
    ['مریم احمدی', 'خانم دکتر احمدی', true],
    ['مریم احمدی', 'پروفسور احمدی', true],
    ['مریم احمدی', 'استاد مریم احمدی', true],
    ['مریم احمدی', 'Dr. مریم احمدی', true],
    ['مریم احمدی', 'دکتر، مریم «احمدی»!', true],
    ['مریم احمدی', 'دکتر زهرا احمدی', false],
    ['مریم احمدی', 'دکتر احمدیان', false],
  ])('%s ~ %s → %s', (name, query, expected) => {
    expect(nameMatches(name, query)).toBe(expected);
  });

  it('splits a search into words without titles and punctuation', () => {
    expect(searchWords(' دکتر  مریم، احمدی ')).toEqual(['مریم', 'احمدی']);
    expect(searchWords('متخصص قلب؟')).toEqual(['قلب']);
    expect(searchWords('Dr. Ahmadi')).toEqual(['ahmadi']);
    expect(searchWords('محمد‌رضا')).toEqual(['محمدرضا']);
    expect(searchWords('دکتر پزشک')).toEqual([]);
  });
});

describe('finder query', () => {
  it('reads the URL filters and ignores unknown genders', () => {
    expect(parseFinderQuery(new URLSearchParams('expertise=cardiology&clinic=heart&gender=x&q=%20علی%20'))).toEqual({
      expertise: 'cardiology',
      clinic: 'heart',
      gender: '',
      q: 'علی',
      today: '',
    });
    expect(parseFinderQuery(new URLSearchParams('today=1')).today).toBe('1');
    expect(parseFinderQuery(new URLSearchParams('today=yes')).today).toBe('');
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

  const groupNames: Record<string, string> = { 'obstetrics-gynecology': 'زنان، زایمان و نازایی', cardiology: 'قلب و عروق' };
  it.each([
    ['قلب', ['b', 'c']],
    ['متخصص قلب', ['b', 'c']],
    ['زنان', ['a']],
    ['بارداری', ['a']],
    ['دکتر کریمی قلب', ['b', 'c']],
    ['احمدی زنان', ['a']],
    ['احمدی قلب', []],
  ])('«%s» finds %j by name or specialty', (q, ids) => {
    expect(filterDoctors(doctors, parseFinderQuery(new URLSearchParams({ q })), (id) => groupNames[id]).map((d) => d.id)).toEqual(ids);
  });

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

describe('finder order by next free slot', () => {
  const doctors = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
  // Saturday 2026-11-21, 10:00 in Tehran.
  const now = new Date('2026-11-21T06:30:00Z');
  const nextFree = new Map<string, string | null>([
    ['a', '2026-11-23T05:00:00Z'],
    ['b', null],
    ['c', '2026-11-21T12:00:00Z'],
    ['e', '2026-11-21T19:30:00Z'], // 23:00 in Tehran: still today
  ]);

  it('puts the soonest first, then those with none or unknown in their order', () => {
    expect(orderByNextFree(doctors, nextFree, { now }).map((d) => d.id)).toEqual(['c', 'e', 'a', 'b', 'd']);
  });

  it('keeps only the doctors free later today (Tehran) with «today»', () => {
    expect(orderByNextFree(doctors, nextFree, { now, today: true }).map((d) => d.id)).toEqual(['c', 'e']);
    expect(orderByNextFree(doctors, new Map([['a', '2026-11-21T20:31:00Z']]), { now, today: true })).toEqual([]);
  });
});

describe('doctor search on the real catalogue', () => {
  const read = (dir: string) =>
    readdirSync(new URL(`../../content/${dir}/`, import.meta.url))
      .filter((file) => file.endsWith('.json'))
      .map((file) => ({ id: file.replace(/\.json$/, ''), data: JSON.parse(readFileSync(new URL(`../../content/${dir}/${file}`, import.meta.url), 'utf8')) }));
  const groups = new Map(read('expertise-groups').map((group) => [group.id, group.data.name as string]));
  const doctors = read('doctors').map(({ id, data }): FindableDoctor & { id: string } => ({
    id,
    fullName: `${data.name.first} ${data.name.last}`,
    title: data.title,
    gender: data.gender,
    expertiseGroups: data.expertise_groups,
    clinics: data.clinics,
  }));
  const find = (q: string) => filterDoctors(doctors, parseFinderQuery(new URLSearchParams({ q })), (id) => groups.get(id)).map((d) => d.id);

  it('finds every doctor by the name on their card, «دکتر …»', () => {
    for (const doctor of doctors) expect(find(`دکتر ${doctor.fullName}`), doctor.fullName).toContain(doctor.id);
  });

  it.each([
    ['قلب', 'cardiology'],
    ['زنان', 'obstetrics-gynecology'],
    ['چشم', 'ophthalmology'],
  ])('«%s» finds every doctor of %s', (q, group) => {
    const expected = doctors.filter((d) => d.expertiseGroups.includes(group)).map((d) => d.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(find(q)).toEqual(expect.arrayContaining(expected));
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
