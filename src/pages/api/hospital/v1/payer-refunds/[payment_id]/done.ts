import * as v from 'valibot';
import { PayerRefundDoneSchema, PayerRefundSchema } from '#lib/api/contracts/hospital.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { pathParam } from '#server/http.ts';
import { settlePayerRefund } from '#server/payments/payer-refunds.ts';

/** `POST /api/hospital/v1/payer-refunds/{payment_id}/done {bank_reference}`: the money went back to the card. */
export const { POST, ALL } = defineHospitalEndpoint(
  {
    method: 'POST',
    path: '/payer-refunds/{payment_id}/done',
    params: v.object({ payment_id: pathParam(64) }),
    scope: 'invoices',
    summary: 'Records that a returned link payment was sent back to its card, with the bank reference; once only (409 after).',
    schema: PayerRefundDoneSchema,
    maxBytes: 1024,
    answer: { status: 200, data: PayerRefundSchema },
  },
  ({ db, params, input, now }) => settlePayerRefund(db, params.payment_id, input.bank_reference, now),
);
