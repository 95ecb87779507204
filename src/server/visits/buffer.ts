/**
 * Page views wait in memory and are written as one multi-row INSERT: when `batchSize` of them
 * are waiting, when the oldest has waited `flushIntervalMs`, and on shutdown (`closeVisitBuffer`).
 * Decision 008 (docs/decisions/008-batched-visit-tracking.md) says what a crash may lose.
 */
import type { Db } from '../db/client.ts';
import { databaseAnswers } from '../db/client.ts';
import { getDb } from '../db/index.ts';
import { insertVisits, type NewVisit } from './repository.ts';

export interface VisitBufferOptions {
  /** Rows per INSERT; this many waiting rows are written at once. Default 200. */
  batchSize?: number;
  /** Longest a row waits before it is written (and the retry delay while the database is away). Default 1 s. */
  flushIntervalMs?: number;
  /** Most rows held while the database is away; further visits are dropped and counted. Default 10,000. */
  capacity?: number;
  /** The INSERT (tests count the calls). */
  insert?: (db: Db, rows: readonly NewVisit[]) => Promise<void>;
  log?: (message: string, error?: unknown) => void;
}

export interface VisitBufferStats {
  /** Rows waiting in memory. */
  pending: number;
  /** Rows written. */
  written: number;
  /** Visits lost: the buffer was full, a row was refused by the database, or it came after shutdown. */
  dropped: number;
  /** INSERT statements that succeeded. */
  inserts: number;
  /** Writes that failed (the rows were kept for a retry, or written one by one). */
  failedWrites: number;
}

const defaultLog = (message: string, error?: unknown) => (error === undefined ? console.error(message) : console.error(message, error));

export class VisitBuffer {
  readonly #db: () => Promise<Db>;
  readonly #batchSize: number;
  readonly #interval: number;
  readonly #capacity: number;
  readonly #insert: (db: Db, rows: readonly NewVisit[]) => Promise<void>;
  readonly #log: (message: string, error?: unknown) => void;
  #pending: NewVisit[] = [];
  #timer: NodeJS.Timeout | null = null;
  #draining: Promise<void> | null = null;
  #closed = false;
  /** Set while the database is away, so an outage is logged once, not once a second. */
  #away = false;
  #droppedInOutage = 0;
  #stats = { written: 0, dropped: 0, inserts: 0, failedWrites: 0 };

  constructor(db: () => Promise<Db>, options: VisitBufferOptions = {}) {
    this.#db = db;
    this.#batchSize = options.batchSize ?? 200;
    this.#interval = options.flushIntervalMs ?? 1000;
    this.#capacity = options.capacity ?? 10_000;
    this.#insert = options.insert ?? insertVisits;
    this.#log = options.log ?? defaultLog;
  }

  get stats(): VisitBufferStats {
    return { pending: this.#pending.length, ...this.#stats };
  }

  /** Queues one row and returns at once; false when it was dropped (buffer full, or shut down). */
  add(row: NewVisit): boolean {
    if (this.#closed || this.#pending.length >= this.#capacity) {
      this.#drop(1, this.#closed ? 'after shutdown' : 'buffer full');
      return false;
    }
    this.#pending.push(row);
    // A running drain takes the new rows too; while the database is away only the timer retries.
    if (this.#pending.length >= this.#batchSize && !this.#draining && !this.#away) void this.flush();
    this.#schedule();
    return true;
  }

  /** Writes the full batches now, and everything when `all`; resolves when done (never rejects). */
  flush({ all = false }: { all?: boolean } = {}): Promise<void> {
    const previous = this.#draining ?? Promise.resolve();
    const run = previous.then(() => this.#drain(all));
    const tracked = run.finally(() => {
      if (this.#draining === tracked) this.#draining = null;
    });
    this.#draining = tracked;
    return tracked;
  }

  /** Stops the timer, writes everything still waiting (one try), and drops what arrives later. */
  async close(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.flush({ all: true });
    this.#closed = true;
    if (this.#pending.length > 0) {
      const lost = this.#pending.length;
      this.#pending = [];
      this.#drop(lost, 'database unreachable at shutdown');
    }
  }

  #schedule(): void {
    if (this.#timer || this.#closed || this.#pending.length === 0) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.flush({ all: true });
    }, this.#interval);
    this.#timer.unref();
  }

  async #drain(all: boolean): Promise<void> {
    while (this.#pending.length >= (all ? 1 : this.#batchSize)) {
      const batch = this.#pending.splice(0, this.#batchSize);
      if (!(await this.#write(batch))) {
        // The database is away: keep the rows (as many as fit) for the next try.
        const room = Math.max(0, this.#capacity - this.#pending.length);
        this.#pending.unshift(...batch.slice(0, room));
        if (batch.length > room) this.#drop(batch.length - room, 'buffer full');
        break;
      }
    }
    this.#schedule();
  }

  /** Writes `batch`; false when the database does not answer (the rows are not written). */
  async #write(batch: NewVisit[]): Promise<boolean> {
    let db: Db;
    try {
      db = await this.#db();
      await this.#insert(db, batch);
    } catch (error) {
      this.#stats.failedWrites++;
      if (!(await this.#answers())) {
        if (!this.#away) this.#log(`Visit tracking: the database is away; keeping up to ${this.#capacity} visits in memory and retrying.`, error);
        this.#away = true;
        return false;
      }
      // The database answers, so a row was refused: write them one by one and drop the bad ones.
      this.#log(`Visit tracking: a batch of ${batch.length} visits was refused; writing them one by one.`, error);
      for (const row of batch) {
        try {
          await this.#insert(await this.#db(), [row]);
          this.#wrote(1);
        } catch (rowError) {
          this.#log('Visit tracking: a visit was refused by the database and dropped.', rowError);
          this.#stats.dropped++;
        }
      }
      return true;
    }
    this.#wrote(batch.length);
    return true;
  }

  #wrote(rows: number): void {
    this.#stats.written += rows;
    this.#stats.inserts++;
    if (this.#away || this.#droppedInOutage > 0) {
      const back = this.#away ? ' (the database is back)' : '';
      this.#log(`Visit tracking: writing again${back}; ${this.#droppedInOutage} visits were dropped meanwhile.`);
      this.#away = false;
      this.#droppedInOutage = 0;
    }
  }

  async #answers(): Promise<boolean> {
    try {
      return await databaseAnswers(await this.#db());
    } catch {
      return false;
    }
  }

  #drop(rows: number, why: string): void {
    if (this.#droppedInOutage === 0) this.#log(`Visit tracking: dropping visits (${why}).`);
    this.#stats.dropped += rows;
    this.#droppedInOutage += rows;
  }
}

// The start script and the Astro server bundle each load their own copy of this module; the
// buffer lives on globalThis so that the script flushes the one the endpoint fills.
const registryKey = Symbol.for('patient-portal.visit-buffer');
type Registry = { [registryKey]?: VisitBuffer };

/** The process's visit buffer, writing to the process's database. */
export function visitBuffer(): VisitBuffer {
  return ((globalThis as Registry)[registryKey] ??= new VisitBuffer(getDb));
}

/** Shutdown: writes the waiting visits (if any were recorded) before the database closes. */
export async function closeVisitBuffer(): Promise<void> {
  await (globalThis as Registry)[registryKey]?.close();
}
