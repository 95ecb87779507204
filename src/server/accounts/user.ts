import type { Account } from './repository.ts';

/** An account as the API shows it (spec §3 User); the same shape in every answer. */
export interface User {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  /** National code, 10 Latin digits. */
  international_code: string;
  /** '09xxxxxxxxx' */
  phone_number: string;
  /** Gregorian 'YYYY-MM-DD'. */
  birthday: string | null;
  gender: 'male' | 'female';
  profile_path: string | null;
  /** Wallet balance in rials. */
  wallet: number;
}

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
