import * as v from 'valibot';
import { doctorOf } from '#server/appointments/context.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { defineEndpoint } from '#server/endpoint.ts';
import { env } from '#server/env.ts';
import { pathParam } from '#server/http.ts';
import { tehranDay } from '#server/queue/service.ts';
import { boardOf } from '#server/queue/state.ts';
import { queueEventStream } from '#server/queue/stream.ts';
import { createLimiter } from '#server/rate-limit.ts';

const limiter = createLimiter({ points: 30, duration: 60 });

/** `GET /api/public/queue/{doctor_id}/events` (no login): the board as Server-Sent Events. */
export const { GET, ALL } = defineEndpoint({ method: 'GET', params: v.object({ doctor_id: pathParam(100) }), rateLimit: limiter }, async ({ params, ip, now, context }) => {
  doctorOf(bookingContext(), params.doctor_id);
  const date = tehranDay(now);
  return queueEventStream({
    doctorId: params.doctor_id,
    day: date,
    view: (day, at) => ({ data: boardOf(day, date, at), last: false }),
    address: ip,
    limits: { perAccount: 0, perAddress: env().QUEUE_STREAMS_PER_ADDRESS },
    signal: context.request.signal,
  });
});
