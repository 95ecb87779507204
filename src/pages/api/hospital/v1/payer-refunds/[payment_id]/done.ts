import { PayerRefundDoneSchema, PayerRefundSchema } from '#lib/api/contracts/hospital.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { json } from '#server/http.ts';
import { settlePayerRefund } from '#server/payments/payer-refunds.ts';

/** `POST /api/hospital/v1/payer-refunds/{payment_id}/done {bank_reference}`: the money went back to the card. */
export const { POST, ALL } = defineHospitalEndpoint(
  {
    method: 'POST',
    path: '/payer-refunds/{payment_id}/done',
    scope: 'invoices',
    summary: 'Records that a returned link payment was sent back to its card, with the bank reference; once only (409 after).',
    schema: PayerRefundDoneSchema,
    maxBytes: 1024,
    answer: { status: 200, data: PayerRefundSchema },
    errors: [404, 409],
  },
  async ({ db, params, input, now }) => json({ success: true, data: await settlePayerRefund(db, params.payment_id!.slice(0, 64), input.bank_reference, now) }),
);
