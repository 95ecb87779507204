import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RunningServer } from './server.ts';

export interface InvoiceLine {
  title: string;
  quantity: number;
  unit_price: number;
  insurance_share?: number;
  discount?: number;
}

/**
 * Issues an invoice the way a hospital's system does (`POST /api/hospital/v1/invoices`, with the
 * portal's local command-line key from its data directory) to the account with this national code
 * and phone; answers its key and public link. Throws when the call is refused.
 */
export async function issueInvoice(
  server: Pick<RunningServer, 'url' | 'dataDir'>,
  patient: { international_code: string; phone_number: string },
  items: InvoiceLine[],
  extra: { due_at?: string; service_request_key?: string } = {},
): Promise<{ key: string; url: string }> {
  const hospitalKey = readFileSync(path.join(server.dataDir, 'hospital-cli-key'), 'utf8').trim();
  const answer = await fetch(new URL('/api/hospital/v1/invoices', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${hospitalKey}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ patient, items, ...extra }),
  });
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`issuing an invoice answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { data: { key: string; url: string } }).data;
}

/** The path of a public invoice link (`/sr/invoice/<token>`) from the absolute URL the hospital API answers. */
export const invoiceLinkPath = (url: string) => new URL(url).pathname;

/** The hospital voids an unpaid invoice (`POST /api/hospital/v1/invoices/{key}/void`); the reason is shown to the patient. */
export async function voidInvoice(server: Pick<RunningServer, 'url' | 'dataDir'>, key: string, reason: string): Promise<void> {
  const hospitalKey = readFileSync(path.join(server.dataDir, 'hospital-cli-key'), 'utf8').trim();
  const answer = await fetch(new URL(`/api/hospital/v1/invoices/${encodeURIComponent(key)}/void`, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${hospitalKey}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ reason }),
  });
  if (answer.status !== 200) throw new Error(`voiding ${key} answered ${answer.status}: ${await answer.text()}`);
}
