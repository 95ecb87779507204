/** A login code to deliver by SMS. */
export interface OtpSms {
  /** Canonical '09xxxxxxxxx'. */
  to: string;
  /** 5 Latin digits. */
  code: string;
  /** The hostname the patient is on (no port), for the WebOTP line. */
  host: string;
}

/** Sends login codes; `createSmsProvider` picks one from the environment. */
export interface SmsProvider {
  readonly name: 'console' | 'kavenegar';
  /** Resolves once the provider accepted the message; rejects with an SmsError otherwise. */
  sendOtp(sms: OtpSms): Promise<void>;
}

/** The provider failed; the message is safe to log (no API key). */
export class SmsError extends Error {
  override name = 'SmsError';
}

/**
 * The text of a login SMS. Latin digits for the code so that SMS autofill reads it, and the WebOTP
 * line `@host #code` last, which lets the browser offer the code to that site only.
 */
export function otpText({ code, host }: Pick<OtpSms, 'code' | 'host'>): string {
  return `کد ورود شما به پورتال بیمارستان: ${code}\n\n@${host} #${code}`;
}
