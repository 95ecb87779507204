import { randomUUID } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import type { Db } from '../db/client.ts';
import { VisitBuffer } from './buffer.ts';
import { countVisits, insertVisits, listVisitsOf, type NewVisit } from './repository.ts';
import { queueVisit } from './service.ts';

const visit = (visitorId: string) => ({
  visitor_id: visitorId,
  path: '/clinics/women',
  referrer: '',
  user_agent: 'test',
  screen_width: 390,
  screen_height: 844,
  device_type: 'mobile' as const,
});

/** A buffer over `db` whose INSERTs are counted (rows per call), with a log that is kept. */
function countingBuffer(db: () => Promise<Db>, options: ConstructorParameters<typeof VisitBuffer>[1] = {}) {
  const inserts: number[] = [];
  const log = vi.fn();
  resetInsertTimes();
  const buffer = new VisitBuffer(db, {
    flushIntervalMs: 60_000,
    ...options,
    log,
    insert: async (target, rows) => {
      await insertVisits(target, rows);
      inserts.push(rows.length);
      insertedAt.push(performance.now());
    },
  });
  return { buffer, inserts, log };
}

/** When each INSERT of the last `countingBuffer` finished (performance.now()). */
let insertedAt: number[] = [];
function resetInsertTimes() {
  insertedAt = [];
}

describeEachDatabase('visit buffer', (database) => {
  const db = async () => database().db;

  it('writes 450 queued visits in three INSERTs (200 + 200 + 50), each with its request time', async () => {
    const { buffer, inserts } = countingBuffer(db);
    const visitor = randomUUID();
    const before = await countVisits(database().db);
    const at = new Date('2026-01-02T03:04:05.678Z');
    for (let i = 0; i < 450; i++) queueVisit(visit(visitor), at, buffer);
    await buffer.flush({ all: true });
    expect(inserts).toEqual([200, 200, 50]);
    expect(await countVisits(database().db)).toBe(before + 450);
    const rows = await listVisitsOf(database().db, visitor);
    expect(rows).toHaveLength(450);
    expect(rows.every((row) => row.createdAt.getTime() === at.getTime())).toBe(true);
    expect(buffer.stats).toEqual({ pending: 0, written: 450, dropped: 0, inserts: 3, failedWrites: 0 });
  });

  it('writes a full batch at once, and a short one when the interval is over', async () => {
    const interval = 400;
    const { buffer, inserts } = countingBuffer(db, { batchSize: 10, flushIntervalMs: interval });
    const visitor = randomUUID();
    const started = performance.now();
    for (let i = 0; i < 13; i++) queueVisit(visit(visitor), new Date(), buffer);
    await vi.waitFor(() => expect(inserts).toEqual([10, 3]), { timeout: 5_000 });
    expect(buffer.stats.pending).toBe(0);
    // The full batch did not wait for the timer; the short one did.
    expect(insertedAt[0]! - started).toBeLessThan(interval);
    expect(insertedAt[1]! - started).toBeGreaterThanOrEqual(interval - 5);
    expect(await listVisitsOf(database().db, visitor)).toHaveLength(13);
  });

  it('keeps at most `capacity` visits while the database is away, drops and counts the rest, and catches up', async () => {
    let away = true;
    const flaky = async () => {
      if (away) throw new Error('connection refused');
      return database().db;
    };
    const { buffer, inserts, log } = countingBuffer(flaky, { batchSize: 20, capacity: 50 });
    const visitor = randomUUID();
    const accepted = Array.from({ length: 80 }, () => buffer.add({ ...rowOf(visitor) }));
    await buffer.flush({ all: true });
    expect(accepted.filter(Boolean)).toHaveLength(50);
    expect(buffer.stats).toMatchObject({ pending: 50, written: 0, dropped: 30 });
    expect(inserts).toEqual([]);
    // One line for the outage and one for the drops, not one per visit or per try.
    const messages = log.mock.calls.map(([message]) => String(message));
    expect(messages).toHaveLength(2);
    expect(messages).toEqual(expect.arrayContaining([expect.stringContaining('database is away'), expect.stringContaining('dropping visits (buffer full)')]));

    away = false;
    await buffer.flush({ all: true });
    expect(inserts).toEqual([20, 20, 10]);
    expect(await listVisitsOf(database().db, visitor)).toHaveLength(50);
    expect(buffer.stats).toMatchObject({ pending: 0, written: 50, dropped: 30 });
    expect(String(log.mock.calls.at(-1)?.[0])).toContain('the database is back); 30 visits were dropped');
  });

  it('drops only the row the database refuses, and writes the others of its batch', async () => {
    const { buffer, log } = countingBuffer(db);
    const visitor = randomUUID();
    buffer.add(rowOf(visitor));
    buffer.add({ ...rowOf(visitor), deviceType: 'fridge' as 'mobile' });
    buffer.add(rowOf(visitor));
    await expect(buffer.flush({ all: true })).resolves.toBeUndefined();
    expect(await listVisitsOf(database().db, visitor)).toHaveLength(2);
    expect(buffer.stats).toMatchObject({ pending: 0, written: 2, dropped: 1, failedWrites: 1 });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('refused by the database'), expect.anything());
  });

  it('writes everything on close and drops (and counts) what comes after', async () => {
    const { buffer, inserts } = countingBuffer(db);
    const visitor = randomUUID();
    for (let i = 0; i < 5; i++) buffer.add(rowOf(visitor));
    await buffer.close();
    expect(inserts).toEqual([5]);
    expect(buffer.add(rowOf(visitor))).toBe(false);
    expect(buffer.stats).toMatchObject({ pending: 0, written: 5, dropped: 1 });
    expect(await listVisitsOf(database().db, visitor)).toHaveLength(5);
  });
});

function rowOf(visitorId: string): NewVisit {
  return {
    visitorId,
    path: '/',
    referrer: '',
    userAgent: 'test',
    screenWidth: 1280,
    screenHeight: 800,
    deviceType: 'desktop',
    createdAt: new Date(),
  };
}
