import { CheckCodeSchema } from '#lib/api/contracts/auth.ts';
import { AUTH_MAX_BYTES } from '#server/auth/schema.ts';
import { checkLoginCode } from '#server/auth/service.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';

/** Checks a login code; answers a token for each account of the phone. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', schema: CheckCodeSchema, maxBytes: AUTH_MAX_BYTES }, async ({ db, input, ip, now }) => {
  const { register, data } = await checkLoginCode(db, { phoneNumber: input.phone_number, code: input.code, ip, now });
  return json({ success: true, register, data });
});
