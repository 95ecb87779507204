/**
 * The care catalogue's data (src/content/{expertise-groups,clinics,doctors}/*.json): every file
 * passes its schema, and the entries agree with each other and with the files they name.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Clinic, clinicSchema, DAY_KEYS, type Doctor, doctorSchema, type ExpertiseGroup, expertiseGroupSchema, SLUG_PATTERN, toMinutes } from './catalogue-schema.ts';

const contentDir = path.dirname(fileURLToPath(import.meta.url));
const iconDir = path.join(contentDir, '../assets/icons/expertise');

const MIN = { groups: 15, clinics: 8, doctors: 40, doctorsPerClinic: 3, doctorsPerGroup: 1, obstetricsDoctors: 4 };
/** The pregnancy pages link to this group. */
const OBSTETRICS = 'obstetrics-gynecology';

interface Entry<T> {
  slug: string;
  /** Absolute path of the JSON file. */
  file: string;
  data: T;
}
interface Catalogue {
  groups: Entry<ExpertiseGroup>[];
  clinics: Entry<Clinic>[];
  doctors: Entry<Doctor>[];
}

function readCollection(collection: string): Entry<unknown>[] {
  const dir = path.join(contentDir, collection);
  return readdirSync(dir)
    .sort()
    .map((name) => ({ slug: name.replace(/\.json$/, ''), file: path.join(dir, name), data: JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as unknown }));
}

const raw = {
  groups: readCollection('expertise-groups'),
  clinics: readCollection('clinics'),
  doctors: readCollection('doctors'),
};

function loadCatalogue(): Catalogue {
  return {
    groups: raw.groups.map((e) => ({ ...e, data: expertiseGroupSchema.parse(e.data) })),
    clinics: raw.clinics.map((e) => ({ ...e, data: clinicSchema.parse(e.data) })),
    doctors: raw.doctors.map((e) => ({ ...e, data: doctorSchema.parse(e.data) })),
  };
}

const resolvePhoto = (entry: Entry<{ photo: string }>) => path.resolve(path.dirname(entry.file), entry.data.photo);

/** Everything wrong between the entries, as readable lines; empty when the catalogue is consistent. */
function crossReferenceProblems(catalogue: Catalogue): string[] {
  const problems: string[] = [];
  const groups = new Map(catalogue.groups.map((e) => [e.slug, e.data]));
  const clinics = new Map(catalogue.clinics.map((e) => [e.slug, e.data]));

  for (const { slug, data } of catalogue.groups) {
    if (!existsSync(path.join(iconDir, `${data.icon}.svg`))) problems.push(`expertise-groups/${slug}: icon "${data.icon}" has no file icons/expertise/${data.icon}.svg`);
  }
  const orders = catalogue.groups.map((e) => e.data.order);
  if (new Set(orders).size !== orders.length) problems.push('expertise-groups: two groups share an order');

  for (const entry of catalogue.clinics) {
    const { slug, data } = entry;
    for (const g of data.expertise_groups) if (!groups.has(g)) problems.push(`clinics/${slug}: expertise group "${g}" does not exist`);
    if (!existsSync(resolvePhoto(entry))) problems.push(`clinics/${slug}: photo ${data.photo} does not exist`);
  }

  const councilNumbers = new Map<string, string>();
  for (const entry of catalogue.doctors) {
    const { slug, data } = entry;
    const where = `doctors/${slug}`;
    if (!existsSync(resolvePhoto(entry))) problems.push(`${where}: photo ${data.photo} does not exist`);
    for (const g of data.expertise_groups) if (!groups.has(g)) problems.push(`${where}: expertise group "${g}" does not exist`);
    for (const c of data.clinics) {
      const clinic = clinics.get(c);
      if (!clinic) {
        problems.push(`${where}: clinic "${c}" does not exist`);
        continue;
      }
      if (!data.expertise_groups.some((g) => clinic.expertise_groups.includes(g))) {
        problems.push(`${where}: shares no expertise group with clinic "${c}"`);
      }
      if (!data.schedule.some((s) => s.clinic === c)) problems.push(`${where}: has no session at clinic "${c}"`);
    }
    const other = councilNumbers.get(data.medical_council_number);
    if (other) problems.push(`${where}: medical council number also used by doctors/${other}`);
    councilNumbers.set(data.medical_council_number, slug);

    for (const [i, slot] of data.schedule.entries()) {
      const label = `${where}: session ${slot.day} ${slot.start}–${slot.end}`;
      const start = toMinutes(slot.start);
      const end = toMinutes(slot.end);
      if (!data.clinics.includes(slot.clinic)) problems.push(`${label} is at "${slot.clinic}", not one of the doctor's clinics`);
      const clinic = clinics.get(slot.clinic);
      if (clinic) {
        const open = clinic.hours.some((h) => h.days.includes(slot.day) && toMinutes(h.open) <= start && end <= toMinutes(h.close));
        if (!open) problems.push(`${label} is outside the opening hours of clinic "${slot.clinic}"`);
      }
      if ((end - start) % data.visit_minutes !== 0) problems.push(`${label} is not a whole number of ${data.visit_minutes}-minute visits`);
      for (const other of data.schedule.slice(i + 1)) {
        if (other.day === slot.day && start < toMinutes(other.end) && toMinutes(other.start) < end) {
          problems.push(`${label} overlaps ${other.start}–${other.end}`);
        }
      }
    }
  }

  for (const { slug } of catalogue.groups) {
    const count = catalogue.doctors.filter((d) => d.data.expertise_groups.includes(slug)).length;
    if (count < MIN.doctorsPerGroup) problems.push(`expertise-groups/${slug}: ${count} doctors, needs at least ${MIN.doctorsPerGroup}`);
  }
  for (const { slug } of catalogue.clinics) {
    const count = catalogue.doctors.filter((d) => d.data.clinics.includes(slug)).length;
    if (count < MIN.doctorsPerClinic) problems.push(`clinics/${slug}: ${count} doctors, needs at least ${MIN.doctorsPerClinic}`);
  }
  if (!groups.has(OBSTETRICS)) problems.push(`expertise-groups/${OBSTETRICS} is missing (the pregnancy pages link to it)`);
  const obstetrics = catalogue.doctors.filter((d) => d.data.expertise_groups.includes(OBSTETRICS));
  if (obstetrics.length < MIN.obstetricsDoctors) problems.push(`expertise-groups/${OBSTETRICS}: ${obstetrics.length} doctors, needs at least ${MIN.obstetricsDoctors}`);
  if (obstetrics.filter((d) => d.data.gender === 'female').length * 2 <= obstetrics.length) problems.push(`expertise-groups/${OBSTETRICS}: most doctors should be women`);

  return problems;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1'), `${file} is a PNG`).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('catalogue files', () => {
  it.each(['expertise-groups', 'clinics', 'doctors'])('%s: only .json files, each named by a kebab-case slug', (collection) => {
    for (const name of readdirSync(path.join(contentDir, collection))) {
      expect(name, `${collection}/${name}`).toMatch(/\.json$/);
      expect(name.replace(/\.json$/, ''), `${collection}/${name}`).toMatch(SLUG_PATTERN);
    }
  });

  it('has enough entries', () => {
    expect(raw.groups.length).toBeGreaterThanOrEqual(MIN.groups);
    expect(raw.clinics.length).toBeGreaterThanOrEqual(MIN.clinics);
    expect(raw.doctors.length).toBeGreaterThanOrEqual(MIN.doctors);
  });

  const cases = [
    ...raw.groups.map((e) => ({ name: `expertise-groups/${e.slug}`, entry: e, schema: expertiseGroupSchema })),
    ...raw.clinics.map((e) => ({ name: `clinics/${e.slug}`, entry: e, schema: clinicSchema })),
    ...raw.doctors.map((e) => ({ name: `doctors/${e.slug}`, entry: e, schema: doctorSchema })),
  ];
  it.each(cases)('$name passes its schema', ({ entry, schema }) => {
    const result = schema.safeParse(entry.data);
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });
});

describe('catalogue cross-references', () => {
  it('are consistent', () => {
    expect(crossReferenceProblems(loadCatalogue())).toEqual([]);
  });

  describe('catch a broken catalogue', () => {
    const broken = (change: (c: Catalogue) => void) => {
      const catalogue = structuredClone(loadCatalogue());
      change(catalogue);
      return crossReferenceProblems(catalogue);
    };
    const doctor = (c: Catalogue, slug = 'maryam-ahmadi') => {
      const entry = c.doctors.find((d) => d.slug === slug);
      if (!entry) throw new Error(`no doctor ${slug}`);
      return entry.data;
    };

    it('a clinic that does not exist', () => {
      expect(broken((c) => doctor(c).clinics.push('nowhere'))).toContain('doctors/maryam-ahmadi: clinic "nowhere" does not exist');
    });
    it('an expertise group that does not exist', () => {
      expect(broken((c) => (doctor(c).expertise_groups = ['obstetrics']))).toContain('doctors/maryam-ahmadi: expertise group "obstetrics" does not exist');
    });
    it('a session at a clinic the doctor does not work in', () => {
      const problems = broken((c) => (doctor(c).schedule[0]!.clinic = 'heart'));
      expect(problems).toContain('doctors/maryam-ahmadi: session saturday 08:00–12:00 is at "heart", not one of the doctor\'s clinics');
    });
    it('a session outside the clinic’s hours', () => {
      const problems = broken((c) => doctor(c).schedule.push({ day: 'friday', start: '09:00', end: '10:00', clinic: 'women' }));
      expect(problems).toContain('doctors/maryam-ahmadi: session friday 09:00–10:00 is outside the opening hours of clinic "women"');
    });
    it('overlapping sessions', () => {
      const problems = broken((c) => doctor(c).schedule.push({ day: 'saturday', start: '11:00', end: '13:00', clinic: 'women' }));
      expect(problems).toContain('doctors/maryam-ahmadi: session saturday 08:00–12:00 overlaps 11:00–13:00');
    });
    it('a photo that does not exist', () => {
      const problems = broken((c) => (doctor(c).photo = '../../assets/doctors/nobody.png'));
      expect(problems).toContain('doctors/maryam-ahmadi: photo ../../assets/doctors/nobody.png does not exist');
    });
    it('a clinic with too few doctors', () => {
      const problems = broken((c) => (c.doctors = c.doctors.filter((d) => !d.data.clinics.includes('eye'))));
      expect(problems).toContain(`clinics/eye: 0 doctors, needs at least ${MIN.doctorsPerClinic}`);
    });
    it('too few obstetricians', () => {
      const problems = broken((c) => (c.doctors = c.doctors.filter((d) => !d.data.expertise_groups.includes(OBSTETRICS))));
      expect(problems).toContain(`expertise-groups/${OBSTETRICS}: 0 doctors, needs at least ${MIN.obstetricsDoctors}`);
    });
  });
});

describe('catalogue schemas reject malformed entries', () => {
  const maryam = () => structuredClone(raw.doctors.find((d) => d.slug === 'maryam-ahmadi')!.data) as Record<string, unknown>;
  const women = () => structuredClone(raw.clinics.find((d) => d.slug === 'women')!.data) as Record<string, unknown>;

  it('an unknown key', () => {
    expect(doctorSchema.safeParse({ ...maryam(), nickname: 'x' }).success).toBe(false);
    expect(clinicSchema.safeParse({ ...women(), phone: { number: '02166551234', ext: '210' } }).success).toBe(false);
  });
  it('a time that is not HH:MM, a day that is not a key, an end before the start', () => {
    const slot = { day: 'saturday', start: '08:00', end: '12:00', clinic: 'women' };
    for (const bad of [{ start: '8:00' }, { end: '24:00' }, { day: 'shanbe' }, { start: '12:00', end: '08:00' }]) {
      expect(doctorSchema.safeParse({ ...maryam(), schedule: [{ ...slot, ...bad }] }).success, JSON.stringify(bad)).toBe(false);
    }
  });
  it('a fee that is not a positive whole multiple of 10,000 rials', () => {
    for (const fee of [0, -5_000_000, 5_005_000, 5_500_000.5, '5500000']) {
      expect(doctorSchema.safeParse({ ...maryam(), visit_fee_rial: fee }).success, String(fee)).toBe(false);
    }
  });
  it('a real-looking council number, Latin digits or Arabic letters in text', () => {
    expect(doctorSchema.safeParse({ ...maryam(), medical_council_number: '12345' }).success).toBe(false);
    expect(doctorSchema.safeParse({ ...maryam(), medical_council_number: 'نمونه-12345' }).success).toBe(false);
    expect(doctorSchema.safeParse({ ...maryam(), bio: 'بیش از 15 سال' }).success).toBe(false);
    expect(doctorSchema.safeParse({ ...maryam(), title: 'متخصص زنان و زايمان' }).success).toBe(false);
  });
  it('overlapping opening hours', () => {
    const hours = [
      { days: ['saturday'], open: '08:00', close: '14:00' },
      { days: ['saturday'], open: '13:00', close: '18:00' },
    ];
    expect(clinicSchema.safeParse({ ...women(), hours }).success).toBe(false);
  });
});

describe('catalogue images', () => {
  const catalogue = loadCatalogue();

  it('expertise icons are 24×24 line icons drawn in currentColor', () => {
    for (const { data } of catalogue.groups) {
      const svg = readFileSync(path.join(iconDir, `${data.icon}.svg`), 'utf8');
      expect(svg, data.icon).toMatch(/<svg[^>]*viewBox="0 0 24 24"/);
      expect(svg, data.icon).toMatch(/<svg[^>]*stroke="currentColor"/);
      expect(svg, data.icon).toMatch(/<svg[^>]*fill="none"/);
      expect(svg.match(/(?:fill|stroke)="[^"]*"/g)?.filter((a) => !/="(?:none|currentColor)"/.test(a)) ?? [], data.icon).toEqual([]);
    }
  });

  it('doctor avatars: 256×256 PNG, at most 30 KB, one per doctor', () => {
    for (const entry of catalogue.doctors) {
      const file = resolvePhoto(entry);
      expect(pngSize(file), entry.slug).toEqual({ width: 256, height: 256 });
      expect(statSync(file).size, entry.slug).toBeLessThanOrEqual(30 * 1024);
    }
    expect(readdirSync(path.join(contentDir, '../assets/doctors')).length).toBe(catalogue.doctors.length);
  });

  it('clinic pictures: 800×500 PNG, at most 60 KB, one per clinic', () => {
    for (const entry of catalogue.clinics) {
      const file = resolvePhoto(entry);
      expect(pngSize(file), entry.slug).toEqual({ width: 800, height: 500 });
      expect(statSync(file).size, entry.slug).toBeLessThanOrEqual(60 * 1024);
    }
    expect(readdirSync(path.join(contentDir, '../assets/clinics')).length).toBe(catalogue.clinics.length);
  });
});

describe('demo data policy', () => {
  const { doctors } = loadCatalogue();

  it('fees, visit lengths and weekly sessions are realistic', () => {
    for (const { slug, data } of doctors) {
      expect(data.visit_fee_rial, slug).toBeGreaterThanOrEqual(2_500_000);
      expect(data.visit_fee_rial, slug).toBeLessThanOrEqual(9_000_000);
      expect(data.visit_minutes, slug).toBeGreaterThanOrEqual(10);
      expect(data.visit_minutes, slug).toBeLessThanOrEqual(30);
      expect(data.schedule.length, slug).toBeLessThanOrEqual(5);
      expect(data.languages, slug).toContain('فارسی');
    }
    const twoToFour = doctors.filter((d) => d.data.schedule.length >= 2 && d.data.schedule.length <= 4).length;
    expect(twoToFour / doctors.length).toBeGreaterThanOrEqual(0.8);
    const slots = doctors.flatMap((d) => d.data.schedule);
    expect(slots.filter((s) => s.day === DAY_KEYS[6]).length / slots.length, 'Friday sessions are rare').toBeLessThanOrEqual(0.05);
  });

  it('a balance of women and men, and a handful of featured doctors', () => {
    const women = doctors.filter((d) => d.data.gender === 'female').length;
    expect(women / doctors.length).toBeGreaterThanOrEqual(0.35);
    expect(women / doctors.length).toBeLessThanOrEqual(0.65);
    const featured = doctors.filter((d) => d.data.featured).length;
    expect(featured).toBeGreaterThanOrEqual(4);
    expect(featured).toBeLessThanOrEqual(8);
  });
});
