import type { APIRoute } from 'astro';
import { accountMessages } from '../../../server/accounts/messages.ts';
import { UpdateProfileSchema } from '../../../server/accounts/schema.ts';
import { updateProfile } from '../../../server/accounts/service.ts';
import { requireAccount } from '../../../server/auth/bearer.ts';
import { AUTH_MAX_BYTES } from '../../../server/auth/schema.ts';
import { getDb } from '../../../server/db/index.ts';
import { endpoint, json, methodNotAllowed, readJson } from '../../../server/http.ts';

export const prerender = false;

/** Edits the profile of the account the bearer token opens, and that account only. */
export const POST: APIRoute = endpoint(async ({ request }) => {
  const db = await getDb();
  const { account } = await requireAccount(db, request);
  const input = await readJson(request, UpdateProfileSchema, { maxBytes: AUTH_MAX_BYTES });
  const user = await updateProfile(db, account.id, input, new Date());
  return json({ success: true, user, message: accountMessages.profileUpdated });
});

export const ALL: APIRoute = methodNotAllowed('POST');
