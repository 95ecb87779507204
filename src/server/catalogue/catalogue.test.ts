import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CatalogueError, readCatalogue } from './index.ts';

const contentDir = fileURLToPath(new URL('../../content', import.meta.url));
const slugs = (collection: string) =>
  readdirSync(path.join(contentDir, collection))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -5))
    .sort();

describe('the server catalogue', () => {
  const catalogue = readCatalogue(contentDir);

  it('lists exactly the entries of the content collections, by slug', () => {
    expect([...catalogue.doctors.keys()].sort()).toEqual(slugs('doctors'));
    expect([...catalogue.clinics.keys()].sort()).toEqual(slugs('clinics'));
    expect([...catalogue.groups.keys()].sort()).toEqual(slugs('expertise-groups'));
    expect(catalogue.doctors.size).toBeGreaterThan(0);
  });

  it('gives the booking what it needs: schedule, visit length and fee in integer rials', () => {
    for (const doctor of catalogue.doctors.values()) {
      expect(Number.isInteger(doctor.visit_fee_rial)).toBe(true);
      expect(doctor.visit_minutes).toBeGreaterThan(0);
      for (const session of doctor.schedule) expect(catalogue.clinics.has(session.clinic)).toBe(true);
    }
  });

  it('refuses an entry that breaks its schema, naming the file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'catalogue-'));
    for (const collection of ['expertise-groups', 'clinics', 'doctors', 'services']) mkdirSync(path.join(dir, collection));
    writeFileSync(path.join(dir, 'doctors', 'broken.json'), JSON.stringify({ name: { first: 'x' } }));
    expect(() => readCatalogue(dir)).toThrow(CatalogueError);
    expect(() => readCatalogue(dir)).toThrow(/broken\.json/);
  });
});
