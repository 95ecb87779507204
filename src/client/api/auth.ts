import type {
  AddPersonAnswer,
  CheckCodeAnswer,
  PersonInput,
  PhoneAccountsAnswer,
  ProfileFields,
  RegisterAnswer,
  RegisterBody,
  SendCodeAnswer,
  SwitchAccountAnswer,
  User,
  UserAnswer,
} from '#lib/api/contracts/auth.ts';
import { authApi, formApi, plainApi } from './client.ts';

/**
 * The login popup's calls (spec §7). They bypass the global error policy: the popup shows its own
 * Persian messages beside the fields (see describeFailure).
 */
const loginApi = plainApi;

export const sendVerificationCode = (phone_number: string) => loginApi<SendCodeAnswer>('/auth/login/with/phone-number', { body: { phone_number } });

export const checkVerificationCode = (phone_number: string, code: string) => loginApi<CheckCodeAnswer>('/auth/check_verification_code', { body: { code, phone_number } });

export const registerAccount = (fields: RegisterBody) => loginApi<RegisterAnswer>('/auth/register', { body: fields });

/*
 * Another person of the logged-in phone, with the session as the proof (no SMS code). Also outside
 * the global error policy: a dead session (401) is not a logout here but a reason to ask for a code.
 */
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export const fetchPhoneAccounts = (token: string) => loginApi<PhoneAccountsAnswer>('/auth/accounts', { headers: bearer(token) });

export const switchToPerson = (token: string, user_id: number) => loginApi<SwitchAccountAnswer>('/auth/accounts/switch', { headers: bearer(token), body: { user_id } });

export const addPersonToPhone = (token: string, person: PersonInput) => loginApi<AddPersonAnswer>('/auth/accounts/add', { headers: bearer(token), body: person });

export const fetchUserInfo = () => authApi<UserAnswer>('/user/info');

/** Saves the profile (spec §7 body); 422 field errors are left to the form. */
export const updateProfile = (user: User, fields: ProfileFields) =>
  authApi<UserAnswer>('/user/update', { body: { ...fields, full_name: `${fields.first_name} ${fields.last_name}`, phone_number: user.phone_number } }, formApi);
