import type { APIRoute } from 'astro';
import { toUser } from '../../../server/accounts/user.ts';
import { requireAccount } from '../../../server/auth/bearer.ts';
import { getDb } from '../../../server/db/index.ts';
import { endpoint, json, methodNotAllowed } from '../../../server/http.ts';

export const prerender = false;

/** The account the bearer token opens. */
export const POST: APIRoute = endpoint(async ({ request }) => {
  const { account } = await requireAccount(await getDb(), request);
  return json({ success: true, user: toUser(account) });
});

export const ALL: APIRoute = methodNotAllowed('POST');
