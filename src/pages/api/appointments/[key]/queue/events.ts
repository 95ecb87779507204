import { defineEndpoint } from '#server/endpoint.ts';
import { env } from '#server/env.ts';
import { KeyParams } from '#server/http.ts';
import { queueContext } from '#server/queue/context.ts';
import { patientView, tehranDay, todaysVisitOf } from '#server/queue/service.ts';
import { queueEventStream } from '#server/queue/stream.ts';

/**
 * `GET /api/appointments/{key}/queue/events`: the caller's place in the queue as Server-Sent Events,
 * live from every process; the same refusals as `GET …/queue` before the stream opens.
 */
export const { GET, ALL } = defineEndpoint({ method: 'GET', params: KeyParams, auth: true }, async ({ db, session, params, ip, now, context }) => {
  const row = await todaysVisitOf(db, { accountId: session.account.id, key: params.key, now });
  const ctx = queueContext();
  const config = env();
  return queueEventStream({
    doctorId: row.doctorId,
    day: tehranDay(now),
    view: (day, at) => ({ data: patientView(ctx, { day, row, now: at }), last: day.session === 'ended' }),
    account: String(session.account.id),
    address: ip,
    limits: { perAccount: config.QUEUE_STREAMS_PER_ACCOUNT, perAddress: config.QUEUE_STREAMS_PER_ADDRESS },
    signal: context.request.signal,
  });
});
