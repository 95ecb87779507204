import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { FIRST_WEEK, LAST_WEEK, pregnancyTrimesterSchema, pregnancyWeekSchema, TRIMESTER_WEEKS, WEEK_BODY_SECTIONS } from './pregnancy-schema.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

function read(folder: string) {
  const dir = path.join(here, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(dir, name), 'utf8');
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (!match) throw new Error(`${name}: no frontmatter`);
      return { name, data: YAML.parse(match[1]!) as Record<string, unknown>, body: match[2]! };
    });
}

const weeks = read('pregnancy-weeks');
const trimesters = read('pregnancy-trimesters');

describe('pregnancy weeks', () => {
  it('are exactly weeks 1 to 40, one file each, named after their week', () => {
    expect(weeks.map((file) => file.data.week)).toEqual(Array.from({ length: LAST_WEEK - FIRST_WEEK + 1 }, (_, i) => i + FIRST_WEEK));
    for (const file of weeks) expect(file.name).toBe(`week-${String(file.data.week).padStart(2, '0')}.md`);
  });

  it.each(weeks.map((file) => [file.name, file] as const))('%s fits the schema and has its three sections in order', (_name, file) => {
    const result = pregnancyWeekSchema.safeParse(file.data);
    expect(result.error?.issues ?? []).toEqual([]);
    const headings = [...file.body.matchAll(/^##\s+(.+?)\s*$/gm)].map((m) => m[1]);
    expect(headings).toEqual([...WEEK_BODY_SECTIONS]);
    expect(file.body).not.toMatch(/^#\s/m);
  });

  it.each(weeks.map((file) => [file.name, file] as const))('%s is written in Persian: Persian digits, ZWNJ where words join', (_name, file) => {
    expect(file.body).not.toMatch(/[0-9\u0660-\u0669]/);
    expect(file.body).not.toMatch(/[\u064A\u0643]/);
    expect(file.body).toContain('\u200C');
  });
});

describe('trimesters', () => {
  it('cover weeks 1–13, 14–27 and 28–40', () => {
    expect(trimesters.map((file) => [file.data.trimester, file.data.weeks])).toEqual(Object.entries(TRIMESTER_WEEKS).map(([trimester, range]) => [Number(trimester), [...range]]));
  });

  it.each(trimesters.map((file) => [file.name, file] as const))('%s fits the schema and is substantial Persian text', (_name, file) => {
    const result = pregnancyTrimesterSchema.safeParse(file.data);
    expect(result.error?.issues ?? []).toEqual([]);
    const words = file.body.replace(/[#*-]/g, ' ').split(/\s+/).filter(Boolean).length;
    expect(words).toBeGreaterThanOrEqual(150);
    expect(file.body).not.toMatch(/[0-9\u0660-\u0669]/);
  });
});
