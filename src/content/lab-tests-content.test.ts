/**
 * Our explanations of common lab tests (src/content/lab-tests/*.json): every file passes its schema,
 * the common tests patients ask about are all there under their real LOINC codes, no code or alias belongs to two
 * files, the text keeps Persian typography, and server/test-results/explanations.ts finds them.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { criticalLimitsOf, explanationOf, findLabTest, type LabTest, LabTestsError, labTests, provideLabTests, readLabTests, unitKey } from '../server/test-results/explanations.ts';
import { SLUG_PATTERN } from './catalogue-schema.ts';
import { aliasKey, isLoincCode, LAB_TEST_GROUPS, type LabTestContent, labTestSchema, loincCheckDigit, SUMMARY_MAX, TEXT_MAX } from './lab-tests-schema.ts';
import { typographyProblems } from './typography.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lab-tests');

const MIN_TESTS = 30;

/** The tests patients most often get back, by the LOINC code labs most often send for each. */
const REQUIRED_LOINC: Record<string, string> = {
  '6690-2': 'WBC',
  '789-8': 'RBC',
  '718-7': 'hemoglobin',
  '4544-3': 'hematocrit',
  '787-2': 'MCV',
  '785-6': 'MCH',
  '786-4': 'MCHC',
  '788-0': 'RDW',
  '777-3': 'platelets',
  '1558-6': 'fasting glucose',
  '2345-7': 'glucose, serum or plasma',
  '4548-4': 'HbA1c',
  '2093-3': 'total cholesterol',
  '13457-7': 'LDL (calculated)',
  '2089-1': 'LDL',
  '2085-9': 'HDL',
  '2571-8': 'triglycerides',
  '1742-6': 'ALT',
  '1920-8': 'AST',
  '6768-6': 'ALP',
  '1975-2': 'total bilirubin',
  '3094-0': 'urea nitrogen (BUN)',
  '2160-0': 'creatinine',
  '3084-1': 'uric acid',
  '2951-2': 'sodium',
  '2823-3': 'potassium',
  '17861-6': 'calcium',
  '3016-3': 'TSH',
  '2276-4': 'ferritin',
  '1989-3': '25-OH vitamin D3',
  '62292-8': '25-OH vitamin D (D2+D3)',
  '1988-5': 'CRP',
  '4537-7': 'ESR (Westergren)',
  '5803-2': 'urine pH (strip)',
  '5811-5': 'urine specific gravity (strip)',
  '5804-0': 'urine protein (strip)',
  '5792-7': 'urine glucose (strip)',
  '5794-3': 'urine blood (strip)',
  '5799-2': 'urine leukocyte esterase (strip)',
  '5802-4': 'urine nitrite (strip)',
  '21198-7': 'β-hCG, serum',
};

interface Entry {
  slug: string;
  data: LabTestContent;
}

const files = readdirSync(dir).sort();
const raw = files.map((name) => ({ slug: name.replace(/\.json$/, ''), data: JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as unknown }));
const load = (): Entry[] => raw.map((entry) => ({ slug: entry.slug, data: labTestSchema.parse(entry.data) }));

/** Every text a patient reads. */
const texts = (test: LabTestContent) => [test.title, test.summary, test.high ?? '', test.low ?? '', test.see_doctor].filter(Boolean);

/** Sentences of a text, for finding one copied into several files. */
const sentences = (text: string) =>
  text
    .split(/[.؟!؛]\s*/)
    .map((s) => s.trim())
    .filter((s) => s.length > 20);

/** Everything wrong across the explanations, as readable lines; empty when the set is sound. */
function problems(tests: Entry[]): string[] {
  const found: string[] = [];
  if (tests.length < MIN_TESTS) found.push(`${tests.length} tests, needs at least ${MIN_TESTS}`);

  const codes = new Map<string, string>();
  const aliases = new Map<string, string>();
  const titles = new Map<string, string>();
  const seenSentences = new Map<string, string>();
  for (const { slug, data } of tests) {
    const where = `lab-tests/${slug}`;
    for (const code of data.loinc) {
      if (!isLoincCode(code)) found.push(`${where}: ${code} is not a LOINC code (form or check digit)`);
      const other = codes.get(code);
      if (other && other !== slug) found.push(`${where}: LOINC ${code} is also in lab-tests/${other}`);
      codes.set(code, slug);
    }
    for (const alias of data.aliases) {
      const other = aliases.get(aliasKey(alias));
      if (other && other !== slug) found.push(`${where}: alias "${alias}" is also in lab-tests/${other}`);
      aliases.set(aliasKey(alias), slug);
    }
    const otherTitle = titles.get(data.title);
    if (otherTitle) found.push(`${where}: same title as lab-tests/${otherTitle}`);
    titles.set(data.title, slug);

    if (data.critical_low !== undefined && data.critical_high !== undefined && data.critical_low >= data.critical_high) {
      found.push(`${where}: critical_low ${data.critical_low} is not below critical_high ${data.critical_high}`);
    }
    for (const source of data.sources) if (!source.url.startsWith('https://')) found.push(`${where}: source ${source.url} is not https`);
    if (data.summary.length > SUMMARY_MAX) found.push(`${where}: summary longer than ${SUMMARY_MAX} characters`);

    for (const text of texts(data)) {
      for (const problem of typographyProblems(text)) found.push(`${where}: ${problem}: «${text}»`);
      if (text.length > TEXT_MAX) found.push(`${where}: a text longer than ${TEXT_MAX} characters`);
      for (const sentence of sentences(text)) {
        const other = seenSentences.get(sentence);
        if (other && other !== slug) found.push(`${where}: «${sentence}» is copied from lab-tests/${other}; say it in this test's own words`);
        seenSentences.set(sentence, slug);
      }
    }
  }

  for (const [code, name] of Object.entries(REQUIRED_LOINC)) if (!codes.has(code)) found.push(`no explanation covers ${name} (LOINC ${code})`);
  for (const group of Object.keys(LAB_TEST_GROUPS)) if (!tests.some((t) => t.data.group === group)) found.push(`group "${group}" has no test`);
  return found;
}

describe('lab test files', () => {
  it('are only .json files, each named by a kebab-case slug', () => {
    for (const name of files) {
      expect(name).toMatch(/\.json$/);
      expect(name.replace(/\.json$/, ''), name).toMatch(SLUG_PATTERN);
    }
  });

  it.each(raw.map((entry) => ({ name: `lab-tests/${entry.slug}`, entry })))('$name passes its schema', ({ entry }) => {
    const result = labTestSchema.safeParse(entry.data);
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });
});

describe('the lab test explanations', () => {
  it('cover the common tests and agree with each other', () => {
    expect(problems(load())).toEqual([]);
  });

  it('are at least as many as the issue asks for, in every group', () => {
    const tests = load();
    expect(tests.length).toBeGreaterThanOrEqual(MIN_TESTS);
    for (const group of Object.keys(LAB_TEST_GROUPS)) expect(tests.filter((t) => t.data.group === group).length, group).toBeGreaterThan(0);
  });

  it('group headings keep Persian typography', () => {
    for (const [group, heading] of Object.entries(LAB_TEST_GROUPS)) expect(typographyProblems(heading), group).toEqual([]);
  });

  describe('catch a broken set', () => {
    const broken = (change: (tests: Entry[]) => void) => {
      const tests = structuredClone(load());
      change(tests);
      return problems(tests);
    };
    const test = (tests: Entry[], slug = 'hemoglobin') => tests.find((t) => t.slug === slug)!.data;

    it('a LOINC code in two files', () => {
      expect(broken((t) => test(t, 'hematocrit').loinc.push('718-7'))).toContain('lab-tests/hemoglobin: LOINC 718-7 is also in lab-tests/hematocrit');
    });
    it('an alias in two files, in another case', () => {
      expect(broken((t) => test(t, 'hematocrit').aliases.push('hgb'))).toContain('lab-tests/hemoglobin: alias "HGB" is also in lab-tests/hematocrit');
    });
    it('a code with a wrong check digit', () => {
      expect(broken((t) => (test(t).loinc = ['718-6']))).toContain('lab-tests/hemoglobin: 718-6 is not a LOINC code (form or check digit)');
    });
    it('a required test left out', () => {
      expect(
        broken((t) =>
          t.splice(
            t.findIndex((e) => e.slug === 'potassium'),
            1,
          ),
        ),
      ).toContain('no explanation covers potassium (LOINC 2823-3)');
    });
    it('critical limits upside down', () => {
      expect(broken((t) => Object.assign(test(t), { critical_low: 20, critical_high: 7 }))).toContain('lab-tests/hemoglobin: critical_low 20 is not below critical_high 7');
    });
    it('a sentence copied from another file', () => {
      const copied = broken((t) => (test(t, 'hematocrit').summary = test(t).summary));
      expect(copied.some((p) => p.includes('is copied from lab-tests/'))).toBe(true);
    });
    it('typography slips', () => {
      expect(typographyProblems('نتیجه می شود')).toHaveLength(1);
      expect(typographyProblems('آزمایش ها')).toHaveLength(1);
      expect(typographyProblems('کبودی بی دلیل')).toHaveLength(1);
      expect(typographyProblems('عدد ۶.۵ درصد')).toHaveLength(1);
      expect(typographyProblems('"کلسترول بد"')).toHaveLength(1);
      expect(typographyProblems('آیا خوب است?')).toHaveLength(1);
      expect(typographyProblems('آزمایش‌ها بالاتر است و ۶٫۵ درصد را «پیش‌دیابت» می‌نامند؛ بی‌دلیل نگران نشوید.')).toEqual([]);
    });
  });

  it('the schema rejects bad codes, sources, limits and over-long text', () => {
    const hemoglobin = raw.find((e) => e.slug === 'hemoglobin')!.data as Record<string, unknown>;
    expect(labTestSchema.safeParse(hemoglobin).success).toBe(true);
    expect(labTestSchema.safeParse({ ...hemoglobin, loinc: [] }).success).toBe(false);
    expect(labTestSchema.safeParse({ ...hemoglobin, loinc: ['718-6'] }).success).toBe(false);
    expect(labTestSchema.safeParse({ ...hemoglobin, loinc: ['718-7', '718-7'] }).success).toBe(false);
    expect(labTestSchema.safeParse({ ...hemoglobin, aliases: ['Hb', 'HB'] }).success).toBe(false);
    expect(labTestSchema.safeParse({ ...hemoglobin, aliases: ['هموگلوبین'] }).success).toBe(false);
    expect(labTestSchema.safeParse({ ...hemoglobin, critical_low: 25 }).success).toBe(false);
    expect(labTestSchema.safeParse({ ...hemoglobin, sources: [{ title: 'x', url: 'http://medlineplus.gov/' }] }).success).toBe(false);
    expect(labTestSchema.safeParse({ ...hemoglobin, sources: [] }).success).toBe(false);
    expect(labTestSchema.safeParse({ ...hemoglobin, summary: 'ب'.repeat(SUMMARY_MAX + 1) }).success).toBe(false);
    expect(labTestSchema.safeParse({ ...hemoglobin, see_doctor: 'ب'.repeat(TEXT_MAX + 1) }).success).toBe(false);
    expect(labTestSchema.safeParse({ ...hemoglobin, summary: 'زیر 7 است' }).success).toBe(false);
    expect(labTestSchema.safeParse({ ...hemoglobin, group: 'cardiac' }).success).toBe(false);
    expect(labTestSchema.safeParse({ ...hemoglobin, reference_range: '12-16' }).success).toBe(false);
    const { high: _high, low: _low, ...neither } = hemoglobin;
    expect(labTestSchema.safeParse(neither).success).toBe(false);
  });
});

describe('LOINC check digits', () => {
  it('follow the mod-10 algorithm of the LOINC manual', () => {
    // The manual's worked example: 12345 → 5.
    expect(loincCheckDigit('12345')).toBe(5);
    for (const code of ['718-7', '2345-7', '6690-2', '13457-7', '21198-7', '62292-8', '98979-8', '5811-5']) {
      const [body = '', check] = code.split('-');
      expect(loincCheckDigit(body), code).toBe(Number(check));
      expect(isLoincCode(code), code).toBe(true);
    }
  });

  it('reject a wrong digit, swapped digits and other forms', () => {
    for (const code of ['718-6', '2354-7', '7187', '0718-7', '718-77', 'LP1234-5', ' 718-7', '12345678-0']) expect(isLoincCode(code), code).toBe(false);
  });
});

describe('server/test-results/explanations', () => {
  beforeAll(() => provideLabTests(readLabTests(dir)));
  const find = (code: string, name?: string) => findLabTest(code, name)?.slug;

  it('reads every file once, named by its slug', () => {
    expect(labTests().map((t) => t.slug)).toEqual(files.map((f) => f.replace(/\.json$/, '')));
  });

  it('finds a test by LOINC code first', () => {
    expect(find('718-7')).toBe('hemoglobin');
    expect(find(' 2345-7 ', 'Urine Glucose')).toBe('glucose');
    expect(find('5792-7', 'Glucose')).toBe('urine-glucose');
    expect(find('21198-7')).toBe('beta-hcg');
  });

  it("then by an alias matching the lab's own code or its name, ignoring case and spaces", () => {
    expect(find('HGB')).toBe('hemoglobin');
    expect(find('  sgpt ')).toBe('alt');
    expect(find('LAB-0042', 'hemoglobin')).toBe('hemoglobin');
    expect(find('LAB-0043', '  Fasting   Blood Sugar ')).toBe('glucose');
    expect(find('LAB-0044', 'β-hCG')).toBe('beta-hcg');
    expect(find('LAB-0045', 'Some test we do not explain')).toBeUndefined();
    expect(find('LAB-0046')).toBeUndefined();
  });

  it("gives the contract's explanation and nothing more", () => {
    const hemoglobin = findLabTest('718-7')!;
    const explanation = explanationOf(hemoglobin);
    expect(Object.keys(explanation).sort()).toEqual(['high', 'low', 'see_doctor', 'summary', 'title']);
    expect(explanation.title).toBe('هموگلوبین');
    const alt = explanationOf(findLabTest('ALT')!);
    expect('low' in alt).toBe(false);
  });

  it('spells units one way: case, spaces, µ or u, and powers of ten', () => {
    for (const unit of ['10*3/uL', '10^3/uL', '10*3/µL', '10³/µL', 'x10³/µL', '×10^3/μL', '10 ^ 3 / UL']) expect(unitKey(unit), unit).toBe('10*3/ul');
    expect(unitKey('mL/min/1.73m²')).toBe(unitKey('mL/min/1.73m2'));
    expect(unitKey('mg/dl')).toBe(unitKey('mg/dL'));
  });

  it("gives critical limits only in the test's unit or a unit with the same numbers", () => {
    const wbc: LabTest = findLabTest('6690-2')!;
    expect(criticalLimitsOf(wbc, '10^3/uL')).toEqual({ low: 2, high: 30 });
    expect(criticalLimitsOf(wbc, 'x10³/µL')).toEqual({ low: 2, high: 30 });
    expect(criticalLimitsOf(wbc, '10^9/L')).toEqual({ low: 2, high: 30 });
    expect(criticalLimitsOf(wbc, 'cells/uL')).toEqual({});
    expect(criticalLimitsOf(wbc, '')).toEqual({});

    const potassium = findLabTest('2823-3')!;
    expect(criticalLimitsOf(potassium, 'mmol/L')).toEqual({ low: 2.5, high: 6.5 });
    expect(criticalLimitsOf(potassium, 'meq/l')).toEqual({ low: 2.5, high: 6.5 });

    const glucose = findLabTest('1558-6')!;
    expect(criticalLimitsOf(glucose, 'mg/dl')).toEqual({ low: 40, high: 450 });
    expect(criticalLimitsOf(glucose, 'mmol/L')).toEqual({});

    expect(criticalLimitsOf(findLabTest('718-7')!, 'g/dL')).toEqual({ low: 7, high: 20 });
    expect(criticalLimitsOf(findLabTest('2160-0')!, 'mg/dL')).toEqual({});
  });

  it('refuses a file that breaks its schema, or a code or alias in two files, naming the file', () => {
    const broken = mkdtempSync(path.join(tmpdir(), 'lab-tests-'));
    writeFileSync(path.join(broken, 'bad.json'), JSON.stringify({ title: 'x' }));
    expect(() => readLabTests(broken)).toThrow(LabTestsError);
    expect(() => readLabTests(broken)).toThrow(/bad\.json/);

    const twice = mkdtempSync(path.join(tmpdir(), 'lab-tests-'));
    const hemoglobin = raw.find((e) => e.slug === 'hemoglobin')!.data as Record<string, unknown>;
    writeFileSync(path.join(twice, 'a.json'), JSON.stringify(hemoglobin));
    writeFileSync(path.join(twice, 'b.json'), JSON.stringify({ ...hemoglobin, aliases: ['Other'] }));
    expect(() => readLabTests(twice)).toThrow(/b\.json: LOINC 718-7 is already in a\.json/);
    writeFileSync(path.join(twice, 'b.json'), JSON.stringify({ ...hemoglobin, loinc: ['4544-3'], aliases: ['hb'] }));
    expect(() => readLabTests(twice)).toThrow(/b\.json: alias "hb" is already in a\.json/);
  });
});
