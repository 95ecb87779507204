import type { APIRoute } from 'astro';
import { sql } from 'drizzle-orm';
import { getDb } from '../../server/db/index.ts';
import { endpoint, json } from '../../server/http.ts';

export const prerender = false;

/** For load balancers and the start script: answers once the database answers. */
export const GET: APIRoute = endpoint(async () => {
  await (await getDb()).execute(sql`select 1`);
  return json({ success: true });
});
