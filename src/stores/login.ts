import { atom, map } from 'nanostores';
import {
  checkVerificationCode,
  registerAccount,
  sendVerificationCode,
  type AccountEntry,
  type RegisterFields,
} from '../lib/api/auth.ts';
import { describeFailure, type Failure } from '../lib/api/failure.ts';
import { login } from './auth.ts';
import { closeAllModals, openModal, openOnlyModal } from './modals.ts';

/** The login form (spec §3), shared by the four steps of the popup: what registration sends. */
export type LoginForm = RegisterFields;

const emptyForm: LoginForm = { phone_number: '', code: '', first_name: '', last_name: '', international_code: '', gender: 'female' };

export const $loginForm = map<LoginForm>({ ...emptyForm });
/** Spec §4: a request is in flight; buttons and the code input are disabled. */
export const $loginLoading = atom(false);
/** The last failure, shown in the step that caused it. */
export const $loginFailure = atom<Failure | undefined>(undefined);
/** The phone's accounts, for the picker. */
export const $loginAccounts = atom<AccountEntry[]>([]);
/** When the next code may be asked for (epoch ms). */
export const $resendAt = atom(0);

/** Seconds between two codes to one phone (the server enforces it too). */
export const RESEND_SECONDS = 60;

export function clearLoginForm(): void {
  $loginForm.set({ ...emptyForm });
  $loginAccounts.set([]);
  $loginFailure.set(undefined);
}

async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
  $loginLoading.set(true);
  $loginFailure.set(undefined);
  try {
    return await call();
  } catch (error) {
    const failure = describeFailure(error);
    $loginFailure.set(failure);
    if (failure.retryAfter) $resendAt.set(Date.now() + failure.retryAfter * 1000);
    return undefined;
  } finally {
    $loginLoading.set(false);
  }
}

/** Phone step: sends the code, then the code step opens. */
export async function requestCode(phone: string): Promise<boolean> {
  const sent = await run(() => sendVerificationCode(phone));
  if (!sent) return false;
  $loginForm.setKey('phone_number', phone);
  $loginForm.setKey('code', '');
  $resendAt.set(Date.now() + RESEND_SECONDS * 1000);
  openOnlyModal('login-code');
  return true;
}

/** Code step: «ارسال دوباره کد». */
export async function resendCode(): Promise<boolean> {
  const sent = await run(() => sendVerificationCode($loginForm.get().phone_number));
  if (sent) $resendAt.set(Date.now() + RESEND_SECONDS * 1000);
  return Boolean(sent);
}

/**
 * Code step (spec §4): one account → logged in; several → the account picker; none → registration.
 */
export async function verifyCode(code: string): Promise<boolean> {
  const { phone_number } = $loginForm.get();
  const answer = await run(() => checkVerificationCode(phone_number, code));
  if (!answer) return false;
  $loginForm.setKey('code', code);
  if (!answer.register) {
    openOnlyModal('login-register');
  } else if (answer.data.length === 1) {
    pickAccount(answer.data[0]!);
  } else {
    $loginAccounts.set(answer.data);
    openOnlyModal('login-accounts');
  }
  return true;
}

/** Registration step: creates the account (or a family member's under the same phone) and logs in. */
export async function completeRegistration(fields: Pick<LoginForm, 'first_name' | 'last_name' | 'international_code' | 'gender'>): Promise<boolean> {
  const { phone_number, code } = $loginForm.get();
  const answer = await run(() => registerAccount({ phone_number, code, ...fields }));
  if (!answer) return false;
  login(answer.data.user, answer.data.token);
  closeAllModals();
  clearLoginForm();
  return true;
}

/** Account picker: logs in with that account. */
export function pickAccount(entry: AccountEntry): void {
  login(entry.user, entry.token);
  closeAllModals();
  clearLoginForm();
}

/** Account picker: «افزودن فرد دیگر» registers another person under the same phone. */
export function addAnotherPerson(): void {
  $loginForm.set({ ...$loginForm.get(), first_name: '', last_name: '', international_code: '', gender: 'female' });
  $loginFailure.set(undefined);
  openModal('login-register');
}

/** Code step: «ویرایش شماره» closes everything and reopens the phone step. */
export function editNumber(): void {
  $loginFailure.set(undefined);
  closeAllModals();
  openOnlyModal('login-phone');
}

/** Registration step: «انصراف» clears the form and closes the popup. */
export function cancelLogin(): void {
  clearLoginForm();
  closeAllModals();
}
