import { SendCodeSchema } from '#lib/api/contracts/auth.ts';
import { authMessages } from '#server/auth/messages.ts';
import { AUTH_MAX_BYTES } from '#server/auth/schema.ts';
import { sendLoginCode } from '#server/auth/service.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { smsProvider } from '#server/sms/index.ts';

/** Sends a login code; the answer is the same for registered and new numbers. */
export const { POST, ALL } = defineEndpoint({ method: 'POST', schema: SendCodeSchema, maxBytes: AUTH_MAX_BYTES }, async ({ db, input, ip, now }) => {
  await sendLoginCode(db, smsProvider(), { phoneNumber: input.phone_number, ip, now });
  return json({ success: true, message: authMessages.codeSent });
});
