import { RegisterSchema } from '#lib/api/contracts/auth.ts';
import { AUTH_MAX_BYTES } from '#server/auth/schema.ts';
import { registerAccount } from '#server/auth/service.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';

/** Creates an account under a phone whose code was just checked; answers its token. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', schema: RegisterSchema, maxBytes: AUTH_MAX_BYTES }, async ({ db, input, ip, now }) => {
  const data = await registerAccount(
    db,
    {
      phoneNumber: input.phone_number,
      code: input.code,
      firstName: input.first_name,
      lastName: input.last_name,
      internationalCode: input.international_code,
      gender: input.gender,
    },
    { ip, now },
  );
  return json({ success: true, data });
});
