import type { APIRoute } from 'astro';
import { AUTH_MAX_BYTES, RegisterSchema } from '../../../server/auth/schema.ts';
import { registerAccount } from '../../../server/auth/service.ts';
import { clientAddress } from '../../../server/client-address.ts';
import { getDb } from '../../../server/db/index.ts';
import { endpoint, json, methodNotAllowed, readJson } from '../../../server/http.ts';

export const prerender = false;

/** Creates an account under a phone whose code was just checked; answers its token. */
export const POST: APIRoute = endpoint(async (context) => {
  const body = await readJson(context.request, RegisterSchema, { maxBytes: AUTH_MAX_BYTES });
  const data = await registerAccount(
    await getDb(),
    {
      phoneNumber: body.phone_number,
      code: body.code,
      firstName: body.first_name,
      lastName: body.last_name,
      internationalCode: body.international_code,
      gender: body.gender,
    },
    { ip: clientAddress(context), now: new Date() },
  );
  return json({ success: true, data });
});

export const ALL: APIRoute = methodNotAllowed('POST');
