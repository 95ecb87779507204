import type { User } from '../../stores/auth.ts';
import { authApi, formApi, plainApi } from './client.ts';

export interface AccountEntry {
  token: string;
  user: User;
}

export interface RegisterFields {
  phone_number: string;
  code: string;
  first_name: string;
  last_name: string;
  international_code: string;
  gender: 'male' | 'female';
}

export interface ProfileFields {
  first_name: string;
  last_name: string;
  international_code: string;
  birthday: string | null;
  gender: 'male' | 'female';
}

/**
 * The login popup's calls (spec §7). They bypass the global error policy: the popup shows its own
 * Persian messages beside the fields (see describeFailure).
 */
const loginApi = plainApi;

export const sendVerificationCode = (phone_number: string) =>
  loginApi<{ success: boolean; message?: string }>('/auth/login/with/phone-number', { body: { phone_number } });

export const checkVerificationCode = (phone_number: string, code: string) =>
  loginApi<{ success: boolean; register: boolean; data: AccountEntry[] }>('/auth/check_verification_code', { body: { code, phone_number } });

export const registerAccount = (fields: RegisterFields) =>
  loginApi<{ success: boolean; data: AccountEntry }>('/auth/register', { body: fields });

export const fetchUserInfo = () => authApi<{ success: boolean; user: User }>('/user/info');

/** Saves the profile (spec §7 body); 422 field errors are left to the form. */
export const updateProfile = (user: User, fields: ProfileFields) =>
  authApi<{ success: boolean; user: User; message?: string }>(
    '/user/update',
    { body: { ...fields, full_name: `${fields.first_name} ${fields.last_name}`, phone_number: user.phone_number } },
    formApi,
  );
