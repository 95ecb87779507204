import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DOCTORS = fileURLToPath(new URL('../src/content/doctors/', import.meta.url));

/**
 * The indexable pages rendered per request, which the sitemap cannot find by itself: the doctor
 * finder (decision 006) and each doctor's booking page (decision 033). A doctor's id is their
 * content file's name, as the content collection names it.
 */
export function onDemandSitemapPages(site: string): string[] {
  const doctors = readdirSync(DOCTORS)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
  return ['/appointment', ...doctors.map((id) => `/appointment/pre-reserve/${id}`)].map((path) => new URL(path, site).href);
}
