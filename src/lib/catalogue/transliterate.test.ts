import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { doctorMatches, type FindableDoctor } from './finder.ts';
import { soundKey } from './transliterate.ts';

const doctor = (fullName: string): FindableDoctor => ({ fullName, gender: 'female', expertiseGroups: [], clinics: [] });

describe('Latin search by sound', () => {
  it.each([
    ['مریم احمدی', 'Ahmadi', true],
    ['مریم احمدی', 'ahmadi', true],
    ['مریم احمدی', 'Dr Ahmadi', true],
    ['مریم احمدی', 'Dr. Maryam Ahmadi', true],
    ['مریم احمدی', 'AHMAD', true],
    ['مریم احمدی', 'Ahmadi قلب', false],
    ['مریم احمدی', 'Karimi', false],
    ['نسرین موسوی', 'Musavi', true],
    ['نسرین موسوی', 'Moosavi', true],
    ['فاطمه شهبازی', 'Fatemeh', true],
    ['فاطمه شهبازی', 'Fatima Shahbazi', true],
    ['علی کریمی', 'ai', false],
  ])('%s ~ %s → %s', (name, query, expected) => {
    expect(doctorMatches(doctor(name), query)).toBe(expected);
  });

  it('gives one skeleton for a name and its common spellings', () => {
    expect(soundKey('احمدی')).toBe('hmd');
    expect(soundKey('Ahmadi')).toBe('hmd');
    expect(soundKey('قاسمی')).toBe(soundKey('Ghasemi'));
    expect(soundKey('خلیلی')).toBe(soundKey('Khalili'));
  });

  // The catalogue's file names are the doctors' names in Latin letters, as a patient would type them.
  it('finds every catalogue doctor by the Latin name of its file', () => {
    const dir = new URL('../../content/doctors/', import.meta.url);
    for (const file of readdirSync(dir)) {
      const { name } = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as { name: { first: string; last: string } };
      const latin = file.replace(/\.json$/, '').replace(/-/g, ' ');
      expect(doctorMatches(doctor(`${name.first} ${name.last}`), latin), `${latin} → ${name.first} ${name.last}`).toBe(true);
    }
  });
});
