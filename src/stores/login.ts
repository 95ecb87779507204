import { atom, map } from 'nanostores';
import { $phoneAccountCount, $token, $user, login } from '#client/state/auth.ts';
import { $loginCode, forgetLoginCode, type LoginPurpose, liveLoginCode, rememberSentCode, updateLoginCode } from '#client/state/login-code.ts';
import { closeAllModals, openModal, openOnlyModal } from '#client/state/modals.ts';
import { notify } from '#client/toasts.ts';
import type { LoginEntry, RegisterBody, User } from '#lib/api/contracts/auth.ts';
import type { Failure } from '#lib/api/failure.ts';

export { RESEND_SECONDS } from '#client/state/login-code.ts';

// The calls and the reading of their failures (with the HTTP client under them) load on the first
// step that sends something: the popup opens by itself on every account page, and a visitor who only
// looks at it downloads none of them.
const authCalls = () => import('#client/api/auth.ts');
const failures = () => import('#lib/api/failure.ts');

/** The login form (spec §3), shared by the four steps of the popup: what registration sends. */
export type LoginForm = RegisterBody;

const emptyForm: LoginForm = { phone_number: '', code: '', first_name: '', last_name: '', international_code: '', gender: 'female' };

export const $loginForm = map<LoginForm>({ ...emptyForm });
/** Spec §4: a request is in flight; buttons and the code input are disabled. */
export const $loginLoading = atom(false);
/** The last failure, shown in the step that caused it. */
export const $loginFailure = atom<Failure | undefined>(undefined);
/**
 * One person in the picker: with the token a code check issued for them, or (listed with the
 * session, «تغییر فرد») without one, to be switched to through the server.
 */
export interface AccountChoice {
  user: User;
  token?: string;
}

/** The phone's accounts, for the picker. */
export const $loginAccounts = atom<AccountChoice[]>([]);
/**
 * Whom the registration step registers: the phone's first account («اولین بار…»), or another
 * person under a phone that already has one (a family member).
 */
export const $registering = atom<'first' | 'another'>('first');

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
    const failure = (await failures()).describeFailure(error);
    $loginFailure.set(failure);
    if (failure.retryAfter) updateLoginCode({ resendAt: Date.now() + failure.retryAfter * 1000 });
    return undefined;
  } finally {
    $loginLoading.set(false);
  }
}

/** Phone step: sends the code, then the code step opens. */
export async function requestCode(phone: string): Promise<boolean> {
  const sent = await run(async () => (await authCalls()).sendVerificationCode(phone));
  if (!sent) return false;
  $loginForm.setKey('phone_number', phone);
  $loginForm.setKey('code', '');
  rememberSentCode(phone, 'login');
  openOnlyModal('login-code');
  return true;
}

/** Code step: «ارسال دوباره کد». */
export async function resendCode(): Promise<boolean> {
  const pending = $loginCode.get();
  if (!pending) return false;
  const sent = await run(async () => (await authCalls()).sendVerificationCode(pending.phone));
  if (sent) rememberSentCode(pending.phone, pending.purpose);
  return Boolean(sent);
}

/**
 * User menu, logged in: «افزودن فرد دیگر» or «تغییر فرد». The session proves the phone (decision
 * 020): adding opens the registration step, switching lists the phone's people, and neither sends
 * a code. Only when the session has ended does the popup ask for a code (askForCode).
 */
export async function startPersonFlow(purpose: Exclude<LoginPurpose, 'login'>): Promise<void> {
  const phone = $user.get()?.phone_number;
  if (!phone || !$token.get()) return;
  clearLoginForm();
  $loginForm.setKey('phone_number', phone);
  // A code already sent for this because the session had ended: the step waits for it.
  const live = liveLoginCode();
  if (live?.phone === phone) {
    updateLoginCode({ purpose });
    openOnlyModal('login-code');
    return;
  }
  if (purpose === 'add-person') {
    $registering.set('another');
    openOnlyModal('login-register');
    return;
  }
  openOnlyModal('login-accounts');
  await loadPhoneAccounts();
}

/** Accounts step, from «تغییر فرد»: the phone's people, listed with the session. */
export async function loadPhoneAccounts(): Promise<void> {
  const token = $token.get();
  if (!token) return;
  const answer = await withSession('switch-person', async () => (await authCalls()).fetchPhoneAccounts(token));
  if (!answer) return;
  $loginAccounts.set(answer.data.map((user) => ({ user })));
  $phoneAccountCount.set(answer.data.length);
}

/**
 * Runs a call that the session proves; when the session has ended (401), the phone must be proved
 * again: the code step opens for `purpose`.
 */
async function withSession<T>(purpose: Exclude<LoginPurpose, 'login'>, call: () => Promise<T>): Promise<T | undefined> {
  const answer = await run(call);
  if (answer === undefined && $loginFailure.get()?.status === 401) await askForCode(purpose);
  return answer;
}

/**
 * The code step for the logged-in phone, and a code sent to it. When the send is refused (the wait
 * between two codes), the step says that no code was sent and counts down to «ارسال کد».
 */
async function askForCode(purpose: Exclude<LoginPurpose, 'login'>): Promise<void> {
  const phone = $loginForm.get().phone_number || $user.get()?.phone_number;
  if (!phone) return;
  const previous = $loginCode.get();
  $loginCode.set({ phone, purpose, sentAt: 0, resendAt: previous?.phone === phone ? previous.resendAt : 0, open: true, sessionEnded: true });
  openOnlyModal('login-code');
  const sent = await run(async () => (await authCalls()).sendVerificationCode(phone));
  if (sent) rememberSentCode(phone, purpose);
}

/**
 * Code step (spec §4): one account → logged in; several → the account picker; none → registration.
 * From the user menu: «افزودن فرد دیگر» goes to registration, «تغییر فرد» to the picker.
 */
export async function verifyCode(code: string): Promise<boolean> {
  const pending = $loginCode.get();
  const phone_number = pending?.phone ?? $loginForm.get().phone_number;
  const purpose = pending?.purpose ?? 'login';
  const answer = await run(async () => (await authCalls()).checkVerificationCode(phone_number, code));
  if (!answer) return false;
  // The code is used up; what follows rides on the registration window and the tokens just issued.
  forgetLoginCode();
  $loginForm.setKey('phone_number', phone_number);
  $loginForm.setKey('code', code);
  $loginAccounts.set(answer.register ? answer.data : []);
  if (answer.register) $phoneAccountCount.set(answer.data.length);
  if (purpose === 'add-person' || !answer.register) {
    $registering.set(answer.register ? 'another' : 'first');
    openOnlyModal('login-register');
  } else if (answer.data.length === 1 && purpose === 'login') {
    void pickAccount(answer.data[0]!);
  } else {
    openOnlyModal('login-accounts');
  }
  return true;
}

/**
 * Registration step: creates the account (or a family member's under the same phone) and logs in
 * as them. With a checked code in the form, through registration (spec §7); without one (a person
 * added from the user menu), with the session.
 */
export async function completeRegistration(fields: Pick<LoginForm, 'first_name' | 'last_name' | 'international_code' | 'gender'>): Promise<boolean> {
  const { phone_number, code } = $loginForm.get();
  const token = $token.get();
  let entry: LoginEntry;
  if (!code && token) {
    // Kept, so that the form is filled again after a code, should the session have ended.
    $loginForm.set({ ...$loginForm.get(), ...fields });
    const answer = await withSession('add-person', async () => (await authCalls()).addPersonToPhone(token, fields));
    if (!answer) return false;
    $phoneAccountCount.set(answer.accounts);
    entry = answer.data;
    login(entry.user, entry.token, { traded: true });
  } else {
    const answer = await run(async () => (await authCalls()).registerAccount({ phone_number, code, ...fields }));
    if (!answer) return false;
    $phoneAccountCount.set($loginAccounts.get().length + 1);
    entry = answer.data;
    login(entry.user, entry.token);
  }
  const another = $registering.get() === 'another';
  closeAllModals();
  clearLoginForm();
  // Logging in as the new person is what the picker's «افزودن فرد دیگر» always did; say it, since the header's name changes.
  if (another) notify.success(`${entry.user.full_name} افزوده شد و اکنون با حساب او وارد شده‌اید.`);
  return true;
}

/** Account picker: logs in with that account (switching with the session when the choice has no token). */
export async function pickAccount(choice: AccountChoice): Promise<void> {
  if (choice.token) {
    login(choice.user, choice.token);
  } else if (choice.user.id !== $user.get()?.id) {
    const token = $token.get();
    const answer = token ? await withSession('switch-person', async () => (await authCalls()).switchToPerson(token, choice.user.id)) : undefined;
    if (!answer) return;
    login(answer.data.user, answer.data.token, { traded: true });
  }
  closeAllModals();
  clearLoginForm();
}

/** Account picker: «افزودن فرد دیگر» registers another person under the same phone. */
export function addAnotherPerson(): void {
  $loginForm.set({ ...$loginForm.get(), first_name: '', last_name: '', international_code: '', gender: 'female' });
  $loginFailure.set(undefined);
  $registering.set('another');
  openModal('login-register');
}

/** Code step: «ویرایش شماره» closes everything and reopens the phone step. */
export function editNumber(): void {
  $loginFailure.set(undefined);
  $loginForm.setKey('phone_number', $loginCode.get()?.phone ?? $loginForm.get().phone_number);
  forgetLoginCode();
  closeAllModals();
  openOnlyModal('login-phone');
}

/** Close button, Escape, and «انصراف» on registration: clears the form and closes the popup (a sent code is kept, see login-code.ts). */
export function cancelLogin(): void {
  clearLoginForm();
  closeAllModals();
}
