import type { UpdateProfileInput, User } from '#lib/api/contracts/auth.ts';
import { apiMessages } from '#lib/api/messages.ts';
import { ago, maskPhone, rateLimited, transactionThenRefuse, windowOpensAt } from '../auth/limits.ts';
import { nationalCodePolicy } from '../auth/policy.ts';
import { lockSubjects } from '../auth/repository.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { AppError } from '../errors.ts';
import { accountMessages } from './messages.ts';
import { type Account, insertAccount, insertNationalCodeConflict, NATIONAL_CODE_CONSTRAINT, type NewAccount, recentConflictTimes, updateAccount } from './repository.ts';
import { toUser } from './user.ts';

/** Who sets a national code: the phone logged in (and the account edited), from which address, when. */
export interface Asker {
  phoneNumber: string;
  accountId?: number;
  ip: string;
  now: Date;
}

/** `00******12`, for logs: enough to tell two codes apart, not enough to find the person. */
export const maskNationalCode = (code: string) => `${code.slice(0, 2)}${'*'.repeat(Math.max(0, code.length - 4))}${code.slice(-2)}`;

function nationalCodeConflict(): AppError {
  return new AppError('conflict', accountMessages.nationalCodeTaken, {
    errors: { international_code: [accountMessages.nationalCodeTaken] },
  });
}

/**
 * 429 once the phone or the address has had too many national codes refused as another account's
 * (nationalCodePolicy). Run under their locks (lockSubjects), before the code is looked at, so
 * that the answer tells nothing about it.
 */
async function refuseNationalCodeProbing(db: Db, { phoneNumber, ip, now }: Asker): Promise<void> {
  const { conflictsPerPhone, conflictsPerAddress } = nationalCodePolicy;
  const opensAt = Math.max(
    windowOpensAt(await recentConflictTimes(db, { phoneNumber }, ago(now, conflictsPerPhone.ms), conflictsPerPhone.max), conflictsPerPhone, now),
    windowOpensAt(await recentConflictTimes(db, { ip }, ago(now, conflictsPerAddress.ms), conflictsPerAddress.max), conflictsPerAddress, now),
  );
  if (opensAt) throw rateLimited(accountMessages.nationalCodeWait, opensAt, now);
}

/**
 * Runs `write` in a savepoint of the caller's transaction. When the database refuses the national
 * code as another account's, the refusal is recorded and logged, and the 409 is returned (for
 * transactionThenRefuse to throw once the record is committed).
 */
async function writeNationalCode<T>(db: Db, asker: Asker, internationalCode: string, write: (tx: Db) => Promise<T>): Promise<T | AppError> {
  try {
    return await db.transaction((savepoint) => write(savepoint));
  } catch (error) {
    if (!isUniqueViolation(error, NATIONAL_CODE_CONSTRAINT)) throw error;
    await insertNationalCodeConflict(db, { phoneNumber: asker.phoneNumber, accountId: asker.accountId ?? null, ip: asker.ip, createdAt: asker.now });
    console.warn(
      `National code ${maskNationalCode(internationalCode)} refused: it belongs to another account` +
        ` (phone ${maskPhone(asker.phoneNumber)}${asker.accountId === undefined ? ', registering' : `, account ${asker.accountId}`}, address ${asker.ip})`,
    );
    return nationalCodeConflict();
  }
}

/**
 * Creates an account inside the caller's transaction, which holds the locks of `asker`'s address
 * and phone. Returns the 409 when its national code belongs to another account; throws 429 while
 * the asker may not try national codes.
 */
export async function createAccount(db: Db, values: NewAccount, asker: Asker): Promise<Account | AppError> {
  await refuseNationalCodeProbing(db, asker);
  return writeNationalCode(db, asker, values.internationalCode, (tx) => insertAccount(tx, values));
}

/**
 * Changes the profile of `account` only; 409 when the national code belongs to another account,
 * 429 (whatever the code) when a new national code is asked for after too many such refusals.
 */
export async function updateProfile(db: Db, account: Account, input: UpdateProfileInput, { ip, now }: { ip: string; now: Date }): Promise<User> {
  const asker: Asker = { phoneNumber: account.phoneNumber, accountId: account.id, ip, now };
  return transactionThenRefuse(db, async (tx) => {
    await lockSubjects(tx, { ip, phoneNumber: account.phoneNumber });
    // Keeping one's own national code tells nothing about anyone else's.
    if (input.international_code !== account.internationalCode) await refuseNationalCodeProbing(tx, asker);
    const updated = await writeNationalCode(tx, asker, input.international_code, (savepoint) =>
      updateAccount(savepoint, account.id, {
        firstName: input.first_name,
        lastName: input.last_name,
        internationalCode: input.international_code,
        birthday: input.birthday,
        gender: input.gender,
        updatedAt: now,
      }),
    );
    if (updated instanceof AppError) return updated;
    // The account was deleted after its token was checked.
    if (!updated) return new AppError('unauthenticated', apiMessages.unauthenticated);
    return toUser(updated);
  });
}
