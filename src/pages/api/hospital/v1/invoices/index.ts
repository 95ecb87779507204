import { IssuedInvoiceSchema } from '#lib/api/contracts/hospital.ts';
import { IssueInvoiceSchema } from '#lib/api/contracts/invoices.ts';
import { env } from '#server/env.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { issueInvoice } from '#server/invoices/hospital.ts';

/** `POST /api/hospital/v1/invoices`: issues an invoice to a patient's account; the patient gets an SMS with its public link. */
export const { POST, ALL } = defineHospitalEndpoint(
  {
    method: 'POST',
    path: '/invoices',
    scope: 'invoices',
    summary:
      "Issues an invoice to the account with this national code and mobile (or, with `service_request_key`, to the account that made that request); the patient gets an SMS with the invoice's public link.",
    description:
      'Each line: `patient_share = quantity × unit_price − insurance_share − discount` (rials). An invoice with nothing left for the patient is `paid` at once, without a link. ' +
      'A wrong mobile for the national code, or a request of another patient, answers 422; an unknown request 404; a cancelled or rejected one 409.',
    schema: IssueInvoiceSchema,
    maxBytes: 64 * 1024,
    answer: { status: 201, data: IssuedInvoiceSchema },
    errors: [404, 409],
  },
  ({ db, input, key, now }) => issueInvoice(db, input, { issuedBy: key.name, siteUrl: env().PUBLIC_SITE_URL, now }),
);
