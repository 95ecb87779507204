/**
 * Finding a Persian name by its Latin spelling («Ahmadi», «ahmadi», «Dr Ahmadi» find «احمدی»).
 * Persian writes no short vowels and people spell the long ones every which way (Mousavi, Musavi,
 * Moosavi), so both sides are reduced to a skeleton of consonant sounds: letters that sound alike
 * share one symbol (ت/ط → t, س/ص/ث → s, ق/غ and gh/q → G, kh → X …), vowels and the letters that
 * stand for vowels (ا و ی ع, a e i o u y w v) are dropped, doubled letters collapse and a final h
 * (the silent ه of «فاطمه», «Fatemeh») goes. Runs anywhere; imports nothing.
 */

const PERSIAN: Record<string, string> = {
  ب: 'b',
  پ: 'p',
  ت: 't',
  ط: 't',
  ث: 's',
  س: 's',
  ص: 's',
  ج: 'j',
  چ: 'C',
  ح: 'h',
  ه: 'h',
  ة: 'h',
  خ: 'X',
  د: 'd',
  ذ: 'z',
  ز: 'z',
  ض: 'z',
  ظ: 'z',
  ر: 'r',
  ژ: 'Z',
  ش: 'S',
  غ: 'G',
  ق: 'G',
  ف: 'f',
  ک: 'k',
  ك: 'k',
  گ: 'g',
  ل: 'l',
  م: 'm',
  ن: 'n',
};

/** Latin spellings of one sound, longest first. */
const LATIN: ReadonlyArray<readonly [RegExp, string]> = [
  [/kh/g, 'X'],
  [/gh/g, 'G'],
  [/sh/g, 'S'],
  [/ch/g, 'C'],
  [/zh/g, 'Z'],
  [/ph/g, 'f'],
  [/q/g, 'G'],
  [/x/g, 'X'],
  [/c/g, 'k'],
];

/** The sound skeleton of one word, Persian or Latin: «احمدی» and «Ahmadi» both give «hmd». */
export function soundKey(word: string): string {
  let text = word.normalize('NFC').toLowerCase();
  for (const [pattern, symbol] of LATIN) text = text.replace(pattern, symbol);
  let key = '';
  for (const ch of text) {
    const symbol = PERSIAN[ch] ?? (/[bdfghjklmnprstzCGSXZ]/.test(ch) ? ch : '');
    if (symbol && !key.endsWith(symbol)) key += symbol;
  }
  return key.length > 1 ? key.replace(/h$/, '') : key;
}

/** Whether `word` is written in Latin letters (a search word to look up by sound). */
export function isLatinWord(word: string): boolean {
  return /^[a-z'’-]+$/i.test(word) && /[a-z]/i.test(word);
}

/** The sound keys of a name's words («مریم احمدی» → mrm, hmd); ZWNJ joins parts of one word. */
export function nameSoundKeys(name: string): string[] {
  return name
    .replace(/[\u200C\u200D]/g, '')
    .split(/[\s-]+/)
    .map(soundKey)
    .filter(Boolean);
}

/**
 * Whether the Latin `word` can be the start of one of the name's words, by sound: «ahmadi» and
 * «ahmad» match «احمدی». A word with no consonant sound («ai») matches nothing.
 */
export function latinWordMatches(nameKeys: readonly string[], word: string): boolean {
  const key = soundKey(word);
  return key !== '' && nameKeys.some((nameKey) => nameKey.startsWith(key));
}
