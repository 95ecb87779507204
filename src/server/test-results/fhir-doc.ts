/** The FHIR body of `POST /test-results` as the OpenAPI document describes it (the subset the portal reads). */
export const FHIR_BUNDLE_DOC: Record<string, unknown> = {
  type: 'object',
  description:
    'A FHIR R4 Bundle (any type) whose entries hold one Patient (national code in `identifier` with type v2-0203 `NI`, mobile in `telecom`), ' +
    'one or more DiagnosticReport (one panel each: `code`, `status`, `identifier` = reception code, `effectiveDateTime`, `issued`, `performer`, `result`) ' +
    'and their Observation resources (LOINC `code`, `valueQuantity` / `valueString` / `valueCodeableConcept`, `referenceRange`, `interpretation`). ' +
    'References resolve by `fullUrl` or `Type/id`. See docs/examples/fhir/.',
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
