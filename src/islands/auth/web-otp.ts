/** The WebOTP API (Chrome on Android): reads the code from the SMS whose last line is `@host #code`. */
interface OtpCredential extends Credential {
  code: string;
}

export function webOtpSupported(): boolean {
  return typeof window !== 'undefined' && 'OTPCredential' in window;
}

/** Resolves with the SMS code, or undefined when unsupported, refused or aborted. */
export async function readSmsCode(signal: AbortSignal): Promise<string | undefined> {
  if (!webOtpSupported()) return undefined;
  try {
    const credential = (await navigator.credentials.get({ otp: { transport: ['sms'] }, signal } as CredentialRequestOptions)) as OtpCredential | null;
    return credential?.code;
  } catch {
    return undefined;
  }
}
