import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The string literal that starts at `source[start]` (a double quote), as its runtime value. */
function stringLiteralAt(source: string, start: number): string {
  let end = start + 1;
  while (end < source.length && source[end] !== '"') end += source[end] === '\\' ? 2 : 1;
  // The package is ours to trust: evaluating its own literal gives exactly the text it injects.
  return new Function(`return ${source.slice(start, end + 1)}`)() as string;
}

/**
 * react-multi-date-picker injects its stylesheet as a <style> element at run time. Our CSP has no
 * 'unsafe-inline', so the exact text is allowed by its hash, read from the installed package; a
 * package update that changes the text changes the hash with it.
 */
export function datePickerStyleHash(): `sha256-${string}` {
  const file = require.resolve('react-multi-date-picker');
  const source = readFileSync(file, 'utf8');
  const injector = /function (\$|\w+)\(e,r\)\{void 0===r&&\(r=\{\}\);var t=r\.insertAt;/.exec(source);
  const call = injector ? source.indexOf(`${injector[1]}(".rmdp-`) : -1;
  if (call === -1) throw new Error(`react-multi-date-picker: its injected stylesheet was not found in ${file}`);
  const css = stringLiteralAt(source, call + injector![1]!.length + 1);
  return `sha256-${createHash('sha256').update(css).digest('base64')}`;
}
