import { DetachTestResultSchema, ResultClaimStateSchema } from '#lib/api/contracts/test-result-claims.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { KeyParams } from '#server/http.ts';
import { detachTestResult } from '#server/test-results/claim.ts';

/** `POST /api/hospital/v1/test-results/{key}/detach {reason}`: takes a result from the account it went to; it waits to be claimed again. */
export const { POST, ALL } = defineHospitalEndpoint(
  {
    method: 'POST',
    path: '/test-results/{key}/detach',
    params: KeyParams,
    scope: 'test-results',
    summary:
      'Detaches a result from the account it went to (claimed, or linked at filing): it waits to be claimed again, its share links stop opening, its failed-claim count and claim lock are cleared, and the account holder gets an SMS. The reason is kept with the result; the call is in the audit log. An unknown key answers 404, a result that belongs to no account 409.',
    schema: DetachTestResultSchema,
    maxBytes: 4096,
    answer: { status: 200, data: ResultClaimStateSchema },
  },
  ({ db, params, input, now }) => detachTestResult(db, { key: params.key, body: input, now }),
);
