import { maskPhone } from '../auth/limits.ts';
import { smsProvider } from './index.ts';
import type { SmsProvider } from './provider.ts';

/**
 * Sends a plain message (a receipt, a notice) and never fails: a provider's refusal or an outage is
 * logged and swallowed, because a message about money must not undo or fail the money operation it
 * reports. Resolves once the attempt is over. `provider` defaults to the process's provider.
 */
export async function notify(to: string, text: string, provider?: SmsProvider): Promise<void> {
  try {
    await (provider ?? smsProvider()).sendText({ to, text });
  } catch (error) {
    console.error(`SMS to ${maskPhone(to)} was not sent: ${error instanceof Error ? error.message : String(error)}`);
  }
}
