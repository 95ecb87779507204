import type { Env } from '../../env.ts';
import { GATEWAY_MINIMUM_RIALS, GatewayError, type GatewayRequest, type GatewayStart, type GatewayVerification, maskCardPan, type PaymentGateway } from '../gateway.ts';

export interface ZarinpalOptions {
  /** The merchant id (ZARINPAL_MERCHANT_ID); sent in request bodies only, never in a message. */
  merchantId: string;
  /** https://payment.zarinpal.com, https://sandbox.zarinpal.com, or a local fake in tests. */
  baseUrl: string;
  /** How long one call to Zarinpal may take before it counts as unreachable. */
  timeoutMs?: number;
}

/** ZARINPAL_BASE_URL when set; else Zarinpal's sandbox with ZARINPAL_SANDBOX=1; else the real gateway. */
export function zarinpalBaseUrl(config: Pick<Env, 'ZARINPAL_BASE_URL' | 'ZARINPAL_SANDBOX'>): string {
  if (config.ZARINPAL_BASE_URL) return config.ZARINPAL_BASE_URL.replace(/\/+$/, '');
  return config.ZARINPAL_SANDBOX === '1' ? 'https://sandbox.zarinpal.com' : 'https://payment.zarinpal.com';
}

/** The fields of Zarinpal's answers that the adapter reads; everything else is ignored. */
interface ZarinpalBody {
  /** An object on success; an empty array when `errors` says what went wrong. */
  data?: { code?: unknown; message?: unknown; authority?: unknown; ref_id?: unknown; card_pan?: unknown } | unknown[];
  /** `{code, message, validations}` on failure; an empty array on success. */
  errors?: { code?: unknown; message?: unknown; validations?: unknown } | unknown[];
}

/** What one call came to: Zarinpal's code and message, or why there is no answer to read; messages without the merchant id. */
type CallResult = { answered: true; code: number; message: string; data: Exclude<ZarinpalBody['data'], unknown[] | undefined> } | { answered: false; message: string };

/** Zarinpal's "too many attempts, try again later": no verdict on the payment. */
const RATE_LIMITED = -12;

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The Zarinpal gateway, REST API v4 (https://www.zarinpal.com/docs/paymentGateway/): amounts are sent
 * in rials (`currency: "IRR"`), the browser goes to `{base}/pg/StartPay/{authority}` and comes back to
 * the callback URL with `Authority` and `Status=OK|NOK`. Messages that leave this module never carry
 * the merchant id.
 */
export function createZarinpalGateway({ merchantId, baseUrl, timeoutMs = 15_000 }: ZarinpalOptions): PaymentGateway {
  const base = baseUrl.replace(/\/+$/, '');
  const startPayUrl = (authority: string) => `${base}/pg/StartPay/${encodeURIComponent(authority)}`;
  const redact = (text: string) => (merchantId ? text.replaceAll(merchantId, '***') : text);

  async function call(method: 'request' | 'verify', body: Record<string, unknown>): Promise<CallResult> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}/pg/v4/payment/${method}.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ merchant_id: merchantId, ...body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
      const detail = [(error as Error).name, (error as Error).message, cause?.code ?? cause?.message].filter(Boolean).join(': ');
      return { answered: false, message: redact(`Zarinpal ${method} could not be reached (${detail})`) };
    }
    if (response.status >= 500) return { answered: false, message: `Zarinpal ${method} answered HTTP ${response.status}` };
    let parsed: ZarinpalBody;
    try {
      parsed = JSON.parse(text) as ZarinpalBody;
    } catch {
      return { answered: false, message: `Zarinpal ${method} answered HTTP ${response.status} with something other than JSON` };
    }
    // Zarinpal answers a refusal with `errors` (and an empty `data`), whatever the HTTP status below 500.
    const data = parsed?.data && !Array.isArray(parsed.data) ? parsed.data : {};
    const errors = parsed?.errors && !Array.isArray(parsed.errors) ? parsed.errors : {};
    const code = typeof data.code === 'number' ? data.code : errors.code;
    if (typeof code !== 'number' || !Number.isInteger(code)) {
      return { answered: false, message: `Zarinpal ${method} answered HTTP ${response.status} without a result code` };
    }
    // Zarinpal's validation errors name the offending fields; worth having in the log.
    const validations = Array.isArray(errors.validations) && errors.validations.length > 0 ? ` ${redact(JSON.stringify(errors.validations)).slice(0, 300)}` : '';
    return { answered: true, code, message: `${redact(asText(data.message) || asText(errors.message))}${validations}`, data };
  }

  return {
    name: 'zarinpal',
    minimumAmount: GATEWAY_MINIMUM_RIALS.zarinpal,

    async request(payment: GatewayRequest): Promise<GatewayStart> {
      const result = await call('request', {
        amount: payment.amount,
        currency: 'IRR',
        description: payment.description,
        callback_url: payment.callbackUrl,
        ...(payment.mobile ? { metadata: { mobile: payment.mobile } } : {}),
      });
      if (!result.answered) throw new GatewayError(result.message);
      if (result.code !== 100) throw new GatewayError(`Zarinpal refused the payment request: code ${result.code}: ${result.message}`);
      const authority = asText(result.data.authority);
      if (!/^[A-Za-z0-9]{1,64}$/.test(authority)) throw new GatewayError('Zarinpal accepted the payment request without a usable authority');
      return { authority, redirectUrl: startPayUrl(authority) };
    },

    bankUrl: (authority: string) => startPayUrl(authority),

    async verify({ authority, amount }): Promise<GatewayVerification> {
      const result = await call('verify', { amount, authority });
      if (!result.answered) return { status: 'unknown', message: result.message };
      if (result.code === 100 || result.code === 101) {
        const { ref_id: refId, card_pan: cardPan } = result.data;
        return {
          status: 'paid',
          refId: typeof refId === 'number' || typeof refId === 'string' ? String(refId) : '',
          cardPan: typeof cardPan === 'string' && cardPan !== '' ? maskCardPan(cardPan) : null,
          alreadyVerified: result.code === 101,
        };
      }
      const message = `Zarinpal verify: code ${result.code}: ${result.message}`;
      // Rate limiting says nothing about the payment; asking again later gets the real answer.
      if (result.code === RATE_LIMITED) return { status: 'unknown', message };
      return { status: 'failed', code: String(result.code), message };
    },
  };
}
