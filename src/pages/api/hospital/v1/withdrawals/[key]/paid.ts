import { HospitalWithdrawalSchema, WithdrawalPaidSchema } from '#lib/api/contracts/hospital.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { KeyParams } from '#server/http.ts';
import { settleWithdrawal } from '#server/wallet/withdrawals.ts';

/** `POST /api/hospital/v1/withdrawals/{key}/paid {bank_reference}`: the hospital paid it; the patient gets an SMS. */
export const { POST, ALL } = defineHospitalEndpoint(
  {
    method: 'POST',
    path: '/withdrawals/{key}/paid',
    params: KeyParams,
    scope: 'withdrawals',
    summary: 'Marks a pending withdrawal paid, with the bank transfer reference; the patient gets an SMS.',
    schema: WithdrawalPaidSchema,
    maxBytes: 1024,
    answer: { status: 200, data: HospitalWithdrawalSchema },
  },
  ({ db, params, input, now }) => settleWithdrawal(db, params.key, { bankReference: input.bank_reference }, now),
);
