import * as v from 'valibot';
import { isValidCardNumber } from '#lib/validation/bank.ts';
import { compactDigits } from '#lib/validation/normalize.ts';
import { getDb } from '../db/index.ts';
import { env } from '../env.ts';
import { cancelSandboxSession, findSandboxSession, isSandboxAuthority, paySandboxSession, type SandboxSession, sandboxReturnUrl } from './gateways/sandbox.ts';

/** Whether the built-in simulated bank is in use (PAYMENT_GATEWAY=sandbox): its pages 404 otherwise. */
export function sandboxBankOpen(): boolean {
  return env().PAYMENT_GATEWAY === 'sandbox';
}

const digits = (min: number, max: number, message: string) => v.pipe(v.string(), v.transform(compactDigits), v.regex(new RegExp(`^\\d{${min},${max}}$`), message));

/** The sandbox bank's card form, with a bank's usual rules; Persian digits are accepted. */
export const SandboxCardSchema = v.object({
  card: v.pipe(v.string(), v.transform(compactDigits), v.check(isValidCardNumber, 'شمارهٔ کارت ۱۶ رقمی معتبر نیست')),
  cvv2: digits(3, 4, 'CVV2 سه یا چهار رقم است'),
  month: v.pipe(
    digits(1, 2, 'ماه انقضا را وارد کنید'),
    v.check((m) => Number(m) >= 1 && Number(m) <= 12, 'ماه انقضا بین ۱ و ۱۲ است'),
  ),
  year: digits(2, 2, 'سال انقضا دو رقم است (مثلاً ۰۸)'),
  password: digits(5, 12, 'رمز دوم (پویا) ۵ تا ۱۲ رقم است'),
});

export type SandboxFormErrors = Partial<Record<keyof v.InferOutput<typeof SandboxCardSchema>, string>>;

export type SandboxOutcome = { kind: 'show'; session: SandboxSession; errors?: SandboxFormErrors } | { kind: 'return'; url: string } | { kind: 'missing' };

/**
 * The sandbox bank's page: GET shows the session; POST `action=pay` (with a valid card form) or
 * `action=cancel` settles it once and sends the browser back with Status=OK or NOK.
 */
export async function sandboxBank(authority: string, form: FormData | undefined, now: Date): Promise<SandboxOutcome> {
  const db = await getDb();
  const session = isSandboxAuthority(authority) ? await findSandboxSession(db, authority) : undefined;
  if (!session) return { kind: 'missing' };
  if (!form || session.status !== 'pending') return { kind: 'show', session };
  if (form.get('action') === 'cancel') {
    await cancelSandboxSession(db, authority);
    return { kind: 'return', url: sandboxReturnUrl(session, 'NOK') };
  }
  const fields = Object.fromEntries(['card', 'cvv2', 'month', 'year', 'password'].map((name) => [name, String(form.get(name) ?? '').slice(0, 40)]));
  const result = v.safeParse(SandboxCardSchema, fields);
  if (!result.success) {
    const errors: SandboxFormErrors = {};
    for (const issue of result.issues) {
      const key = issue.path?.[0]?.key as keyof SandboxFormErrors | undefined;
      if (key && !errors[key]) errors[key] = issue.message;
    }
    return { kind: 'show', session, errors };
  }
  await paySandboxSession(db, { authority, cardNumber: result.output.card, now });
  return { kind: 'return', url: sandboxReturnUrl(session, 'OK') };
}
