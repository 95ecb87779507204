import type { APIRoute } from 'astro';
import { authMessages } from '../../../../../server/auth/messages.ts';
import { AUTH_MAX_BYTES, SendCodeSchema } from '../../../../../server/auth/schema.ts';
import { sendLoginCode } from '../../../../../server/auth/service.ts';
import { clientAddress } from '../../../../../server/client-address.ts';
import { getDb } from '../../../../../server/db/index.ts';
import { endpoint, json, methodNotAllowed, readJson } from '../../../../../server/http.ts';
import { smsProvider } from '../../../../../server/sms/index.ts';

export const prerender = false;

/** Sends a login code; the answer is the same for registered and new numbers. */
export const POST: APIRoute = endpoint(async (context) => {
  const { phone_number } = await readJson(context.request, SendCodeSchema, { maxBytes: AUTH_MAX_BYTES });
  await sendLoginCode(await getDb(), smsProvider(), {
    phoneNumber: phone_number,
    // The WebOTP line names the site the patient is on.
    host: context.url.hostname,
    ip: clientAddress(context),
    now: new Date(),
  });
  return json({ success: true, message: authMessages.codeSent });
});

export const ALL: APIRoute = methodNotAllowed('POST');
