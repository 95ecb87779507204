/**
 * Text for matching names as people type them: Arabic ي/ى/ك/ة written as Persian ی/ک/ه, no
 * ZWNJ, tatweel or diacritics, no spaces, lower case. «محمد‌رضا», «محمد رضا», «محمدرضا» and «محمدرضا»
 * typed on an Arabic keyboard all match one another.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[يى]/g, 'ی')
    .replace(/ك/g, 'ک')
    .replace(/ة/g, 'ه')
    .replace(/[\u064B-\u065F\u0670\u0640\u200C-\u200F]/g, '')
    .replace(/\s+/g, '')
    .toLowerCase();
}

/**
 * Words that come before a doctor's name (the cards show «دکتر مریم احمدی») or a specialty
 * («متخصص قلب») and say nothing about which doctor is meant: a search ignores them.
 */
export const TITLE_WORDS: ReadonlySet<string> = new Set(
  ['دکتر', 'دکترای', 'دکتری', 'پزشک', 'متخصص', 'پروفسور', 'استاد', 'جناب', 'سرکار', 'خانم', 'آقای', 'آقا', 'dr', 'doctor', 'prof'].map(normalizeForSearch),
);

/**
 * The words of a search, each normalised, without punctuation and titles. Spaces separate words;
 * a ZWNJ does not («محمد‌رضا» is one word).
 */
export function searchWords(query: string): string[] {
  return query
    .normalize('NFC')
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .split(/\s+/)
    .map(normalizeForSearch)
    .filter((word) => word !== '' && !TITLE_WORDS.has(word));
}

/**
 * Whether every word of `query` occurs in one of `texts` (once all are normalised); a query of no
 * words — empty, or titles only — matches everything. «مریم احمدی» is found by «دکتر مریم احمدی»,
 * «احمدی» or «مریم‌احمدی», not by «احمدیان».
 */
export function textMatches(texts: readonly string[], query: string): boolean {
  const haystacks = texts.map(normalizeForSearch);
  return searchWords(query).every((word) => haystacks.some((text) => text.includes(word)));
}

/** Whether `query` finds `name`: {@link textMatches} on the name alone. */
export function nameMatches(name: string, query: string): boolean {
  return textMatches([name], query);
}
