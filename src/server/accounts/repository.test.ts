import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { insertAccount, listAccountsOfPhone, NATIONAL_CODE_CONSTRAINT, updateAccount } from './repository.ts';

const account = {
  phoneNumber: '09121234567',
  firstName: 'مریم',
  lastName: 'احمدی',
  internationalCode: '0499370899',
  gender: 'female' as const,
};

describeEachDatabase('accounts repository', (database) => {
  it('starts a wallet at zero rials and lists a phone’s accounts in creation order', async () => {
    const first = await insertAccount(database().db, account);
    const second = await insertAccount(database().db, { ...account, internationalCode: '0013542419', firstName: 'سارا' });
    expect(first.walletBalance).toBe(0);
    expect((await listAccountsOfPhone(database().db, account.phoneNumber)).map((a) => a.id)).toEqual([first.id, second.id]);
  });

  it('refuses a second account with the same national code, at the database, recognisably', async () => {
    const error = await insertAccount(database().db, { ...account, phoneNumber: '09351234567' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error, NATIONAL_CODE_CONSTRAINT)).toBe(true);
    expect(isUniqueViolation(error, 'some_other_constraint')).toBe(false);
  });

  it('never lets a gender outside the two', async () => {
    const [row] = await listAccountsOfPhone(database().db, account.phoneNumber);
    const changes = { firstName: row!.firstName, lastName: row!.lastName, internationalCode: row!.internationalCode, birthday: null, gender: row!.gender };
    await expect(updateAccount(database().db, row!.id, { ...changes, gender: 'other' as 'male' })).rejects.toThrow();
  });
});
