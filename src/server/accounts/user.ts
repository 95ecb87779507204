import type { User } from '#lib/api/contracts/auth.ts';
import type { Account } from './repository.ts';

/** An account row as every API answer shows it (the contract's User); rows never reach the browser as they are. */
export function toUser(account: Account): User {
  return {
    id: account.id,
    first_name: account.firstName,
    last_name: account.lastName,
    full_name: `${account.firstName} ${account.lastName}`,
    international_code: account.internationalCode,
    phone_number: account.phoneNumber,
    birthday: account.birthday,
    gender: account.gender,
    profile_path: account.profilePath,
    wallet: account.walletBalance,
  };
}
