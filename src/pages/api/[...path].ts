import type { APIRoute } from 'astro';
import { apiMessages } from '#lib/api/messages.ts';
import { json } from '#server/http.ts';

/** Unknown API paths answer in the API's own envelope, not with the HTML 404 page. */
export const ALL: APIRoute = () => json({ success: false, message: apiMessages.notFound }, { status: 404 });
