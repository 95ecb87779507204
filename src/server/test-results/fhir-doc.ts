/** The FHIR body of `POST /test-results` as the OpenAPI document describes it (the subset the portal reads). */
export const FHIR_BUNDLE_DOC: Record<string, unknown> = {
  type: 'object',
  description:
    'A FHIR R4 Bundle (any type) whose entries hold one Patient (national code in `identifier` with type v2-0203 `NI`, mobile in `telecom`), ' +
    'one or more DiagnosticReport (one panel each: `code`, `status`, `identifier` = reception code, `effectiveDateTime`, `issued`, `performer`, `result`) ' +
    'and their Observation resources (LOINC `code`, `valueQuantity` / `valueString` / `valueCodeableConcept` / `valueInteger` / `valueBoolean` / `valueRatio` / `valueRange`, ' +
    'or `interpretation` alone (a susceptibility), `component` (each a row with its own value and range), `referenceRange` (the normal one flags; severity, sex and age bands are shown)). ' +
    'Times may be a day alone (`2008-06-17`); no `performer` means the hospital\'s own lab. An observation the portal cannot show is left out, not the report. ' +
    'References resolve by `fullUrl` or `Type/id`. See docs/examples/fhir/ and the README\'s refusal table.',
  required: ['resourceType', 'entry'],
  properties: {
    resourceType: { const: 'Bundle' },
    type: { type: 'string' },
    entry: {
      type: 'array',
      items: { type: 'object', properties: { fullUrl: { type: 'string' }, resource: { type: 'object', required: ['resourceType'], properties: { resourceType: { type: 'string' } } } } },
    },
  },
};
