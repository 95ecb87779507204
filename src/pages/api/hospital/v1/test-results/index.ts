import { FileTestResultSchema, FiledTestResultSchema } from '#lib/api/contracts/test-results-filing.ts';
import { env } from '#server/env.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { json } from '#server/http.ts';
import { FHIR_BUNDLE_DOC } from '#server/test-results/fhir-doc.ts';
import { TestResultFilingSchema } from '#server/test-results/filing.ts';
import { fileTestResult } from '#server/test-results/service.ts';
import { resultContext } from '#server/test-results/settings.ts';

/** `POST /api/hospital/v1/test-results`: files a lab result (our JSON or a FHIR R4 Bundle); the patient gets an SMS when values arrive. */
export const { POST, ALL } = defineHospitalEndpoint(
  {
    method: 'POST',
    path: '/test-results',
    scope: 'test-results',
    summary: 'Files a lab result for a patient, or adds to or corrects the result with the same reception code (pending → partial → final).',
    description:
      'The body is our JSON (below) or a FHIR R4 `Bundle` of `DiagnosticReport` + `Observation` sent as `application/fhir+json` (README: "Filing test results"; examples in docs/examples/fhir). ' +
      'The result goes to the account that has both the national code and the mobile; otherwise it waits until the patient claims it with the reception code and national code. ' +
      'Flags the lab does not send are computed from the reference range. Observations are matched by panel name and code when a reception code is filed again; the status never moves back. ' +
      'Errors name paths in the document sent (`panels.0.observations.2.value`, or `entry.4.resource.valueQuantity.value` for FHIR). A reception code filed for another national code answers 409. The first filing answers 201, a later one of the same reception code 200.',
    schema: TestResultFilingSchema,
    documentedBody: FileTestResultSchema,
    otherBodies: { 'application/fhir+json': FHIR_BUNDLE_DOC },
    maxBytes: 1024 * 1024,
    answer: { status: 201, data: FiledTestResultSchema },
    alsoAnswers: { status: 200, description: 'A later filing of a reception code already filed: added to or corrected that result (`changed` and `notified` say whether anything changed and whether the patient was told).' },
    errors: [409],
  },
  async ({ db, input, key, now }) => {
    const filed = await fileTestResult(db, resultContext(), input.body, { filedBy: key.name, format: input.format, siteUrl: env().PUBLIC_SITE_URL, now });
    return json({ success: true, data: filed }, { status: filed.created ? 201 : 200 });
  },
);
