/**
 * The hospital's calls on a result's claims (`POST /api/hospital/v1/test-results/{key}/detach` and
 * `/release`), used by the endpoints and `npm run hospital`. Apart from test-results.ts so that the
 * patient's pages never load them.
 */
import * as v from 'valibot';
import { inputMessage, required, SingleLineInputSchema } from '../../validation/base.ts';
import { maxLengthMessage } from '../../validation/messages.ts';

/** `POST /api/hospital/v1/test-results/{key}/detach {reason}`: why the result leaves the account it went to. */
export const DetachTestResultSchema = v.object({
  reason: v.pipe(
    v.string(inputMessage),
    v.description('Why the result leaves the account (kept with the result), one line.'),
    v.maxLength(200, maxLengthMessage(200)),
    required(SingleLineInputSchema),
  ),
});
export type DetachTestResultBody = v.InferOutput<typeof DetachTestResultSchema>;

/** The answer to the hospital's detach and release of a result: where its claims stand now. */
export const ResultClaimStateSchema = v.object({
  key: v.pipe(v.string(), v.description('TR-XXXXXX')),
  reception_code: v.string(),
  linked: v.pipe(v.boolean(), v.description('True while the result belongs to an account; false while it waits to be claimed.')),
  claims_locked: v.pipe(
    v.boolean(),
    v.description('True when too many failed claims stopped it taking claims from any account but one on the filed mobile, until the hospital releases it.'),
  ),
  claim_failures: v.pipe(v.number(), v.description('Failed claims that reached it since it was last released.')),
});
export type ResultClaimState = v.InferOutput<typeof ResultClaimStateSchema>;
