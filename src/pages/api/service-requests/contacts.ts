import { defineEndpoint } from '#server/endpoint.ts';
import { json } from '#server/http.ts';
import { savedContacts } from '#server/service-requests/service.ts';

/** `GET /api/service-requests/contacts`: the phone and address of the patient's latest requests, each pair once, newest first. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', auth: true }, async ({ db, session }) => json({ success: true, data: await savedContacts(db, session.account.id) }));
