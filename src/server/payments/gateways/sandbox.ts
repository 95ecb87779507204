import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxBankSessions } from '../../db/schema/payments.ts';
import { isCapabilityId, newCapabilityId } from '../../keys.ts';
import { GATEWAY_MINIMUM_RIALS, GatewayError, maskCardPan, type PaymentGateway } from '../gateway.ts';

export type SandboxSession = typeof sandboxBankSessions.$inferSelect;

const AUTHORITY_PREFIX = 'SB';

/** Whether `authority` has the shape this bank hands out; anything else is never looked up. */
export function isSandboxAuthority(authority: string): boolean {
  return authority.startsWith(AUTHORITY_PREFIX) && isCapabilityId(authority.slice(AUTHORITY_PREFIX.length));
}

const sandboxBankPath = (authority: string) => `/sandbox-bank/${authority}`;

/**
 * PAYMENT_GATEWAY=sandbox: the built-in simulated bank. It keeps its own book (sandbox_bank_sessions)
 * and answers verify from it, as a real bank would: only a payment made on its page
 * (/sandbox-bank/{authority}) is paid, whatever the callback says.
 */
export function createSandboxGateway(db: Db): PaymentGateway {
  return {
    name: 'sandbox',
    minimumAmount: GATEWAY_MINIMUM_RIALS.sandbox,
    async request({ amount, description, callbackUrl }) {
      // As Zarinpal does: a smaller payment is refused at the bank, not silently taken.
      if (amount < GATEWAY_MINIMUM_RIALS.sandbox) throw new GatewayError(`the sandbox bank takes at least ${GATEWAY_MINIMUM_RIALS.sandbox} rials, not ${amount}`);
      const authority = `${AUTHORITY_PREFIX}${newCapabilityId()}`;
      // The simulated bank is part of this site: it returns to the callback's path on the same origin
      // the browser is on, whatever PUBLIC_SITE_URL says (tests run on other ports).
      const callback = new URL(callbackUrl);
      await db.insert(sandboxBankSessions).values({ authority, amount, description, callbackUrl: `${callback.pathname}${callback.search}`, createdAt: new Date() });
      return { authority, redirectUrl: sandboxBankPath(authority) };
    },
    bankUrl: sandboxBankPath,
    async verify({ authority, amount }) {
      const session = await findSandboxSession(db, authority);
      if (!session) return { status: 'failed', code: 'unknown_authority', message: 'the sandbox bank has no such authority' };
      if (session.amount !== amount) return { status: 'failed', code: 'amount_mismatch', message: 'the amount differs from the one requested' };
      if (session.status === 'cancelled') return { status: 'failed', code: 'cancelled', message: 'the payer cancelled at the bank' };
      if (session.status !== 'paid' || !session.refId) return { status: 'failed', code: 'not_paid', message: 'not paid at the bank' };
      if (session.verifiedAt === null) {
        await db.update(sandboxBankSessions).set({ verifiedAt: new Date() }).where(eq(sandboxBankSessions.authority, authority));
      }
      return { status: 'paid', refId: session.refId, cardPan: session.cardPan, alreadyVerified: session.verifiedAt !== null };
    },
  };
}

export async function findSandboxSession(db: Db, authority: string): Promise<SandboxSession | undefined> {
  const [row] = await db.select().from(sandboxBankSessions).where(eq(sandboxBankSessions.authority, authority));
  return row;
}

/** Where the sandbox bank sends the browser back: our callback (a path) with Zarinpal's parameter names. */
export function sandboxReturnUrl(session: SandboxSession, status: 'OK' | 'NOK'): string {
  const url = new URL(session.callbackUrl, 'http://sandbox.invalid');
  url.searchParams.set('Authority', session.authority);
  url.searchParams.set('Status', status);
  return `${url.pathname}${url.search}`;
}

/** The patient paid on the sandbox bank's page (card already checked): pending → paid, once. */
export async function paySandboxSession(db: Db, { authority, cardNumber, now }: { authority: string; cardNumber: string; now: Date }): Promise<SandboxSession | undefined> {
  const refId = String(randomInt(100_000_000, 1_000_000_000)) + String(randomInt(100, 1000));
  const [row] = await db
    .update(sandboxBankSessions)
    .set({ status: 'paid', cardPan: maskCardPan(cardNumber), refId, paidAt: now })
    .where(and(eq(sandboxBankSessions.authority, authority), eq(sandboxBankSessions.status, 'pending')))
    .returning();
  return row;
}

/** The patient pressed cancel at the sandbox bank: pending → cancelled, once. */
export async function cancelSandboxSession(db: Db, authority: string): Promise<SandboxSession | undefined> {
  const [row] = await db
    .update(sandboxBankSessions)
    .set({ status: 'cancelled' })
    .where(and(eq(sandboxBankSessions.authority, authority), eq(sandboxBankSessions.status, 'pending')))
    .returning();
  return row;
}
