/**
 * The process's side of the live queue: one LISTEN for every stream it serves. A day's change
 * (NOTIFY from whichever process wrote it) reloads that day once, at most once a second, and hands
 * the new state to each of the day's subscribers; a day nobody follows is never read.
 */
import type { BookingContext } from '../appointments/context.ts';
import type { Database } from '../db/client.ts';
import { logError } from '../log.ts';
import { QUEUE_CHANNEL } from './repository.ts';
import { loadDay } from './service.ts';
import type { DayQueue } from './state.ts';

/** A day is read again at most this often, however many events arrive. */
const RELOAD_MS = 1000;

type Subscriber = (day: DayQueue) => void;

interface Followed {
  doctorId: string;
  day: string;
  subscribers: Set<Subscriber>;
  current?: DayQueue;
  lastLoad: number;
  timer?: ReturnType<typeof setTimeout> | undefined;
  loading?: Promise<void> | undefined;
}

export class QueueHub {
  readonly #days = new Map<string, Followed>();
  #listening: Promise<() => Promise<void>> | undefined;

  readonly #database: Database;
  readonly #context: () => BookingContext;

  constructor(database: Database, context: () => BookingContext) {
    this.#database = database;
    this.#context = context;
  }

  /** Days followed, and subscribers in all. */
  get size(): { days: number; subscribers: number } {
    let subscribers = 0;
    for (const followed of this.#days.values()) subscribers += followed.subscribers.size;
    return { days: this.#days.size, subscribers };
  }

  /** Follows `doctorId`'s `day`: `subscriber` gets the state now and after each change; call the answer to stop. */
  async subscribe(doctorId: string, day: string, subscriber: Subscriber): Promise<() => void> {
    await this.#listen();
    const id = `${doctorId} ${day}`;
    let followed = this.#days.get(id);
    if (!followed) {
      followed = { doctorId, day, subscribers: new Set(), lastLoad: 0 };
      this.#days.set(id, followed);
    }
    followed.subscribers.add(subscriber);
    if (followed.current) subscriber(followed.current);
    else await this.#reload(followed);
    const stay = followed;
    return () => {
      stay.subscribers.delete(subscriber);
      if (stay.subscribers.size === 0) {
        if (stay.timer) clearTimeout(stay.timer);
        this.#days.delete(id);
      }
    };
  }

  /** Stops listening; the streams are closed by their owners. */
  async close(): Promise<void> {
    for (const followed of this.#days.values()) if (followed.timer) clearTimeout(followed.timer);
    this.#days.clear();
    const stop = await this.#listening?.catch(() => undefined);
    this.#listening = undefined;
    await stop?.();
  }

  #listen(): Promise<() => Promise<void>> {
    this.#listening ??= this.#database
      .listen(QUEUE_CHANNEL, {
        onMessage: (payload) => {
          const followed = this.#days.get(payload);
          if (followed) this.#schedule(followed);
        },
        // Messages may have been lost while the connection was down: read every followed day again.
        onResync: () => {
          for (const followed of this.#days.values()) this.#schedule(followed);
        },
      })
      .catch((error: unknown) => {
        this.#listening = undefined;
        throw error;
      });
    return this.#listening;
  }

  /** Reloads `followed` now, or once a second has passed since its last load. */
  #schedule(followed: Followed): void {
    if (followed.timer) return;
    const wait = Math.max(0, followed.lastLoad + RELOAD_MS - Date.now());
    followed.timer = setTimeout(() => {
      followed.timer = undefined;
      void this.#reload(followed);
    }, wait);
  }

  async #reload(followed: Followed): Promise<void> {
    if (followed.loading) {
      // A change arrived while reading: read once more after this read.
      await followed.loading;
      this.#schedule(followed);
      return;
    }
    followed.lastLoad = Date.now();
    followed.loading = (async () => {
      try {
        followed.current = await loadDay(this.#database.db, this.#context(), followed.doctorId, followed.day);
        for (const subscriber of followed.subscribers) subscriber(followed.current);
      } catch (error) {
        logError('Reading the queue for its live streams failed', error);
      } finally {
        followed.loading = undefined;
      }
    })();
    await followed.loading;
  }
}
