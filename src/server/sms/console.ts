import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { otpText, type SmsProvider } from './provider.ts';

/** One line of the outbox file. */
export interface OutboxLine {
  to: string;
  text: string;
  /** ISO 8601, UTC. */
  at: string;
}

/**
 * For development and tests: appends each message as a JSON line `{to, text, at}` to `outboxFile`
 * and logs it. Nothing reaches a phone. `siteHost` is named in the WebOTP line.
 */
export function createConsoleProvider({ outboxFile, siteHost, log = console.log }: { outboxFile: string; siteHost: string; log?: (line: string) => void }): SmsProvider {
  let ready: Promise<unknown> | undefined;
  const deliver = async (to: string, text: string) => {
    const line: OutboxLine = { to, text, at: new Date().toISOString() };
    ready ??= mkdir(path.dirname(outboxFile), { recursive: true });
    await ready;
    await appendFile(outboxFile, `${JSON.stringify(line)}\n`);
    log(`SMS (console provider): ${JSON.stringify(line)}`);
  };
  return {
    name: 'console',
    sendOtp: (sms) => deliver(sms.to, otpText(sms, siteHost)),
    sendText: (sms) => deliver(sms.to, sms.text),
  };
}
