import { HospitalInvoiceSchema } from '#lib/api/contracts/hospital.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { KeyParams } from '#server/http.ts';
import { invoiceForHospital } from '#server/invoices/hospital.ts';
import { catalogueServices } from '#server/invoices/settings.ts';

/** `GET /api/hospital/v1/invoices/{key}`: an invoice as the hospital sees it (status, what was paid and how). */
export const { GET, ALL } = defineHospitalEndpoint(
  {
    method: 'GET',
    path: '/invoices/{key}',
    params: KeyParams,
    scope: 'invoices',
    summary: 'An invoice with its lines and totals, whom it was issued to, and whether and how it was paid (wallet, bank, public link) or voided.',
    answer: { status: 200, data: HospitalInvoiceSchema },
  },
  ({ db, params }) => invoiceForHospital(db, catalogueServices(), params.key),
);
