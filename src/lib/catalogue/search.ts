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
    .replace(/[\u064B-\u065F\u0670\u0640\u200C\u200D\u200E\u200F]/g, '')
    .replace(/\s+/g, '')
    .toLowerCase();
}

/** Whether `query` occurs in `name` once both are normalised; an empty query matches everything. */
export function nameMatches(name: string, query: string): boolean {
  const needle = normalizeForSearch(query);
  return needle === '' || normalizeForSearch(name).includes(needle);
}
