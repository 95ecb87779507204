import { SmsError, type SmsProvider } from './provider.ts';

export interface KavenegarOptions {
  apiKey: string;
  /** A verify/lookup template of the Kavenegar panel; see SECURITY.md for its text. */
  template: string;
  /** https://api.kavenegar.com; tests point it at a local fake. */
  baseUrl: string;
  /** The portal's hostname, sent as `%token2` for the WebOTP line. */
  siteHost: string;
  /** The line plain messages are sent from (KAVENEGAR_SENDER); unset: the account's default line. */
  sender?: string | undefined;
  timeoutMs?: number;
}

interface KavenegarAnswer {
  return?: { status?: unknown; message?: unknown };
}

/**
 * Sends login codes through Kavenegar's verify/lookup API: the text is the panel's template, with
 * `%token` = the code and `%token2` = the portal's hostname (`siteHost`) for the WebOTP line; plain
 * messages (receipts) go through sms/send from `sender`. Kavenegar puts the API key in the URL path,
 * so every error message is scrubbed of it before it leaves this module.
 */
export function createKavenegarProvider({ apiKey, template, baseUrl, siteHost, sender, timeoutMs = 10_000 }: KavenegarOptions): SmsProvider {
  const encodedKey = encodeURIComponent(apiKey);
  const base = `${baseUrl.replace(/\/+$/, '')}/v1/${encodedKey}`;
  const redact = (text: string) => text.replaceAll(apiKey, '***').replaceAll(encodedKey, '***');

  /** Posts `fields` to `{base}/{method}`; resolves when Kavenegar answers status 200, else throws an SmsError. */
  async function call(method: string, fields: Record<string, string>): Promise<void> {
    let response: Response;
    try {
      response = await fetch(`${base}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(fields),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
      const detail = [(error as Error).message, cause?.code ?? cause?.message].filter(Boolean).join(': ');
      throw new SmsError(redact(`Kavenegar could not be reached (${detail})`));
    }
    const text = await response.text().catch(() => '');
    let answer: KavenegarAnswer = {};
    try {
      answer = JSON.parse(text) as KavenegarAnswer;
    } catch {
      // Not JSON (a proxy's error page): reported below by the HTTP status.
    }
    const status = answer.return?.status;
    if (!response.ok || status !== 200) {
      const message = typeof answer.return?.message === 'string' ? answer.return.message : text.slice(0, 200);
      throw new SmsError(redact(`Kavenegar refused the message: HTTP ${response.status}, status ${String(status)}: ${message}`));
    }
  }

  return {
    name: 'kavenegar',
    sendOtp: ({ to, code }) => call('verify/lookup.json', { receptor: to, token: code, token2: siteHost, template }),
    sendText: ({ to, text }) => call('sms/send.json', { receptor: to, message: text, ...(sender ? { sender } : {}) }),
  };
}
