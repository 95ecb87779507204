import type { APIRoute } from 'astro';
import { AUTH_MAX_BYTES, CheckCodeSchema } from '../../../server/auth/schema.ts';
import { checkLoginCode } from '../../../server/auth/service.ts';
import { clientAddress } from '../../../server/client-address.ts';
import { getDb } from '../../../server/db/index.ts';
import { endpoint, json, methodNotAllowed, readJson } from '../../../server/http.ts';

export const prerender = false;

/** Checks a login code; answers a token for each account of the phone. */
export const POST: APIRoute = endpoint(async (context) => {
  const { code, phone_number } = await readJson(context.request, CheckCodeSchema, { maxBytes: AUTH_MAX_BYTES });
  const { register, data } = await checkLoginCode(await getDb(), {
    phoneNumber: phone_number,
    code,
    ip: clientAddress(context),
    now: new Date(),
  });
  return json({ success: true, register, data });
});

export const ALL: APIRoute = methodNotAllowed('POST');
