import type { APIContext } from 'astro';
import { env } from './env.ts';

/**
 * The caller's IP address, for per-IP limits. Behind a load balancer (`TRUST_PROXY=1`) it is the
 * left-most X-Forwarded-For entry, which the proxy sets; otherwise the socket's address.
 */
export function clientAddress(context: Pick<APIContext, 'request' | 'clientAddress'>): string {
  if (env().TRUST_PROXY === '1') {
    const forwarded = context.request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return context.clientAddress;
  } catch {
    return 'unknown';
  }
}
