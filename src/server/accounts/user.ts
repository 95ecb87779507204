import type { User } from '../../lib/api/types.ts';
import type { Account } from './repository.ts';

export type { User };

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
