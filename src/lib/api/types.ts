/** Shapes of the API's answers (spec §3, §7), shared by the server that sends them and the browser. */

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
