import { PayerRefundSchema, PayerRefundsQuerySchema } from '#lib/api/contracts/hospital.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { listPayerRefunds } from '#server/payments/payer-refunds.ts';

/** `GET /api/hospital/v1/payer-refunds?status=due|done`: link payments owed back to their cards, oldest first. */
export const { GET, ALL } = defineHospitalEndpoint(
  {
    method: 'GET',
    path: '/payer-refunds',
    scope: 'invoices',
    summary: 'Lists payments made through an invoice link after the invoice was already settled: their money is owed back to the card (due) or was sent back (done).',
    query: PayerRefundsQuerySchema,
    answer: { status: 200, data: PayerRefundSchema, list: true },
  },
  ({ db, query }) => listPayerRefunds(db, query),
);
