// Replaced by the tr-fhir branch (the FHIR R4 translation) before this lands.
import type { FileTestResultBody } from '#lib/api/contracts/test-results.ts';
export function parseFhirBundle(_input: unknown): { ok: true; body: FileTestResultBody; format: 'fhir' } | { ok: false; errors: Record<string, string[]> } {
  return { ok: false, errors: { _: ['FHIR هنوز پشتیبانی نمی‌شود'] } };
}
