import { type Env, env } from '../env.ts';
import { createConsoleProvider } from './console.ts';
import { createKavenegarProvider } from './kavenegar.ts';
import { type SmsProvider, siteHostname } from './provider.ts';

export type { OtpSms, SmsProvider, TextSms } from './provider.ts';

/** The provider `SMS_PROVIDER` names; `parseEnv` has already checked that its settings are there. */
export function createSmsProvider(config: Env): SmsProvider {
  const siteHost = siteHostname(config.PUBLIC_SITE_URL);
  if (config.SMS_PROVIDER === 'kavenegar') {
    return createKavenegarProvider({
      apiKey: config.KAVENEGAR_API_KEY ?? '',
      template: config.KAVENEGAR_TEMPLATE ?? '',
      baseUrl: config.KAVENEGAR_BASE_URL,
      siteHost,
      sender: config.KAVENEGAR_SENDER,
    });
  }
  return createConsoleProvider({ outboxFile: config.SMS_OUTBOX_FILE, siteHost });
}

let provider: SmsProvider | undefined;

/** The process's SMS provider. */
export function smsProvider(): SmsProvider {
  provider ??= createSmsProvider(env());
  return provider;
}
