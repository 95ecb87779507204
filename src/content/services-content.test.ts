/**
 * The services on request (src/content/services/*.json): every file passes its schema, the catalogue
 * covers every category, the entries agree with each other, prices are plausible for Tehran, and the
 * text keeps Persian typography.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { persian, SLUG_PATTERN } from './catalogue-schema.ts';
import { SERVICE_CATEGORIES, SERVICE_CATEGORY_INTROS, type Service, type ServiceCategory, serviceSchema } from './services-schema.ts';
import { typographyProblems } from './typography.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'services');

const MIN_SERVICES = 12;
/** Rials. Records (a copy of a file) may cost little; a visit, a shift, a rental or a ride never does. */
const PRICE = {
  step: 10_000,
  visitMin: 1_000_000,
  max: 500_000_000,
  recordsMax: 20_000_000,
};

interface Entry {
  slug: string;
  data: Service;
}

const files = readdirSync(dir).sort();
const raw = files.map((name) => ({ slug: name.replace(/\.json$/, ''), data: JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as unknown }));
const load = (): Entry[] => raw.map((entry) => ({ slug: entry.slug, data: serviceSchema.parse(entry.data) }));

/** Every text a patient reads. */
const texts = (service: Service) => [service.name, service.summary, service.lead_time, service.price_note ?? '', ...service.description, ...service.prepare, ...service.areas];

/** Everything wrong across the services, as readable lines; empty when the catalogue is sound. */
function problems(services: Entry[]): string[] {
  const found: string[] = [];
  const slugs = new Set(services.map((s) => s.slug));

  if (services.length < MIN_SERVICES) found.push(`${services.length} services, needs at least ${MIN_SERVICES}`);
  for (const category of Object.keys(SERVICE_CATEGORIES) as ServiceCategory[]) {
    if (!services.some((s) => s.data.category === category)) found.push(`category "${category}" has no service`);
  }

  const seen = { summary: new Map<string, string>(), name: new Map<string, string>(), order: new Map<string, string>() };
  for (const { slug, data } of services) {
    const where = `services/${slug}`;
    for (const [key, value] of [
      ['summary', data.summary],
      ['name', data.name],
      ['order', `${data.category} ${data.order}`],
    ] as const) {
      const other = seen[key].get(value);
      if (other) found.push(`${where}: same ${key} as services/${other}`);
      seen[key].set(value, slug);
    }

    for (const related of data.related) {
      if (!slugs.has(related)) found.push(`${where}: related service "${related}" does not exist`);
      if (related === slug) found.push(`${where}: lists itself as related`);
    }
    if (new Set(data.related).size !== data.related.length) found.push(`${where}: a related service is listed twice`);

    if (data.description.length < 2 || data.description.length > 3) found.push(`${where}: ${data.description.length} description paragraphs, needs 2 or 3`);

    const { price_min_rial: min, price_max_rial: max } = data;
    if (min % PRICE.step !== 0 || max % PRICE.step !== 0) found.push(`${where}: prices are not whole multiples of ${PRICE.step} rials`);
    if (data.category === 'records') {
      if (max > PRICE.recordsMax) found.push(`${where}: ${max} rials is too much for a copy of records`);
    } else {
      if (min < PRICE.visitMin) found.push(`${where}: a minimum of ${min} rials is not plausible for a visit, shift, rental or ride`);
      if (max > PRICE.max) found.push(`${where}: a maximum of ${max} rials is not plausible`);
    }
    if (max === 0) found.push(`${where}: no price at all`);

    // «همان روز» promises today; the request form offers today exactly when earliest_days is 0.
    const sameDay = data.lead_time.includes('همان روز');
    if (sameDay !== (data.earliest_days === 0)) found.push(`${where}: lead_time «${data.lead_time}» disagrees with earliest_days ${data.earliest_days}`);

    for (const text of texts(data)) for (const problem of typographyProblems(text)) found.push(`${where}: ${problem}: «${text}»`);
  }
  return found;
}

describe('service files', () => {
  it('are only .json files, each named by a kebab-case slug', () => {
    for (const name of files) {
      expect(name).toMatch(/\.json$/);
      expect(name.replace(/\.json$/, ''), name).toMatch(SLUG_PATTERN);
    }
  });

  it.each(raw.map((entry) => ({ name: `services/${entry.slug}`, entry })))('$name passes its schema', ({ entry }) => {
    const result = serviceSchema.safeParse(entry.data);
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });
});

describe('the service catalogue', () => {
  it('is complete and consistent', () => {
    expect(problems(load())).toEqual([]);
  });

  it('category intros keep Persian typography', () => {
    for (const [id, intro] of Object.entries(SERVICE_CATEGORY_INTROS)) {
      expect(persian.safeParse(intro).success, id).toBe(true);
      expect(typographyProblems(intro), id).toEqual([]);
    }
  });

  it('has at least one service in every category', () => {
    const services = load();
    for (const category of Object.keys(SERVICE_CATEGORIES)) expect(services.filter((s) => s.data.category === category).length, category).toBeGreaterThan(0);
    expect(services.length).toBeGreaterThanOrEqual(MIN_SERVICES);
  });

  describe('catches a broken catalogue', () => {
    const broken = (change: (services: Entry[]) => void) => {
      const services = structuredClone(load());
      change(services);
      return problems(services);
    };
    const service = (services: Entry[], slug = 'home-injection') => services.find((s) => s.slug === slug)!.data;

    it('a related service that does not exist', () => {
      expect(broken((s) => service(s).related.push('home-massage'))).toContain('services/home-injection: related service "home-massage" does not exist');
    });
    it('a category left empty', () => {
      expect(broken((s) => s.splice(0, s.length, ...s.filter((e) => e.data.category !== 'transport')))).toContain('category "transport" has no service');
    });
    it('too few services', () => {
      expect(broken((s) => s.splice(6))).toContain(`6 services, needs at least ${MIN_SERVICES}`);
    });
    it('two services with the same summary', () => {
      const problems = broken((s) => (service(s, 'home-ecg').summary = service(s).summary));
      expect(problems.some((p) => p.includes('same summary'))).toBe(true);
    });
    it('a nurse visit for a few rials, an ambulance for billions', () => {
      expect(broken((s) => (service(s).price_min_rial = 25_000))).toContain('services/home-injection: a minimum of 25000 rials is not plausible for a visit, shift, rental or ride');
      expect(broken((s) => (service(s, 'ambulance-city').price_max_rial = 6_000_000_000))).toContain('services/ambulance-city: a maximum of 6000000000 rials is not plausible');
    });
    it('«همان روز» with a first day tomorrow', () => {
      expect(broken((s) => (service(s).earliest_days = 1))).toContain(`services/home-injection: lead_time «${service(load()).lead_time}» disagrees with earliest_days 1`);
    });
    it('a missing ZWNJ', () => {
      const problems = broken((s) => (service(s).summary = 'پرستار به خانه می آید.'));
      expect(problems.some((p) => p.startsWith('services/home-injection: «می» followed by a space'))).toBe(true);
      expect(typographyProblems('درخواست ها')).toHaveLength(1);
      expect(typographyProblems('درخواست‌ها و پرونده‌ها؛ می‌شود.')).toEqual([]);
    });
  });

  it('the schema rejects a price range upside down, an unknown window or category', () => {
    const injection = raw.find((e) => e.slug === 'home-injection')!.data as Record<string, unknown>;
    expect(serviceSchema.safeParse({ ...injection, price_min_rial: 7_000_000, price_max_rial: 6_000_000 }).success).toBe(false);
    expect(serviceSchema.safeParse({ ...injection, windows: ['night'] }).success).toBe(false);
    expect(serviceSchema.safeParse({ ...injection, category: 'surgery' }).success).toBe(false);
    expect(serviceSchema.safeParse({ ...injection, summary: 'x'.repeat(161) }).success).toBe(false);
  });
});
