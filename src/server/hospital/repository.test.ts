import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { claimIdempotencyKey, completeIdempotencyKey, pruneIdempotencyKeys, releaseIdempotencyKey } from './repository.ts';

const minutes = (n: number) => n * 60 * 1000;
let counter = 0;
const request = (hash = 'h1') => ({ keyName: 'his', idempotencyKey: `idem-${++counter}`, requestHash: hash });

describeEachDatabase('hospital Idempotency-Keys', (database) => {
  it('lets one of twenty concurrent claims run; the others see it running', async () => {
    const { db } = database();
    const claim = request();
    const now = new Date();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => claimIdempotencyKey(db, claim, now, new Date(now.getTime() - minutes(5)))));
    expect(outcomes.filter((o) => o.outcome === 'claimed')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'running')).toHaveLength(19);
  });

  it('replays the stored answer to the same request, refuses another request, and keeps keys per API key', async () => {
    const { db } = database();
    const claim = request();
    const now = new Date();
    const stale = new Date(now.getTime() - minutes(5));
    const first = await claimIdempotencyKey(db, claim, now, stale);
    if (first.outcome !== 'claimed') throw new Error(first.outcome);
    await completeIdempotencyKey(db, first.id, { status: 200, body: '{"success":true}' }, now);
    expect(await claimIdempotencyKey(db, claim, now, stale)).toEqual({ outcome: 'replay', status: 200, body: '{"success":true}' });
    expect(await claimIdempotencyKey(db, { ...claim, requestHash: 'other' }, now, stale)).toEqual({ outcome: 'mismatch' });
    expect((await claimIdempotencyKey(db, { ...claim, keyName: 'lab' }, now, stale)).outcome).toBe('claimed');
  });

  it('gives a released key back, takes over a call abandoned mid-way, and prunes old keys', async () => {
    const { db } = database();
    const released = request();
    const start = new Date('2026-01-01T10:00:00Z');
    const first = await claimIdempotencyKey(db, released, start, new Date(0));
    if (first.outcome !== 'claimed') throw new Error(first.outcome);
    await releaseIdempotencyKey(db, first.id);
    expect((await claimIdempotencyKey(db, released, start, new Date(0))).outcome).toBe('claimed');

    const abandoned = request();
    await claimIdempotencyKey(db, abandoned, start, new Date(0));
    const soon = new Date(start.getTime() + minutes(1));
    expect((await claimIdempotencyKey(db, abandoned, soon, new Date(soon.getTime() - minutes(5)))).outcome).toBe('running');
    const later = new Date(start.getTime() + minutes(10));
    expect((await claimIdempotencyKey(db, abandoned, later, new Date(later.getTime() - minutes(5)))).outcome).toBe('claimed');

    const pruned = await pruneIdempotencyKeys(db, new Date(start.getTime() + minutes(5)));
    expect(pruned).toBeGreaterThanOrEqual(1);
    // The released key was claimed again at `start`: pruned, so it runs afresh.
    expect((await claimIdempotencyKey(db, released, later, new Date(0))).outcome).toBe('claimed');
  });
});
