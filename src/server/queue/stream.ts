/**
 * The visit day's Server-Sent Events: a `queue` event with the state each time it changes (at most
 * once a second), a comment line every HEARTBEAT_MS so proxies and phones keep the connection, and
 * an end: when the doctor's session ends, when what is followed is gone, after MAX_STREAM_MS (the
 * browser reconnects, and the bearer token is checked again), and when the process stops.
 */

import { bookingContext } from '../appointments/default-context.ts';
import { getDatabase } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { QueueHub } from './live.ts';
import { queueMessages as M } from './messages.ts';
import type { DayQueue } from './state.ts';

export const HEARTBEAT_MS = 20_000;
/** A stream lives this long at most; EventSource and the portal's client open the next one. */
export const MAX_STREAM_MS = 15 * 60_000;
const MIN_GAP_MS = 1000;
/**
 * Streams one process holds at most, whoever opens them: the per-account and per-address limits
 * do not bound a crowd of addresses (an IPv6 block is millions), and each stream holds a socket.
 * The bench measures about 14 KB a stream, so this many are some 70 MB, far below the open-file
 * limit, and far above any hospital's waiting rooms and patients of one day.
 */
export const MAX_OPEN_STREAMS = 5000;

/** What a stream shows of a day: its `queue` event's data, and whether the stream ends after it. */
export type View = (day: DayQueue, now: Date) => { data: object; last: boolean };

// Kept on globalThis: the start script (which closes the streams on SIGTERM) and the server bundle
// each load their own copy of this module, and must see the same streams.
const registryKey = Symbol.for('patient-portal.queue-streams');
type StreamRegistry = { [registryKey]?: { accounts: Map<string, number>; addresses: Map<string, number>; closers: Set<() => void> } };
const streams = ((globalThis as StreamRegistry)[registryKey] ??= { accounts: new Map(), addresses: new Map(), closers: new Set() });
/** Open streams of this process, per account and per address: each a count. */
const open = streams;
const closers = streams.closers;

const hubKey = Symbol.for('patient-portal.queue-hub');
type HubRegistry = { [hubKey]?: Promise<QueueHub> };

/** The process's hub (one LISTEN connection however many streams). */
export function queueHub(): Promise<QueueHub> {
  const registry = globalThis as HubRegistry;
  registry[hubKey] ??= getDatabase().then((database) => new QueueHub(database, bookingContext));
  return registry[hubKey];
}

/** Ends every stream of this process and the hub's LISTEN; the start script calls it on SIGTERM. */
export async function closeQueueStreams(): Promise<void> {
  for (const close of [...closers]) close();
  const registry = globalThis as HubRegistry;
  const hub = await registry[hubKey];
  delete registry[hubKey];
  await hub?.close();
}

/** Open streams in this process (for the bench and tests). */
export const openStreamCount = () => closers.size;

function take(map: Map<string, number>, key: string, limit: number): boolean {
  const count = map.get(key) ?? 0;
  if (count >= limit) return false;
  map.set(key, count + 1);
  return true;
}

function give(map: Map<string, number>, key: string): void {
  const count = (map.get(key) ?? 1) - 1;
  if (count <= 0) map.delete(key);
  else map.set(key, count);
}

export interface StreamRequest {
  doctorId: string;
  day: string;
  view: View;
  /** Counted against QUEUE_STREAMS_PER_ACCOUNT; absent for the public board. */
  account?: string | undefined;
  address: string;
  limits: { perAccount: number; perAddress: number };
  signal: AbortSignal;
}

const encoder = new TextEncoder();
const frame = (data: object) => encoder.encode(`event: queue\ndata: ${JSON.stringify(data)}\n\n`);
const changeOf = (data: object) => JSON.stringify({ ...data, as_of: undefined });

/** A `text/event-stream` response following one doctor's day; 429 past the limits. */
export async function queueEventStream(request: StreamRequest): Promise<Response> {
  const { account, address, limits } = request;
  if (closers.size >= MAX_OPEN_STREAMS) throw new AppError('unavailable', M.streamsFull, { retryAfter: 30 });
  if (account !== undefined && !take(open.accounts, account, limits.perAccount)) throw new AppError('rate_limited', M.tooManyStreams);
  if (!take(open.addresses, address, limits.perAddress)) {
    if (account !== undefined) give(open.accounts, account);
    throw new AppError('rate_limited', M.tooManyStreams);
  }
  let closed = false;
  let unsubscribe: (() => void) | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let lifetime: ReturnType<typeof setTimeout> | undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let last: DayQueue | undefined;
  let lastSent = '';
  let lastSentAt = 0;

  const close = () => {
    if (closed) return;
    closed = true;
    closers.delete(close);
    unsubscribe?.();
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    clearTimeout(pending);
    if (account !== undefined) give(open.accounts, account);
    give(open.addresses, address);
    try {
      controller.close();
    } catch {
      // Already closed by the other side.
    }
  };

  const write = (bytes: Uint8Array) => {
    if (closed) return;
    try {
      controller.enqueue(bytes);
    } catch {
      close();
    }
  };

  /** Sends the view of the latest state if it changed (at most once a second), ending the stream after the last one. */
  const send = () => {
    if (closed || !last) return;
    const wait = lastSentAt + MIN_GAP_MS - Date.now();
    if (wait > 0) {
      pending ??= setTimeout(() => {
        pending = undefined;
        send();
      }, wait);
      return;
    }
    let shown: { data: object; last: boolean };
    try {
      shown = request.view(last, new Date());
    } catch (error) {
      const message = error instanceof AppError ? error.message : M.cancelled;
      write(encoder.encode(`event: end\ndata: ${JSON.stringify({ message })}\n\n`));
      close();
      return;
    }
    const change = changeOf(shown.data);
    if (change !== lastSent) {
      lastSent = change;
      lastSentAt = Date.now();
      write(frame(shown.data));
    }
    if (shown.last) {
      write(encoder.encode('event: end\ndata: {}\n\n'));
      close();
    }
  };

  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      // Reconnect after 5 s when the connection drops (EventSource's default is 3 s: too eager on a phone).
      write(encoder.encode('retry: 5000\n\n'));
    },
    cancel: close,
  });
  closers.add(close);
  request.signal.addEventListener('abort', close, { once: true });
  try {
    const hub = await queueHub();
    unsubscribe = await hub.subscribe(request.doctorId, request.day, (day) => {
      last = day;
      send();
    });
    if (closed) unsubscribe();
  } catch (error) {
    close();
    throw error;
  }
  // The estimate moves with the clock: the heartbeat recomputes it from the state in memory.
  heartbeat = setInterval(() => {
    write(encoder.encode(': keep-alive\n\n'));
    send();
  }, HEARTBEAT_MS);
  lifetime = setTimeout(close, MAX_STREAM_MS);
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the compression middleware would buffer the stream.
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}
