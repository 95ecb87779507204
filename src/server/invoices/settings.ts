import { getCatalogue } from '../catalogue/index.ts';
import { env } from '../env.ts';
import type { Services } from '../service-requests/services.ts';
import type { InvoiceSettings } from './service.ts';

/** The process's invoice settings, from the validated env. */
export function invoiceSettings(): InvoiceSettings {
  const config = env();
  return { paymentTimeoutMinutes: config.PAYMENT_TIMEOUT_MINUTES, paymentOpenLimit: config.PAYMENT_OPEN_LIMIT, linkDaysAfterSettled: config.INVOICE_LINK_DAYS_AFTER_SETTLED };
}

/** The process's service catalogue. */
export function catalogueServices(): Services {
  return getCatalogue().services;
}
