import { HospitalWithdrawalSchema, WithdrawalPaidSchema } from '#lib/api/contracts/hospital.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { json } from '#server/http.ts';
import { settleWithdrawal } from '#server/wallet/withdrawals.ts';

/** `POST /api/hospital/v1/withdrawals/{key}/paid {bank_reference}`: the hospital paid it; the patient gets an SMS. */
export const { POST, ALL } = defineHospitalEndpoint(
  {
    method: 'POST',
    path: '/withdrawals/{key}/paid',
    scope: 'withdrawals',
    summary: 'Marks a pending withdrawal paid, with the bank transfer reference; the patient gets an SMS.',
    schema: WithdrawalPaidSchema,
    maxBytes: 1024,
    answer: { status: 200, data: HospitalWithdrawalSchema },
    errors: [404, 409],
  },
  async ({ db, params, input, now }) =>
    json({ success: true, data: await settleWithdrawal(db, params.key!.slice(0, 32), { bankReference: input.bank_reference }, now) }),
);
