import { apiMessages } from '#lib/api/messages.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { findSession, type Session } from './repository.ts';
import { hashToken, isTokenShaped } from './secrets.ts';

export type { Session } from './repository.ts';

/**
 * The account the request's `Authorization: Bearer <token>` opens. Throws AppError
 * `unauthenticated` (401) for a missing, malformed, unknown, expired or revoked token.
 */
export async function requireAccount(db: Db, request: Request, now: Date = new Date()): Promise<Session> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const session = token && isTokenShaped(token) ? await findSession(db, hashToken(token), now) : undefined;
  if (!session) throw new AppError('unauthenticated', apiMessages.unauthenticated);
  return session;
}
