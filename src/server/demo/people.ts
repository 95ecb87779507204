/** The demo's fictional patients besides the demo patient (the visit day's queue, the full doctor's bookings). */
import { findAccountByNationalCode, insertAccount, NATIONAL_CODE_CONSTRAINT } from '../accounts/repository.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';

const MINUTE = 60_000;

/** The other patients of the demo day: fictional names, phones and (valid) national codes. */
export const DEMO_OTHERS = [
  { firstName: 'مریم', lastName: 'کاظمی', phoneNumber: '09120000001', internationalCode: '0000001015', birthday: '1988-05-02', gender: 'female' as const },
  { firstName: 'رضا', lastName: 'محمدی', phoneNumber: '09120000002', internationalCode: '0000001112', birthday: '1979-11-20', gender: 'male' as const },
  { firstName: 'زهرا', lastName: 'حسینی', phoneNumber: '09120000003', internationalCode: '0000001201', birthday: '1995-01-14', gender: 'female' as const },
  { firstName: 'علی', lastName: 'رضایی', phoneNumber: '09120000004', internationalCode: '0000001309', birthday: '1969-07-30', gender: 'male' as const },
];

/** The fictional patient's account, made on first use. */
export async function demoAccount(db: Db, person: (typeof DEMO_OTHERS)[number], now: Date): Promise<{ id: number; firstName: string; lastName: string }> {
  const existing = await findAccountByNationalCode(db, person.internationalCode);
  if (existing) return existing;
  const made = await insertAccount(db, { ...person, createdAt: new Date(now.getTime() - 30 * 24 * 60 * MINUTE), updatedAt: now }).catch((error: unknown) => {
    if (isUniqueViolation(error, NATIONAL_CODE_CONSTRAINT)) return undefined;
    throw error;
  });
  return made ?? (await findAccountByNationalCode(db, person.internationalCode))!;
}
