import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PatientQueue } from '#lib/api/contracts/queue.ts';
import { type ConnectionMode, followQueue, POLL_MS, type Refusal, STALL_MS, STREAM_RETRY_MS } from './visit-day-live.ts';
import { createSseParser, type SseEvent } from './visit-day-stream.ts';

const queue = (ahead: number, extra: Partial<PatientQueue> = {}): PatientQueue => ({
  date: '2026-11-27',
  session: 'running',
  number: 4,
  ahead,
  now_serving: 4 - ahead - 1 || undefined,
  delay_minutes: 0,
  status: 'waiting',
  can_check_in: true,
  check_in_opens_at: '2026-11-27T05:00:00.000Z',
  pace_minutes: 15,
  pace_observed: false,
  as_of: '2026-11-27T06:00:00.000Z',
  start: '2026-11-27T06:30:00.000Z',
  doctor_name: 'دکتر نمونه',
  place: { clinic: 'درمانگاه زنان', building: 'ساختمان اصلی', floor: 'طبقهٔ ۲', room: 'اتاق ۱۰۵' },
  ...extra,
});

const frame = (state: PatientQueue) => `event: queue\ndata: ${JSON.stringify(state)}\n\n`;

/** An event-stream response the test writes into, chunk by chunk, and closes or breaks; an abort breaks it as a browser would. */
function fakeStream(signal: AbortSignal) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
    signal,
  };
}

type Stream = ReturnType<typeof fakeStream>;

/** A fetch of the stream the test answers: each call waits for `next` to be given how to answer. */
function fakeServer() {
  const streams: Stream[] = [];
  const polls: Array<{ resolve: (state: PatientQueue) => void; reject: (error: unknown) => void }> = [];
  const answers: Array<(signal: AbortSignal) => Promise<Response>> = [];
  const seen = { states: [] as PatientQueue[], modes: [] as ConnectionMode[], ends: [] as Array<string | undefined>, refusals: [] as Refusal[], alive: 0 };
  const openStream = vi.fn((signal: AbortSignal) => {
    const answer = answers.shift();
    if (answer) return answer(signal);
    const stream = fakeStream(signal);
    streams.push(stream);
    return Promise.resolve(stream.response);
  });
  const poll = vi.fn(
    () =>
      new Promise<PatientQueue>((resolve, reject) => {
        polls.push({ resolve, reject });
      }),
  );
  const follower = () =>
    followQueue({
      openStream,
      poll,
      onState: (state) => seen.states.push(state),
      onAlive: () => seen.alive++,
      onMode: (mode) => seen.modes.push(mode),
      onEnd: (message) => seen.ends.push(message),
      onRefused: (refusal) => seen.refusals.push(refusal),
    });
  return { streams, polls, answers, seen, openStream, poll, follower, last: () => streams.at(-1)! };
}

/** Lets the promises of a step land (timers are fake, so only microtasks and what is due now run). */
const settle = () => vi.advanceTimersByTimeAsync(0);

const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

describe('the SSE parser', () => {
  const parse = (chunks: string[]) => {
    const events: SseEvent[] = [];
    const parser = createSseParser((event) => events.push(event));
    for (const chunk of chunks) parser.feed(chunk);
    return events;
  };

  it('gives each frame once it is complete, however the network splits it', () => {
    const text = `: keep-alive\n\n${frame(queue(2))}${frame(queue(1))}`;
    const whole = parse([text]);
    expect(whole.map((event) => [event.event, JSON.parse(event.data).ahead])).toEqual([
      ['queue', 2],
      ['queue', 1],
    ]);
    for (const size of [1, 3, 7, 50]) {
      const chunks = text.match(new RegExp(`[^]{1,${size}}`, 'g'))!;
      expect(parse(chunks)).toEqual(whole);
    }
    expect(parse([text.slice(0, -1)])).toHaveLength(1);
  });

  it('reads CRLF and CR line ends, a CRLF split across chunks, several data lines and unnamed events', () => {
    expect(parse(['event: end\r', '\ndata: {}\r', '\n\r', '\n'])).toEqual([{ event: 'end', data: '{}' }]);
    expect(parse(['data:a\rdata: b\r\r'])).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('ignores comments, retry and frames without data', () => {
    expect(parse(['retry: 5000\n\n', ': keep-alive\n\n', 'event: queue\n\n'])).toEqual([]);
  });
});

describe('following the queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows each state of the live stream, and does not poll while it lives', async () => {
    const server = fakeServer();
    const follower = server.follower();
    await settle();
    server.last().write(`retry: 5000\n\n${frame(queue(2))}`);
    await settle();
    server.last().write(frame(queue(1)).slice(0, 20));
    await settle();
    expect(server.seen.states.map((state) => state.ahead)).toEqual([2]);
    server.last().write(frame(queue(1)).slice(20));
    await settle();
    expect(server.seen.states.map((state) => state.ahead)).toEqual([2, 1]);
    expect(server.seen.modes).toEqual(['live']);
    server.last().write(': keep-alive\n\n');
    await settle();
    expect(server.seen.alive).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(server.poll).not.toHaveBeenCalled();
    follower.stop();
  });

  it('polls when the stream cannot be opened, and goes back to the stream once it works', async () => {
    const server = fakeServer();
    server.answers.push(networkDown);
    server.follower();
    await settle();
    expect(server.seen.modes).toEqual(['polling']);
    expect(server.poll).toHaveBeenCalledTimes(1);
    server.polls[0]!.resolve(queue(3));
    await settle();
    expect(server.seen.states.map((state) => state.ahead)).toEqual([3]);

    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS[0]);
    expect(server.openStream).toHaveBeenCalledTimes(2);
    server.last().write(frame(queue(2)));
    await settle();
    expect(server.seen.modes).toEqual(['polling', 'live']);
    const polled = server.poll.mock.calls.length;
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(server.poll.mock.calls.length).toBe(polled);
  });

  it('polls every POLL_MS while the stream stays down, waiting longer before each new try of the stream', async () => {
    const server = fakeServer();
    for (let i = 0; i < 4; i++) server.answers.push(networkDown);
    server.follower();
    await settle();
    const tries = () => server.openStream.mock.calls.length;
    expect(tries()).toBe(1);
    for (const [index, pause] of STREAM_RETRY_MS.slice(0, 3).entries()) {
      await vi.advanceTimersByTimeAsync(pause - 1);
      expect(tries()).toBe(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(tries()).toBe(index + 2);
    }

    const polling = fakeServer();
    polling.answers.push(networkDown);
    polling.follower();
    await settle();
    polling.polls[0]!.resolve(queue(3));
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(polling.poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(polling.poll).toHaveBeenCalledTimes(2);
    polling.polls[1]!.resolve(queue(2));
    await settle();
    expect(polling.seen.states.map((state) => state.ahead)).toEqual([3, 2]);
  });

  it('polls when this browser gives the response without a readable body', async () => {
    const server = fakeServer();
    server.answers.push(() => Promise.resolve({ ok: true, status: 200, body: null } as Response));
    server.follower();
    await settle();
    expect(server.seen.modes).toEqual(['polling']);
    expect(server.poll).toHaveBeenCalledTimes(1);
  });

  it('falls back to polling when the network cuts a live stream, and when it goes silent', async () => {
    const server = fakeServer();
    server.follower();
    await settle();
    server.last().write(frame(queue(2)));
    await settle();
    server.last().fail();
    await settle();
    expect(server.seen.modes).toEqual(['live', 'polling']);
    expect(server.poll).toHaveBeenCalledTimes(1);
    server.polls[0]!.resolve(queue(2));

    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS[0]);
    const silent = server.last();
    silent.write(frame(queue(1)));
    await settle();
    expect(server.seen.modes.at(-1)).toBe('live');
    // Heartbeats stop without the connection closing: the page must not stay «live» on a dead line.
    await vi.advanceTimersByTimeAsync(STALL_MS);
    expect(silent.signal.aborted).toBe(true);
    expect(server.seen.modes.at(-1)).toBe('polling');
  });

  it('opens the next stream when the server closes a healthy one, without polling', async () => {
    const server = fakeServer();
    server.follower();
    await settle();
    server.last().write(frame(queue(2)));
    await settle();
    server.last().close();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.openStream).toHaveBeenCalledTimes(2);
    expect(server.poll).not.toHaveBeenCalled();
    expect(server.seen.modes).toEqual(['live']);
  });

  it('stops for good after the end event, and does not reconnect', async () => {
    const server = fakeServer();
    server.follower();
    await settle();
    server.last().write(`${frame(queue(0, { session: 'ended' }))}event: end\ndata: {"message":"این نوبت لغو شده است و در صف امروز نیست"}\n\n`);
    server.last().close();
    await settle();
    expect(server.seen.ends).toEqual(['این نوبت لغو شده است و در صف امروز نیست']);
    expect(server.seen.modes).toEqual(['live', 'ended']);
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS.at(-1)! * 2);
    expect(server.openStream).toHaveBeenCalledTimes(1);
    expect(server.poll).not.toHaveBeenCalled();
  });

  it('stops with the server’s sentence when the visit is not today', async () => {
    const server = fakeServer();
    const message = 'صف نوبت فقط در روز ویزیت نشان داده می‌شود؛ این نوبت برای امروز نیست';
    server.answers.push(() => Promise.resolve(Response.json({ success: false, message }, { status: 409 })));
    server.follower();
    await settle();
    expect(server.seen.refusals).toEqual([{ status: 409, message }]);
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_MS.at(-1)! * 2);
    expect(server.openStream).toHaveBeenCalledTimes(1);
    expect(server.poll).not.toHaveBeenCalled();
  });

  it('is offline when nothing answers, keeps the last state, and tries the stream at once when told the network is back', async () => {
    const server = fakeServer();
    server.answers.push(networkDown, networkDown);
    const follower = server.follower();
    await settle();
    server.polls[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(server.seen.modes).toEqual(['polling', 'offline']);
    expect(server.seen.states).toEqual([]);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(server.poll).toHaveBeenCalledTimes(2);
    // A server that answers with an error is reachable: polling, not offline.
    server.polls[1]!.reject(Object.assign(new Error('Bad Gateway'), { status: 502 }));
    await settle();
    expect(server.seen.modes.at(-1)).toBe('polling');

    follower.retryNow();
    await settle();
    server.last().write(frame(queue(1)));
    await settle();
    expect(server.seen.modes.at(-1)).toBe('live');
    expect(server.seen.states.map((state) => state.ahead)).toEqual([1]);
  });

  it('goes offline at once when the device loses the network, though the live connection looks open, and live again when it is back', async () => {
    const server = fakeServer();
    const follower = server.follower();
    await settle();
    const first = server.last();
    first.write(frame(queue(2)));
    await settle();
    follower.networkLost();
    await settle();
    expect(first.signal.aborted).toBe(true);
    expect(server.seen.modes).toEqual(['live', 'offline']);
    // No request goes out at once while the device says it is offline: one could slip out before the
    // network is cut and turn the page back to «polling» over the offline state.
    expect(server.polls).toHaveLength(0);
    expect(server.seen.modes.at(-1)).toBe('offline');

    follower.retryNow();
    await settle();
    server.last().write(frame(queue(1)));
    await settle();
    expect(server.seen.modes.at(-1)).toBe('live');
    expect(server.seen.states.map((state) => state.ahead)).toEqual([2, 1]);
  });
});
