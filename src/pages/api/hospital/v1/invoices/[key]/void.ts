import { HospitalInvoiceSchema } from '#lib/api/contracts/hospital.ts';
import { VoidInvoiceSchema } from '#lib/api/contracts/invoices.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { KeyParams } from '#server/http.ts';
import { invoiceForHospital, voidInvoiceForHospital } from '#server/invoices/hospital.ts';
import { catalogueServices } from '#server/invoices/settings.ts';

/** `POST /api/hospital/v1/invoices/{key}/void {reason}`: voids an unpaid invoice; the patient gets an SMS with the reason. */
export const { POST, ALL } = defineHospitalEndpoint(
  {
    method: 'POST',
    path: '/invoices/{key}/void',
    params: KeyParams,
    scope: 'invoices',
    summary:
      "Voids an unpaid invoice: its links stop paying, wallet money put aside for it returns to the patient's wallet, and the patient gets an SMS with the reason. A paid invoice answers 409.",
    schema: VoidInvoiceSchema,
    maxBytes: 4096,
    answer: { status: 200, data: HospitalInvoiceSchema },
  },
  async ({ db, params, input, now }) => {
    await voidInvoiceForHospital(db, { services: catalogueServices(), key: params.key, body: input, now });
    return invoiceForHospital(db, catalogueServices(), params.key);
  },
);
