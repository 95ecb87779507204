import type { Env } from '../../env.ts';
import type { PaymentGateway } from '../gateway.ts';
import { createZarinpalGateway, zarinpalBaseUrl } from './zarinpal.ts';

/**
 * The gateway PAYMENT_GATEWAY names: Zarinpal, configured from the environment (`parseEnv` has
 * checked that ZARINPAL_MERCHANT_ID is there), or the built-in sandbox bank, which `deps.sandbox`
 * builds (it needs the database).
 */
export function createGateway(config: Env, deps: { sandbox: () => PaymentGateway }): PaymentGateway {
  if (config.PAYMENT_GATEWAY === 'zarinpal') {
    return createZarinpalGateway({ merchantId: config.ZARINPAL_MERCHANT_ID ?? '', baseUrl: zarinpalBaseUrl(config) });
  }
  return deps.sandbox();
}
