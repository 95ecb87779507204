import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Clinic, clinicSchema, type Doctor, doctorSchema, type ExpertiseGroup, expertiseGroupSchema } from '#content/catalogue-schema.ts';
import { type Service, serviceSchema } from '#content/services-schema.ts';

/**
 * The care catalogue as the server sees it (decision 010): the same JSON files and schemas as the
 * content collections, keyed by slug. Services take it as a parameter, as repositories take `db`.
 */
export interface Catalogue {
  groups: ReadonlyMap<string, ExpertiseGroup>;
  clinics: ReadonlyMap<string, Clinic>;
  doctors: ReadonlyMap<string, Doctor>;
  /** The services a patient may request. */
  services: ReadonlyMap<string, Service>;
}

export type { Clinic, Doctor, ExpertiseGroup, Service };

export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

function readCollection<T>(dir: string, parse: (value: unknown) => T): Map<string, T> {
  const entries = new Map<string, T>();
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const slug = file.slice(0, -'.json'.length);
    try {
      entries.set(slug, parse(JSON.parse(readFileSync(path.join(dir, file), 'utf8'))));
    } catch (error) {
      throw new CatalogueError(`${path.join(dir, file)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return entries;
}

/** Reads and checks the catalogue under `contentDir` (the repository's `src/content`). */
export function readCatalogue(contentDir: string): Catalogue {
  return {
    groups: readCollection(path.join(contentDir, 'expertise-groups'), (value) => expertiseGroupSchema.parse(value)),
    clinics: readCollection(path.join(contentDir, 'clinics'), (value) => clinicSchema.parse(value)),
    doctors: readCollection(path.join(contentDir, 'doctors'), (value) => doctorSchema.parse(value)),
    services: readCollection(path.join(contentDir, 'services'), (value) => serviceSchema.parse(value)),
  };
}

// Like the database (server/db/index.ts): the start script reads it once and hands it to the Astro
// bundle, which has its own copy of this module and runs from dist/, far from src/content.
const registryKey = Symbol.for('patient-portal.catalogue');
type Registry = { [registryKey]?: Catalogue };

export function provideCatalogue(catalogue: Catalogue): void {
  (globalThis as Registry)[registryKey] = catalogue;
}

/** The process's catalogue: the one provided at start, or (under `astro dev`) read from `./src/content`. */
export function getCatalogue(): Catalogue {
  const registry = globalThis as Registry;
  registry[registryKey] ??= readCatalogue(path.resolve('src/content'));
  return registry[registryKey];
}
