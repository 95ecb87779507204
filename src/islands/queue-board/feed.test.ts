import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicBoard } from '#lib/api/contracts/queue.ts';
import { type FeedMode, followBoard } from './feed.ts';

/** An EventSource the test drives: it opens nothing, and says what the server would. */
class FakeSource {
  static made: FakeSource[] = [];
  readyState = 0;
  closed = false;
  readonly listeners = new Map<string, ((event: Event) => void)[]>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSource.made.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data?: unknown) {
    const event = data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** A dropped connection the browser will retry (readyState CONNECTING), or one it gave up on (CLOSED: a 429, a 404). */
  fail({ final = false } = {}) {
    this.readyState = final ? 2 : 0;
    this.emit('error');
  }
}

const board = (now_serving: number): PublicBoard => ({ date: '2026-11-27', session: 'running', now_serving, delay_minutes: 0, waiting: 3, as_of: '2026-11-27T07:00:00.000Z' });

function start(answers: (() => Response)[] = []) {
  const boards: number[] = [];
  const modes: FeedMode[] = [];
  const fetch = vi.fn(async () => (answers.shift() ?? (() => new Response('', { status: 503 })))());
  const stop = followBoard({
    url: '/api/public/queue/sara-jafari',
    onBoard: (shown) => boards.push(shown.now_serving ?? 0),
    onMode: (mode) => modes.push(mode),
    EventSource: FakeSource as unknown as typeof EventSource,
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { boards, modes, fetch, stop, source: () => FakeSource.made.at(-1)! };
}

const ok = (now_serving: number) => () => Response.json({ success: true, data: board(now_serving) });

beforeEach(() => {
  FakeSource.made = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the board feed', () => {
  it('shows each board the stream sends, live, without polling', async () => {
    const feed = start();
    expect(feed.source().url).toBe('/api/public/queue/sara-jafari/events');
    feed.source().emit('queue', board(4));
    feed.source().emit('queue', board(5));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(feed.boards).toEqual([4, 5]);
    expect(feed.modes).toEqual(['connecting', 'live']);
    expect(feed.fetch).not.toHaveBeenCalled();
  });

  it("rides out one dropped connection (the server's 15-minute close) without polling", async () => {
    const feed = start();
    feed.source().emit('queue', board(4));
    feed.source().fail();
    feed.source().emit('queue', board(4));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(feed.fetch).not.toHaveBeenCalled();
    expect(feed.modes).toEqual(['connecting', 'live', 'connecting', 'live']);
  });

  it('polls every 15 s when the stream keeps failing, and goes back to the stream when it answers', async () => {
    const feed = start([ok(6), ok(7)]);
    const first = feed.source();
    first.fail();
    first.fail();
    first.fail();
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.boards).toEqual([6]);
    expect(feed.modes.at(-1)).toBe('polling');
    await vi.advanceTimersByTimeAsync(15_000);
    expect(feed.boards).toEqual([6, 7]);
    expect(feed.fetch).toHaveBeenCalledTimes(2);

    // Two minutes on, the stream is tried again; once it speaks, polling stops.
    await vi.advanceTimersByTimeAsync(2 * 60_000 - 15_000);
    expect(FakeSource.made).toHaveLength(2);
    feed.source().emit('queue', board(8));
    const calls = feed.fetch.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(feed.fetch).toHaveBeenCalledTimes(calls);
    expect(feed.boards.at(-1)).toBe(8);
    expect(feed.modes.at(-1)).toBe('live');
  });

  it('falls back at once when the browser gives the stream up, and says offline when polling fails too', async () => {
    const feed = start();
    feed.source().fail({ final: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.fetch).toHaveBeenCalledTimes(1);
    expect(feed.modes.at(-1)).toBe('offline');
    expect(feed.boards).toEqual([]);
  });

  it('stops everything when asked', async () => {
    const feed = start([ok(6)]);
    feed.source().fail({ final: true });
    feed.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(feed.fetch).toHaveBeenCalledTimes(1);
    expect(FakeSource.made).toHaveLength(1);
  });
});
