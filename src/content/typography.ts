/**
 * Typography slips the content schemas do not catch, for the content tests: a verb prefix or a
 * suffix cut off by a space, Latin punctuation or quotes, a Latin decimal point, Arabic-Indic
 * digits, stray spaces and ZWNJs. One line per problem; empty when the text is clean.
 */
export function typographyProblems(text: string): string[] {
  const problems: string[] = [];
  if (/(^|[\s(«])ن?می /.test(text)) problems.push('«می» followed by a space (needs a ZWNJ: می‌شود)');
  if (/(^|[\s(«])بی (?=\S)/.test(text)) problems.push('«بی» followed by a space (needs a ZWNJ: بی‌دلیل)');
  if (/\S (ها|های|هایی|تر|ترین|اند)(?=[\s،.؛:)»]|$)/.test(text)) problems.push('a suffix after a space (needs a ZWNJ: آزمایش‌ها)');
  if (/[,;?]/.test(text)) problems.push('Latin punctuation (use ، ؛ ؟)');
  if (/["“”]/.test(text)) problems.push('Latin quotes (use « »)');
  if (/[۰-۹]\.[۰-۹]/.test(text)) problems.push('a Latin decimal point between Persian digits (use ٫)');
  if (/[\u0660-\u0669]/.test(text)) problems.push('Arabic-Indic digits (use ۰–۹)');
  if (/ {2}|\u200c{2}|\u200c | \u200c|^\u200c|\u200c$/.test(text)) problems.push('doubled spaces or a stray ZWNJ');
  if (/ [،.؛:]/.test(text)) problems.push('a space before punctuation');
  if (/\u06c0/.test(text)) problems.push('ۀ instead of هٔ');
  return problems;
}
