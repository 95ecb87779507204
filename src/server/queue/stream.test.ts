import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refusal } from '../../../tests/support/rejection.ts';
import { AppError } from '../errors.ts';
import type { QueueHub } from './live.ts';
import { queueMessages as M } from './messages.ts';
import { type DayQueue, replayDay } from './state.ts';
import { closeQueueStreams, HEARTBEAT_MS, MAX_OPEN_STREAMS, MAX_STREAM_MS, openStreamCount, queueEventStream, type StreamRequest } from './stream.ts';

// The streams' bookkeeping without a database: the process's hub is replaced by one the test
// drives (queueHub() keeps the first hub registered under its symbol).
const HUB = Symbol.for('patient-portal.queue-hub');
const DAY = '2026-12-01';
const emptyDay = (delayMinutes = 0): DayQueue => ({ ...replayDay([], [], 15), delayMinutes });

let subscribers: Set<(day: DayQueue) => void>;
let current: DayQueue;
/** Hands a new state of the day to every stream, as a NOTIFY would. */
const change = (day: DayQueue) => {
  current = day;
  for (const subscriber of subscribers) subscriber(day);
};

beforeEach(() => {
  subscribers = new Set();
  current = emptyDay();
  const hub = {
    async subscribe(_doctorId: string, _day: string, subscriber: (day: DayQueue) => void) {
      subscribers.add(subscriber);
      subscriber(current);
      return () => subscribers.delete(subscriber);
    },
    async close() {},
  } as unknown as QueueHub;
  (globalThis as Record<symbol, unknown>)[HUB] = Promise.resolve(hub);
});
afterEach(() => closeQueueStreams());

let addresses = 0;
function open(overrides: Partial<StreamRequest> = {}, controller = new AbortController()) {
  return queueEventStream({
    doctorId: 'dr-a',
    day: DAY,
    view: (day, at) => ({ data: { delay_minutes: day.delayMinutes, session: day.session, as_of: at.toISOString() }, last: day.session === 'ended' }),
    address: `192.0.2.${++addresses}`,
    limits: { perAccount: 2, perAddress: 3 },
    signal: controller.signal,
    ...overrides,
  });
}

/** Reads `response` until `until` matches what arrived; answers all of it. */
async function readUntil(response: Response, until: (text: string) => boolean): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!until(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return text;
}

/** What has arrived on `response` so far, each call; a read left waiting is kept for the next call, not lost. */
function arrivals(response: Response): { next: () => Promise<string>; ended: () => Promise<boolean> } {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let reading: ReturnType<typeof reader.read> | undefined;
  let done = false;
  const next = async () => {
    let text = '';
    while (!done) {
      reading ??= reader.read();
      const read = await Promise.race([reading, new Promise<'idle'>((resolve) => setImmediate(() => resolve('idle')))]);
      if (read === 'idle') break;
      reading = undefined;
      if (read.done) done = true;
      else text += decoder.decode(read.value, { stream: true });
    }
    return text;
  };
  return {
    next,
    async ended() {
      await next();
      if (!done) done = (await (reading ?? reader.read())).done;
      return done;
    },
  };
}

/** Fake clocks for the pacing and the heartbeat; setImmediate stays real for `arrivals`. */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

describe('queueEventStream', () => {
  it('sends retry, the state at once, a change, and ends with `event: end` after the last view', async () => {
    const response = await open();
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toContain('no-transform');
    const first = await readUntil(response, (text) => text.includes('event: queue'));
    expect(first).toMatch(/^retry: 5000\n\nevent: queue\ndata: \{"delay_minutes":0,"session":"not_started"/);
    change(emptyDay(12));
    // At most one event a second: the change comes after that pacing, not dropped.
    expect(await readUntil(response, (text) => text.includes('"delay_minutes":12'))).toContain('event: queue');
    change({ ...emptyDay(12), session: 'ended' });
    const rest = await readUntil(response, (text) => text.includes('event: end'));
    expect(rest).toContain('"session":"ended"');
    expect(await readUntil(response, () => false)).toBe('');
    expect(openStreamCount()).toBe(0);
  });

  it('sends at most one event a second: a change right after one waits, the latest state goes', async () => {
    fakeClock();
    try {
      const stream = arrivals(await open());
      expect(await stream.next()).toContain('event: queue');
      change(emptyDay(5));
      change(emptyDay(6));
      expect(await stream.next()).toBe('');
      await vi.advanceTimersByTimeAsync(1000);
      const paced = await stream.next();
      expect(paced.match(/event: queue/g)).toHaveLength(1);
      expect(paced).toContain('"delay_minutes":6');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not send a state that did not change', async () => {
    fakeClock();
    try {
      const stream = arrivals(await open());
      expect(await stream.next()).toContain('event: queue');
      await vi.advanceTimersByTimeAsync(2000);
      change(emptyDay(0));
      expect(await stream.next()).toBe('');
      change(emptyDay(5));
      expect(await stream.next()).toMatch(/^event: queue\ndata: \{"delay_minutes":5/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends the stream with the reason when the view refuses (the appointment was cancelled)', async () => {
    const response = await open({
      view: () => {
        throw new AppError('conflict', M.cancelled);
      },
    });
    const text = await readUntil(response, () => false);
    expect(text).toContain(`event: end\ndata: ${JSON.stringify({ message: M.cancelled })}`);
    expect(openStreamCount()).toBe(0);
  });

  it('opens QUEUE_STREAMS_PER_ACCOUNT an account, refuses the next with 429, and frees a place when one is dropped', async () => {
    const first = new AbortController();
    await open({ account: '7' }, first);
    await open({ account: '7' });
    const third = await refusal(open({ account: '7' }));
    expect([third.code, third.message]).toEqual(['rate_limited', M.tooManyStreams]);
    // Another account is not concerned.
    await open({ account: '8' });
    first.abort();
    await open({ account: '7' });
    expect(openStreamCount()).toBe(3);
  });

  it('opens QUEUE_STREAMS_PER_ADDRESS from an address, accounts or not, then 429; a refusal takes no place', async () => {
    const address = '198.51.100.9';
    await open({ address, account: '1' });
    await open({ address });
    await open({ address, account: '2' });
    expect((await refusal(open({ address, account: '3' }))).code).toBe('rate_limited');
    // The refused account's place was given back: it opens from elsewhere, twice.
    await open({ account: '3' });
    await open({ account: '3' });
  });

  it(`holds ${MAX_OPEN_STREAMS} streams a process at most, from any number of addresses: 503 past it, with Retry-After`, async () => {
    const first = new AbortController();
    await open({}, first);
    for (let i = 1; i < MAX_OPEN_STREAMS; i++) await open();
    expect(openStreamCount()).toBe(MAX_OPEN_STREAMS);
    const full = await refusal(open());
    expect([full.code, full.message]).toEqual(['unavailable', M.streamsFull]);
    expect(full.retryAfter).toBeGreaterThan(0);
    first.abort();
    await open();
    expect(openStreamCount()).toBe(MAX_OPEN_STREAMS);
  });

  it('sends a comment line every HEARTBEAT_MS, recomputing the view with the clock, and ends after MAX_STREAM_MS', async () => {
    fakeClock();
    try {
      const stream = arrivals(await open({ view: (day, at) => ({ data: { tick: Math.floor(at.getTime() / HEARTBEAT_MS) }, last: day.session === 'ended' }) }));
      expect((await stream.next()).match(/event: queue/g)).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
      const beat = await stream.next();
      expect(beat).toContain(': keep-alive\n\n');
      // The estimate moves with the clock: the heartbeat sent the view as it is now.
      expect(beat.match(/event: queue/g)).toHaveLength(1);
      expect(openStreamCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(MAX_STREAM_MS);
      expect(openStreamCount()).toBe(0);
      expect(await stream.ended()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('every stream of the process ends when it stops', async () => {
    const responses = await Promise.all([open(), open(), open({ account: '9' })]);
    await closeQueueStreams();
    expect(openStreamCount()).toBe(0);
    for (const response of responses) await readUntil(response, () => false);
  });
});
