import type { APIRoute } from 'astro';
import { requireAccount } from '../../../server/auth/bearer.ts';
import { logout } from '../../../server/auth/service.ts';
import { getDb } from '../../../server/db/index.ts';
import { endpoint, json, methodNotAllowed } from '../../../server/http.ts';

export const prerender = false;

/** Revokes the bearer token (and its login's other tokens); it opens nothing afterwards. */
export const POST: APIRoute = endpoint(async ({ request }) => {
  const db = await getDb();
  await logout(db, await requireAccount(db, request), new Date());
  return json({ success: true });
});

export const ALL: APIRoute = methodNotAllowed('POST');
