import { toTehranIsoDate } from '../format/date.ts';
import { normalizeForSearch, searchWords } from './search.ts';
import { SPECIALTY_WORDS } from './specialty-words.ts';
import { isLatinWord, latinWordMatches, nameSoundKeys } from './transliterate.ts';

/** The doctor finder's filters, kept in the URL so a result can be shared and works without JS. */
export interface FinderQuery {
  expertise: string;
  clinic: string;
  gender: '' | 'female' | 'male';
  q: string;
  /** '1': only doctors with a free slot later today (Tehran). */
  today: '' | '1';
}

export const FINDER_KEYS = ['expertise', 'clinic', 'gender', 'q', 'today'] as const;

/** Reads the filters from a URL's search parameters; unknown values become "no filter". */
export function parseFinderQuery(params: URLSearchParams): FinderQuery {
  const gender = params.get('gender');
  return {
    expertise: params.get('expertise')?.trim() ?? '',
    clinic: params.get('clinic')?.trim() ?? '',
    gender: gender === 'female' || gender === 'male' ? gender : '',
    q: (params.get('q') ?? '').trim().slice(0, 100),
    today: params.get('today') === '1' ? '1' : '',
  };
}

/** The search part of a finder URL for `query`, empty filters left out. */
export function finderSearch(query: Partial<FinderQuery>): string {
  const params = new URLSearchParams();
  for (const key of FINDER_KEYS) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

export interface FindableDoctor {
  fullName: string;
  /** e.g. «متخصص قلب و عروق». */
  title?: string;
  gender: 'female' | 'male';
  expertiseGroups: readonly string[];
  clinics: readonly string[];
}

/** What the search box looks at: the name, the title, and the names and everyday words of the doctor's expertise groups. */
export function searchableTexts(doctor: FindableDoctor, groupName: (id: string) => string | undefined = () => undefined): string[] {
  return [doctor.fullName, doctor.title ?? '', ...doctor.expertiseGroups.flatMap((id) => [groupName(id) ?? '', ...(SPECIALTY_WORDS[id] ?? [])])].filter(Boolean);
}

/** Each name's sound keys, worked out once per process (the catalogue is fixed). */
const soundKeys = new Map<string, string[]>();
function soundKeysOf(name: string): string[] {
  let keys = soundKeys.get(name);
  if (!keys) soundKeys.set(name, (keys = nameSoundKeys(name)));
  return keys;
}

/**
 * Whether the search text finds `doctor`: each word (titles such as «دکتر» or «Dr» left out) occurs
 * in the name, the title or a specialty, or, written in Latin letters, sounds like the start of one
 * of the name's words («Ahmadi», «ahmad» → «مریم احمدی»).
 */
export function doctorMatches(doctor: FindableDoctor, query: string, groupName?: (id: string) => string | undefined): boolean {
  const haystacks = searchableTexts(doctor, groupName).map(normalizeForSearch);
  return searchWords(query).every((word) => haystacks.some((text) => text.includes(word)) || (isLatinWord(word) && latinWordMatches(soundKeysOf(doctor.fullName), word)));
}

/**
 * The doctors that pass every filter. The search text finds a doctor when each of its words (titles
 * such as «دکتر» and punctuation left out) occurs in the name, the title or a specialty:
 * «دکتر مریم احمدی», «قلب», «احمدی زنان».
 */
export function filterDoctors<T extends FindableDoctor>(doctors: readonly T[], query: FinderQuery, groupName?: (id: string) => string | undefined): T[] {
  return doctors.filter(
    (doctor) =>
      (!query.expertise || doctor.expertiseGroups.includes(query.expertise)) &&
      (!query.clinic || doctor.clinics.includes(query.clinic)) &&
      (!query.gender || doctor.gender === query.gender) &&
      (!query.q || doctorMatches(doctor, query.q, groupName)),
  );
}

/**
 * The finder's order: soonest next free slot first; doctors with none in the booking window, or
 * whose look-up failed (absent from `nextFree`), after them in their given order. With `today`,
 * only those whose next free slot is later today in Tehran.
 */
export function orderByNextFree<T extends { id: string }>(doctors: readonly T[], nextFree: ReadonlyMap<string, string | null>, { now, today = false }: { now: Date; today?: boolean }): T[] {
  const at = (doctor: T) => {
    const start = nextFree.get(doctor.id);
    return start ? Date.parse(start) : Number.POSITIVE_INFINITY;
  };
  const day = toTehranIsoDate(now);
  return doctors
    .map((doctor, index) => ({ doctor, index, at: at(doctor) }))
    .filter((entry) => !today || (Number.isFinite(entry.at) && toTehranIsoDate(entry.at) === day))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map((entry) => entry.doctor);
}
