/**
 * What the portal needs from a bank gateway (spec/api.md "Wallet and payments"). Two adapters:
 * `sandbox` (the built-in simulated bank, gateways/sandbox.ts) and `zarinpal` (gateways/zarinpal.ts).
 * PAYMENT_GATEWAY picks one (gateways/index.ts).
 */

import { BANK_MINIMUM_RIALS } from '#lib/wallet/payment-split.ts';

/** A payment to register at the gateway before the patient is sent there. */
export interface GatewayRequest {
  /** Rials, from our database. */
  amount: number;
  /** Persian, shown by the bank ("شارژ کیف پول"). */
  description: string;
  /** Where the bank returns the browser: our /return-bank?payment=<id> (absolute URL). */
  callbackUrl: string;
  /** The payer's mobile, '09xxxxxxxxx', when the gateway can use it (Zarinpal's saved cards). */
  mobile?: string;
}

/** The gateway accepted the payment: its id for it, and where to send the browser. */
export interface GatewayStart {
  authority: string;
  /** Absolute URL (Zarinpal's StartPay) or a path on our site (the sandbox bank). */
  redirectUrl: string;
}

/**
 * The gateway's answer to "was `authority` paid `amount` rials?":
 * - `paid`: it was (Zarinpal 100, or 101 = already verified before); apply it once.
 * - `failed`: it was not and will not be (cancelled, wrong amount, unknown authority, refused).
 * - `unknown`: no answer now (network, 5xx); ask again later.
 */
export type GatewayVerification =
  | { status: 'paid'; refId: string; cardPan: string | null; alreadyVerified: boolean }
  | { status: 'failed'; code: string; message: string }
  | { status: 'unknown'; message: string };

export interface PaymentGateway {
  readonly name: 'sandbox' | 'zarinpal';
  /** The smallest amount, in rials, the gateway registers (GATEWAY_MINIMUM_RIALS of its name). */
  readonly minimumAmount: number;
  /** Registers a payment; throws GatewayError when the gateway refuses it or cannot be reached. */
  request(payment: GatewayRequest): Promise<GatewayStart>;
  /** Where to send the browser for an authority registered earlier (a reload of /go-to-bank). */
  bankUrl(authority: string): string;
  /** Verifies with our amount (never the callback's); never throws for a refusal, only answers. */
  verify(check: { authority: string; amount: number }): Promise<GatewayVerification>;
}

/**
 * The smallest payment each gateway takes, in rials: Zarinpal's 1,000 toman, and the sandbox bank
 * enforces the same so that what works there works at the real bank. Pay flows split the wallet
 * and bank parts so that a bank part never falls below it (lib/wallet/payment-split.ts).
 */
export const GATEWAY_MINIMUM_RIALS: Readonly<Record<PaymentGateway['name'], number>> = Object.freeze({ sandbox: BANK_MINIMUM_RIALS, zarinpal: BANK_MINIMUM_RIALS });

/** The gateway refused or could not be reached; the message is safe to log (no merchant secrets). */
export class GatewayError extends Error {
  override name = 'GatewayError';
}

/**
 * A card number shown on a receipt: the first 6 and last 4 digits, e.g. 6037-99**-****-1234, from a
 * full number or from one the gateway already masked (Zarinpal's `card_pan`: 603799******1234).
 */
export function maskCardPan(pan: string): string {
  const chars = pan.replace(/[^\d*]/g, '');
  if (chars.replace(/\*/g, '').length < 10) return pan.includes('*') ? pan : '****';
  const shown = `${chars.slice(0, 6)}${'*'.repeat(chars.length - 10)}${chars.slice(-4)}`;
  return shown.replace(/(.{4})(?=.)/g, '$1-');
}
