/**
 * The body of the hospital's `POST /test-results`: our JSON (FileTestResultSchema), or a FHIR R4
 * Bundle of DiagnosticReport + Observation (anything with a `resourceType`), translated by fhir.ts.
 * Either way the errors name paths in the document the hospital sent.
 */
import * as v from 'valibot';
import { FileTestResultSchema, type FileTestResultBody } from '#lib/api/contracts/test-results-filing.ts';
import { parseFhirBundle } from './fhir.ts';

export interface Filing {
  body: FileTestResultBody;
  format: 'json' | 'fhir';
}

type PathItem = v.IssuePathItem;

/** 'entry.3.resource.code' → valibot path items, so the server's fieldErrors writes it back the same. */
function pathOf(path: string): [PathItem, ...PathItem[]] | undefined {
  if (path === '_' || path === '') return undefined;
  const items = path.split('.').map((key) => ({ type: 'object', origin: 'value', input: {}, key, value: undefined }) as unknown as PathItem);
  return items as [PathItem, ...PathItem[]];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const TestResultFilingSchema = v.pipe(
  v.unknown(),
  v.rawTransform<unknown, Filing>(({ dataset, addIssue, NEVER }) => {
    const input = dataset.value;
    if (isObject(input) && 'resourceType' in input) {
      const parsed = parseFhirBundle(input);
      if (parsed.ok) return { body: parsed.body, format: 'fhir' };
      for (const [path, messages] of Object.entries(parsed.errors)) {
        const at = pathOf(path);
        for (const message of messages) addIssue({ message, ...(at ? { path: at } : {}) });
      }
      return NEVER;
    }
    const result = v.safeParse(FileTestResultSchema, input);
    if (result.success) return { body: result.output, format: 'json' };
    for (const issue of result.issues) addIssue({ message: issue.message, ...(issue.path ? { path: issue.path as [PathItem, ...PathItem[]] } : {}) });
    return NEVER;
  }),
);
