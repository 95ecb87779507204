/**
 * Every request under `/api/hospital/` leaves exactly one audit row, whether an endpoint answered
 * it or not: unknown paths, other versions, other spellings (`/Withdrawals`, `//withdrawals`, a
 * trailing slash), malformed ones and the public OpenAPI document included. A hospital endpoint
 * writes its own row (with what only it knows) and marks the request's `locals`; the portal server
 * writes the row of every other hospital request once its answer is sent.
 */
import type { IncomingMessage } from 'node:http';
import { addressBehindProxies } from '../client-address.ts';
import type { Db } from '../db/client.ts';
import { env } from '../env.ts';
import { logError } from '../log.ts';
import { hospitalKeyOfHeader } from './keys.ts';
import { writeAudit } from './repository.ts';

/** What the portal server hands Astro as `locals` for a hospital request. */
export interface HospitalAuditMark {
  hospitalAudited?: boolean;
}

/** Records that an endpoint wrote the request's audit row (a no-op where the server passed no locals). */
export function markAudited(locals: unknown): void {
  if (typeof locals === 'object' && locals !== null) (locals as HospitalAuditMark).hospitalAudited = true;
}

const HOSPITAL_PREFIX = /^\/api\/hospital(?:\/|$)/i;

/**
 * True when a request's raw path (`req.url`) is under `/api/hospital` in any spelling a router or
 * client might read as it: any case, slashes doubled or reversed, dot segments, percent-encoded.
 */
export function isHospitalPath(rawUrl: string): boolean {
  const raw = rawUrl.split('?', 1)[0] ?? '';
  let pathname: string;
  try {
    // As a URL parser reads it: backslashes are slashes, `/x/../` goes.
    pathname = new URL(raw.replace(/^\/+/, '/'), 'http://portal.invalid').pathname;
  } catch {
    pathname = raw;
  }
  const candidates = [raw, pathname];
  try {
    candidates.push(decodeURIComponent(pathname));
  } catch {
    // Malformed percent-encoding: the raw spellings decide.
  }
  return candidates.some((candidate) => HOSPITAL_PREFIX.test(candidate.replace(/[\\/]+/g, '/')));
}

/** Writes the audit row of a hospital request no endpoint answered; a failure is logged, never thrown. */
export async function auditHospitalRequest(db: Db, request: IncomingMessage, status: number, now: Date): Promise<void> {
  try {
    const idempotencyKey = request.headers['idempotency-key'];
    const forwardedFor = request.headers['x-forwarded-for'];
    await writeAudit(db, {
      keyName: hospitalKeyOfHeader(request.headers.authorization)?.name ?? null,
      method: request.method ?? 'GET',
      path: (request.url ?? '/').slice(0, 2000),
      status,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey.slice(0, 200) : null,
      ip: addressBehindProxies(request.socket.remoteAddress ?? 'unknown', typeof forwardedFor === 'string' ? forwardedFor : null, env().TRUST_PROXY),
      createdAt: now,
    });
  } catch (error) {
    logError('Writing the hospital audit log failed', error);
  }
}
