import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The string literal that starts at `source[start]` (a quote), as its runtime value. */
function stringLiteralAt(source: string, start: number): string {
  const quote = source[start];
  let end = start + 1;
  while (end < source.length && source[end] !== quote) end += source[end] === '\\' ? 2 : 1;
  // The package is ours to trust: evaluating its own literal gives exactly the text it injects.
  return new Function(`return ${source.slice(start, end + 1)}`)() as string;
}

/**
 * react-multi-date-picker injects its stylesheets (its own and its popper's) as <style> elements
 * at run time. Our CSP has no 'unsafe-inline', so each exact text is allowed by its hash, read from
 * the installed package; a package update that changes a text changes its hash with it.
 */
export function datePickerStyleHashes(): `sha256-${string}`[] {
  const file = require.resolve('react-multi-date-picker');
  const source = readFileSync(file, 'utf8');
  const injector = /function (\$|\w+)\(e,r\)\{void 0===r&&\(r=\{\}\);var t=r\.insertAt;/.exec(source)?.[1];
  if (!injector) throw new Error(`react-multi-date-picker: its style injector was not found in ${file}`);
  const calls = [...source.matchAll(new RegExp(`${injector.replace('$', '\\$')}\\((["'])\\.`, 'g'))];
  if (calls.length === 0) throw new Error(`react-multi-date-picker: no injected stylesheet found in ${file}`);
  const texts = calls.map((call) => stringLiteralAt(source, call.index + injector.length + 1));
  // The injector appends an empty <style> before it fills it; an empty sheet can do nothing.
  return ['', ...texts].map((css) => `sha256-${createHash('sha256').update(css).digest('base64')}` as const);
}
