import { apiMessages } from '../../lib/api/messages.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { AppError } from '../errors.ts';
import { accountMessages } from './messages.ts';
import {
  insertAccount,
  NATIONAL_CODE_CONSTRAINT,
  updateAccount,
  type Account,
  type NewAccount,
} from './repository.ts';
import type { UpdateProfileInput } from './schema.ts';
import { toUser, type User } from './user.ts';

function nationalCodeConflict(): AppError {
  return new AppError('conflict', accountMessages.nationalCodeTaken, {
    errors: { international_code: [accountMessages.nationalCodeTaken] },
  });
}

/** Runs `write`, turning the database's national-code unique violation into the 409. */
async function guardNationalCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, NATIONAL_CODE_CONSTRAINT)) throw nationalCodeConflict();
    throw error;
  }
}

/** Creates an account; 409 when its national code belongs to another account. */
export async function createAccount(db: Db, values: NewAccount): Promise<Account> {
  return guardNationalCode(() => insertAccount(db, values));
}

/** Changes the profile of `accountId` only; 409 when the national code belongs to another account. */
export async function updateProfile(db: Db, accountId: number, input: UpdateProfileInput, now: Date): Promise<User> {
  const account = await guardNationalCode(() =>
    updateAccount(db, accountId, {
      firstName: input.first_name,
      lastName: input.last_name,
      internationalCode: input.international_code,
      birthday: input.birthday,
      gender: input.gender,
      updatedAt: now,
    }),
  );
  // The account was deleted after its token was checked.
  if (!account) throw new AppError('unauthenticated', apiMessages.unauthenticated);
  return toUser(account);
}
