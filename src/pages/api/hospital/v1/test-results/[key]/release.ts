import { ResultClaimStateSchema } from '#lib/api/contracts/test-result-claims.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { KeyParams } from '#server/http.ts';
import { releaseTestResultClaims } from '#server/test-results/claim.ts';

/** `POST /api/hospital/v1/test-results/{key}/release`: a result locked by failed claims takes claims again. */
export const { POST, ALL } = defineHospitalEndpoint(
  {
    method: 'POST',
    path: '/test-results/{key}/release',
    params: KeyParams,
    scope: 'test-results',
    summary:
      'Releases a result whose claims were locked after too many failed claims (its reception code with a wrong national code, wrong SMS codes): the count starts again from zero and any account may claim it again with the code sent to the filed mobile. Releasing a result that is not locked changes nothing. An unknown key answers 404.',
    answer: { status: 200, data: ResultClaimStateSchema },
  },
  ({ db, params, now }) => releaseTestResultClaims(db, { key: params.key, now }),
);
