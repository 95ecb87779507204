/**
 * Our explanations of common lab tests (src/content/lab-tests), as the results endpoints see them:
 * found by the LOINC code a lab sends, or by the name or code it prints, with the critical limits
 * that let us flag a value the lab did not flag.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { aliasKey, labTestSchema, type LabTestContent } from '#content/lab-tests-schema.ts';
import type { TestExplanation } from '#lib/api/contracts/test-results.ts';

/** One explanation; `slug` is its file name. */
export type LabTest = LabTestContent & { slug: string };

export interface LabTestIndex {
  tests: readonly LabTest[];
  byCode: ReadonlyMap<string, LabTest>;
  /** By `aliasKey` of each alias. */
  byAlias: ReadonlyMap<string, LabTest>;
}

export class LabTestsError extends Error {
  override name = 'LabTestsError';
}

/** Reads and checks every `<slug>.json` in `dir`; a code or an alias in two files is an error. */
export function readLabTests(dir: string): LabTestIndex {
  const tests: LabTest[] = [];
  const byCode = new Map<string, LabTest>();
  const byAlias = new Map<string, LabTest>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
    const where = path.join(dir, file);
    let test: LabTest;
    try {
      test = { ...labTestSchema.parse(JSON.parse(readFileSync(where, 'utf8'))), slug: file.slice(0, -'.json'.length) };
    } catch (error) {
      throw new LabTestsError(`${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
    for (const code of test.loinc) {
      const other = byCode.get(code);
      if (other) throw new LabTestsError(`${where}: LOINC ${code} is already in ${other.slug}.json`);
      byCode.set(code, test);
    }
    for (const alias of test.aliases) {
      const other = byAlias.get(aliasKey(alias));
      if (other) throw new LabTestsError(`${where}: alias "${alias}" is already in ${other.slug}.json`);
      byAlias.set(aliasKey(alias), test);
    }
    tests.push(test);
  }
  return { tests, byCode, byAlias };
}

// Like the catalogue (server/catalogue): the start script may read the files once and hand them to
// the Astro bundle, which runs from dist/, far from src/content.
const registryKey = Symbol.for('patient-portal.lab-tests');
type Registry = { [registryKey]?: LabTestIndex };

export function provideLabTests(index: LabTestIndex): void {
  (globalThis as Registry)[registryKey] = index;
}

/** The process's explanations: the ones provided at start, or read from `./src/content/lab-tests` on first use. */
function labTestIndex(): LabTestIndex {
  const registry = globalThis as Registry;
  registry[registryKey] ??= readLabTests(path.resolve('src/content/lab-tests'));
  return registry[registryKey];
}

export function labTests(): LabTest[] {
  return [...labTestIndex().tests];
}

/**
 * The explanation of an observation: by its LOINC code first, then by an alias matching the code
 * (a lab's own code such as `HGB`) or the name the lab prints, ignoring case and outer spaces.
 */
export function findLabTest(code: string, name?: string): LabTest | undefined {
  const index = labTestIndex();
  return (
    index.byCode.get(code.trim()) ??
    index.byAlias.get(aliasKey(code)) ??
    (name === undefined ? undefined : index.byAlias.get(aliasKey(name)))
  );
}

export function explanationOf(test: LabTest): TestExplanation {
  return {
    title: test.title,
    summary: test.summary,
    ...(test.high === undefined ? {} : { high: test.high }),
    ...(test.low === undefined ? {} : { low: test.low }),
    see_doctor: test.see_doctor,
  };
}

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const plainDigits = (superscript: string) => [...superscript].map((c) => SUPERSCRIPTS.indexOf(c)).join('');

/**
 * A unit in one spelling, for comparing: no spaces, lower case, µ (either code point) as u, and a
 * power of ten written `10*3` whether the lab printed `10^3`, `10³` or `x10³`.
 */
export function unitKey(unit: string): string {
  return unit
    .replace(/\s+/g, '')
    .replace(/[µμ]/g, 'u')
    .replace(/10([⁰¹²³⁴⁵⁶⁷⁸⁹]+)/g, (_, power: string) => `10*${plainDigits(power)}`)
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, plainDigits)
    .replace(/10\^(\d+)/g, '10*$1')
    .replace(/^[x×*](?=10\*)/i, '')
    .toLowerCase();
}

/** The test's critical limits for a value reported in `unit`; none when the unit is not the test's. */
export function criticalLimitsOf(test: LabTest, unit: string): { low?: number; high?: number } {
  const key = unitKey(unit);
  if (![test.unit, ...(test.unit_equivalents ?? [])].some((known) => unitKey(known) === key)) return {};
  return {
    ...(test.critical_low === undefined ? {} : { low: test.critical_low }),
    ...(test.critical_high === undefined ? {} : { high: test.critical_high }),
  };
}
