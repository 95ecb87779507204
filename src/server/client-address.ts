import { isIP } from 'node:net';
import type { APIContext } from 'astro';
import { env } from './env.ts';

/**
 * The client's address among the `X-Forwarded-For` entries and the socket's address, given how
 * many proxies in front of us append to that header (`TRUST_PROXY`). Each trusted proxy appends
 * the address it saw, so the client is `hops` places from the right; everything left of it came
 * from the client and may be forged (as Express's `trust proxy = <n>` does).
 */
export function addressBehindProxies(socketAddress: string, forwardedFor: string | null, hops: number): string {
  if (hops <= 0) return socketAddress;
  const chain = [
    ...(forwardedFor ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    socketAddress,
  ];
  const candidate = chain[Math.max(0, chain.length - 1 - hops)]!;
  return isIP(candidate) ? candidate : socketAddress;
}

/** The caller's IP address, for per-address limits (see `addressBehindProxies`). */
export function clientAddress(context: Pick<APIContext, 'request' | 'clientAddress'>): string {
  let socketAddress = 'unknown';
  try {
    socketAddress = context.clientAddress;
  } catch {
    // Astro throws when the adapter cannot tell the address (not the case under node:http).
  }
  return addressBehindProxies(socketAddress, context.request.headers.get('x-forwarded-for'), env().TRUST_PROXY);
}
