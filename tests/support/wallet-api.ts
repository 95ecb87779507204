import { post } from './portal-api.ts';
import type { RunningServer } from './server.ts';

/** A card the sandbox bank accepts (Luhn-valid), with the rest of its form. */
export const SANDBOX_CARD = { card: '6037991234567893', cvv2: '123', month: '08', year: '07', password: '123456', action: 'pay' };
/** A valid IBAN body (24 digits after IR). */
export const TEST_IBAN = '062960000000100324200001';

/**
 * Charges through the API and follows the browser to the sandbox bank: the payment id, the
 * redirect the API answered and the bank page's path. Throws when any step is refused.
 */
export async function startCharge(server: RunningServer, token: string, amount: number): Promise<{ paymentId: string; redirectUrl: string; bankPath: string }> {
  const charged = await post(server, 'wallet/charge', { amount }, { token });
  if (charged.status !== 201) throw new Error(`charge answered ${charged.status}: ${await charged.text()}`);
  const { payment_id, redirect_url } = ((await charged.json()) as { data: { payment_id: string; redirect_url: string } }).data;
  const page = await (await fetch(new URL(redirect_url, server.url), { redirect: 'manual' })).text();
  const bankPath = /url=(\/sandbox-bank\/[A-Za-z0-9_-]+)/.exec(page)?.[1];
  if (!bankPath) throw new Error(`no bank link in ${redirect_url}: ${page.slice(0, 300)}`);
  return { paymentId: payment_id, redirectUrl: redirect_url, bankPath };
}

/** Submits the sandbox bank's form as a browser on our site would; answers where the bank sends it back. */
export function submitAtBank(server: RunningServer, bankPath: string, fields: Record<string, string> = SANDBOX_CARD): Promise<Response> {
  return fetch(new URL(bankPath, server.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    body: new URLSearchParams(fields),
  });
}

/**
 * Puts `amount` rials in the patient's wallet the way a browser would: charge, the sandbox bank's
 * form, the return to the portal. Throws when any step is refused.
 */
export async function chargeWallet(server: RunningServer, token: string, amount: number): Promise<void> {
  const { bankPath } = await startCharge(server, token, amount);
  const back = await submitAtBank(server, bankPath);
  const callback = back.headers.get('location');
  if (!callback) throw new Error(`the sandbox bank answered ${back.status} without sending the browser back`);
  await fetch(new URL(callback, server.url), { redirect: 'manual' });
}

/** A pending withdrawal of `amount` rials from the patient's wallet; answers its key. */
export async function requestWithdrawal(server: RunningServer, token: string, amount: number): Promise<string> {
  const created = await post(server, 'wallet/withdrawals', { amount, iban: TEST_IBAN }, { token });
  if (created.status !== 201) throw new Error(`withdrawal answered ${created.status}: ${await created.text()}`);
  return ((await created.json()) as { data: { key: string } }).data.key;
}
