/**
 * Keeps a waiting-room board fed: the public stream (`GET /public/queue/{doctor_id}/events`, no
 * login, so the browser's own EventSource reconnects by itself), and, when the stream keeps failing
 * (some networks cut long connections), polling `GET /public/queue/{doctor_id}` while the stream is
 * tried again now and then. Plain browser APIs only: the board is a public page with a
 * script budget (decisions 003 and 028).
 */
import type { PublicBoard } from '#lib/api/contracts/queue.ts';

/** How fresh the board is: `live` on the stream, `polling` on the fallback, `offline` when neither answers. */
export type FeedMode = 'connecting' | 'live' | 'polling' | 'offline';

export interface FeedOptions {
  /** `…/public/queue/{doctor_id}`; the stream is at `${url}/events`. */
  url: string;
  onBoard: (board: PublicBoard) => void;
  onMode: (mode: FeedMode) => void;
  /** Failed connections in a row before polling takes over. */
  errorsBeforePolling?: number;
  pollMs?: number;
  /** While polling, how long until the stream is tried again. */
  streamRetryMs?: number;
  /** For tests. */
  EventSource?: typeof EventSource;
  fetch?: typeof fetch;
}

/** The endpoint allows 120 calls a minute per address; a board polls 4. */
export const POLL_MS = 15_000;
const STREAM_RETRY_MS = 2 * 60_000;
/** EventSource's own reconnection after the server's 15-minute close is one error, not a failure. */
const ERRORS_BEFORE_POLLING = 3;
const CLOSED = 2;

/** Starts feeding the board; call the answer to stop. */
export function followBoard(options: FeedOptions): () => void {
  const Source = options.EventSource ?? EventSource;
  const get = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const errorsBeforePolling = options.errorsBeforePolling ?? ERRORS_BEFORE_POLLING;
  const pollMs = options.pollMs ?? POLL_MS;
  const streamRetryMs = options.streamRetryMs ?? STREAM_RETRY_MS;

  let stopped = false;
  let source: EventSource | undefined;
  let errors = 0;
  let pollTimer: ReturnType<typeof setInterval> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let mode: FeedMode | undefined;

  const setMode = (next: FeedMode) => {
    if (next === mode) return;
    mode = next;
    options.onMode(next);
  };

  const stopPolling = () => {
    clearInterval(pollTimer);
    clearTimeout(retryTimer);
    pollTimer = undefined;
    retryTimer = undefined;
  };

  const poll = async () => {
    try {
      const response = await get(options.url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
      if (!response.ok) throw new Error(String(response.status));
      const answer = (await response.json()) as { data?: PublicBoard };
      // The stream may have come back while this call was out: it is fresher.
      if (stopped || !answer.data || mode === 'live') return;
      options.onBoard(answer.data);
      setMode('polling');
    } catch {
      if (!stopped && mode !== 'live') setMode('offline');
    }
  };

  const openStream = () => {
    source = new Source(`${options.url}/events`);
    source.addEventListener('queue', (event) => {
      let board: PublicBoard;
      try {
        board = JSON.parse((event as MessageEvent<string>).data) as PublicBoard;
      } catch {
        return;
      }
      errors = 0;
      stopPolling();
      options.onBoard(board);
      setMode('live');
    });
    source.addEventListener('error', () => {
      errors++;
      const gaveUp = source?.readyState === CLOSED;
      if (!gaveUp && errors < errorsBeforePolling) {
        if (mode === 'live') setMode('connecting');
        return;
      }
      source?.close();
      source = undefined;
      fallBack();
    });
  };

  /** Polls now and every `pollMs`, and tries the stream again after `streamRetryMs`. */
  const fallBack = () => {
    if (stopped) return;
    if (!pollTimer) {
      void poll();
      pollTimer = setInterval(() => void poll(), pollMs);
    }
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      errors = 0;
      if (!stopped) openStream();
    }, streamRetryMs);
  };

  setMode('connecting');
  openStream();
  return () => {
    stopped = true;
    source?.close();
    stopPolling();
  };
}
