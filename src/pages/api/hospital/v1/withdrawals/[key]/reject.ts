import { HospitalWithdrawalSchema, WithdrawalRejectSchema } from '#lib/api/contracts/hospital.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { KeyParams } from '#server/http.ts';
import { rejectWithdrawal } from '#server/wallet/withdrawals.ts';

/** `POST /api/hospital/v1/withdrawals/{key}/reject {reason}`: refused; the amount returns to the wallet and the patient gets an SMS. */
export const { POST, ALL } = defineHospitalEndpoint(
  {
    method: 'POST',
    path: '/withdrawals/{key}/reject',
    params: KeyParams,
    scope: 'withdrawals',
    summary: "Rejects a pending withdrawal (e.g. a wrong IBAN): the amount returns to the patient's wallet; the patient gets an SMS with the reason.",
    schema: WithdrawalRejectSchema,
    maxBytes: 4096,
    answer: { status: 200, data: HospitalWithdrawalSchema },
  },
  ({ db, params, input, now }) => rejectWithdrawal(db, params.key, { reason: input.reason }, now),
);
