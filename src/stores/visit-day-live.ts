import type { PatientQueue } from '#lib/api/contracts/queue.ts';
import { readErrorEnvelope } from '#lib/api/envelope.ts';
import { readSse } from './visit-day-stream.ts';

/**
 * Following one appointment's queue: the live stream first; when it fails (some networks cut long
 * connections, some browsers cannot stream a fetch) polling every POLL_MS while the stream is tried
 * again with a growing pause; when nothing answers at all, offline with the last state kept.
 */

/** How the page hears about the queue: `ended` once the server said there is nothing more to follow. */
export type ConnectionMode = 'connecting' | 'live' | 'polling' | 'offline' | 'ended';

export const POLL_MS = 15_000;
/** The server sends a heartbeat every 20 s: a stream silent for this long is dead though not closed. */
export const STALL_MS = 50_000;
/** Pauses before trying the stream again after 1, 2, 3… failures in a row (the last repeats). */
export const STREAM_RETRY_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000] as const;
/** After the server closes a healthy stream (it does every 15 minutes) the next one opens after this. */
const REOPEN_MS = 1_000;

/** Answers that following cannot outlast: no session (401), not the caller's (404), not today (409). */
const FINAL_STATUSES = new Set([401, 403, 404, 409]);

export interface Refusal {
  status: number;
  /** The server's Persian sentence, when it sent one. */
  message: string | undefined;
}

export interface FollowSpec {
  /** Opens the event stream (resolves with the response, whatever its status). */
  openStream(signal: AbortSignal): Promise<Response>;
  /** One GET of the state; rejects with an error carrying `status` (undefined: no answer at all). */
  poll(signal: AbortSignal): Promise<PatientQueue>;
  onState(state: PatientQueue): void;
  /** The state on screen is still current (a heartbeat while live). */
  onAlive(): void;
  onMode(mode: ConnectionMode): void;
  /** The server ended the stream for good (the session ended, the visit is gone). */
  onEnd(message: string | undefined): void;
  /** A call was refused for good; following has stopped. */
  onRefused(refusal: Refusal): void;
}

export interface Follower {
  stop(): void;
  /** Opens the stream again at once (the device is back online, or the patient asked). */
  retryNow(): void;
  /** The device says it has no network: offline now, without waiting for a call to fail. */
  networkLost(): void;
}

/** The status of a failed call: the client's FetchError carries it; a network failure has none. */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown; statusCode?: unknown } | undefined)?.status ?? (error as { statusCode?: unknown } | undefined)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

export function followQueue(spec: FollowSpec): Follower {
  let stopped = false;
  let mode: ConnectionMode = 'connecting';
  let failures = 0;
  let stream: AbortController | undefined;
  let poller: AbortController | undefined;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const setMode = (next: ConnectionMode) => {
    if (stopped || next === mode) return;
    mode = next;
    spec.onMode(next);
  };

  const stop = () => {
    stopped = true;
    stream?.abort();
    poller?.abort();
    clearTimeout(pollTimer);
    clearTimeout(retryTimer);
  };

  const refuse = (refusal: Refusal) => {
    if (stopped) return;
    stop();
    spec.onRefused(refusal);
  };

  const stopPolling = () => {
    clearTimeout(pollTimer);
    pollTimer = undefined;
    poller?.abort();
    poller = undefined;
  };

  const pollNow = async () => {
    pollTimer = undefined;
    const controller = new AbortController();
    poller = controller;
    try {
      const state = await spec.poll(controller.signal);
      if (stopped || controller.signal.aborted) return;
      spec.onState(state);
      setMode('polling');
    } catch (error) {
      if (stopped || controller.signal.aborted) return;
      const status = statusOf(error);
      if (status !== undefined && FINAL_STATUSES.has(status)) {
        refuse({ status, message: readErrorEnvelope((error as { data?: unknown }).data).message });
        return;
      }
      // No answer: offline. A server error: reachable, so polling.
      setMode(status === undefined ? 'offline' : 'polling');
    }
    if (!stopped && mode !== 'live') pollTimer = setTimeout(pollNow, POLL_MS);
  };

  const startPolling = () => {
    if (pollTimer !== undefined || poller !== undefined) return;
    void pollNow();
  };

  const streamFailed = () => {
    if (stopped) return;
    failures += 1;
    if (mode === 'live' || mode === 'connecting') setMode('polling');
    // The device said it has no network: the next look waits the usual interval (or the `online`
    // event). Asked at once, a request can slip out before the browser cuts the network and answer
    // «polling» over the offline state the patient must see.
    if (mode === 'offline') {
      if (pollTimer === undefined && poller === undefined) pollTimer = setTimeout(pollNow, POLL_MS);
    } else startPolling();
    clearTimeout(retryTimer);
    retryTimer = setTimeout(openStream, STREAM_RETRY_MS[Math.min(failures, STREAM_RETRY_MS.length) - 1]);
  };

  async function openStream() {
    retryTimer = undefined;
    if (stopped) return;
    const controller = new AbortController();
    stream = controller;
    let response: Response;
    try {
      response = await spec.openStream(controller.signal);
    } catch {
      if (stream === controller) streamFailed();
      return;
    }
    // A newer attempt (retryNow) replaced this one.
    if (stopped || stream !== controller) return;
    if (!response.ok) {
      if (FINAL_STATUSES.has(response.status)) {
        const body: unknown = await response.json().catch(() => undefined);
        refuse({ status: response.status, message: readErrorEnvelope(body).message });
      } else streamFailed();
      return;
    }
    if (!response.body) {
      // This browser cannot read a fetch as it arrives: polling it is, with a rare retry.
      streamFailed();
      return;
    }
    let heard = false;
    let closed = false;
    let ended = false;
    let endMessage: string | undefined;
    let stall: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => controller.abort(), STALL_MS);
    };
    watch();
    try {
      await readSse(
        response.body,
        (event) => {
          if (event.event === 'queue') {
            const state = JSON.parse(event.data) as PatientQueue;
            heard = true;
            failures = 0;
            stopPolling();
            spec.onState(state);
            setMode('live');
          } else if (event.event === 'end') {
            ended = true;
            endMessage = readErrorEnvelope(JSON.parse(event.data || '{}')).message;
          }
        },
        () => {
          watch();
          if (heard) spec.onAlive();
        },
      );
      closed = true;
    } catch {
      // Dropped, stalled or aborted: polling takes over below.
    } finally {
      clearTimeout(stall);
    }
    if (stopped || stream !== controller) return;
    if (ended) {
      stop();
      spec.onEnd(endMessage);
      mode = 'ended';
      spec.onMode('ended');
      return;
    }
    // A stream that brought the state and then closed is the server's periodic close: open the next.
    if (heard && closed) {
      retryTimer = setTimeout(openStream, REOPEN_MS);
      return;
    }
    streamFailed();
  }

  void openStream();

  return {
    stop,
    retryNow() {
      if (stopped) return;
      clearTimeout(retryTimer);
      failures = 0;
      // The stream this replaces sees it is no longer current and lets go quietly.
      stream?.abort();
      void openStream();
    },
    networkLost() {
      if (stopped) return;
      setMode('offline');
      // The browser may keep a dead connection open for minutes: drop it and poll until told otherwise.
      stream?.abort();
    },
  };
}
