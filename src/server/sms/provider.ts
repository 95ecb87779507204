/** A login code to deliver by SMS. */
export interface OtpSms {
  /** Canonical '09xxxxxxxxx'. */
  to: string;
  /** 5 Latin digits. */
  code: string;
}

/** A plain message (a receipt, a notice): sent as it is, from the provider's ordinary line. */
export interface TextSms {
  /** Canonical '09xxxxxxxxx'. */
  to: string;
  text: string;
}

/** Sends login codes and plain messages; `createSmsProvider` picks one from the environment. */
export interface SmsProvider {
  readonly name: 'console' | 'kavenegar';
  /** Resolves once the provider accepted the message; rejects with an SmsError otherwise. */
  sendOtp(sms: OtpSms): Promise<void>;
  /** Resolves once the provider accepted the message; rejects with an SmsError otherwise. */
  sendText(sms: TextSms): Promise<void>;
}

/** The provider failed; the message is safe to log (no API key). */
export class SmsError extends Error {
  override name = 'SmsError';
}

/**
 * The hostname for the WebOTP line: the configured public origin's (PUBLIC_SITE_URL), never the
 * request's Host header, which the client chooses.
 */
export function siteHostname(publicSiteUrl: string): string {
  return new URL(publicSiteUrl).hostname;
}

/**
 * The text of a login SMS. Latin digits for the code so that SMS autofill reads it, and the WebOTP
 * line `@host #code` last, which lets the browser offer the code to that site only.
 */
export function otpText({ code }: Pick<OtpSms, 'code'>, host: string): string {
  return `کد ورود شما به پورتال بیمارستان: ${code}\n\n@${host} #${code}`;
}
