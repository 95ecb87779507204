import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { inTurn, KEPT_BEFORE } from './slot-turns.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('inTurn', () => {
  it('runs the attempts on one slot one at a time, in order, and those on other slots alongside', async () => {
    const db = {} as Db;
    const log: string[] = [];
    const attempt =
      (name: string, fail = false) =>
      async () => {
        log.push(`${name} in`);
        await tick();
        log.push(`${name} out`);
        if (fail) throw new Error(name);
        return name;
      };
    const never = { keeps: () => false };
    const results = await Promise.allSettled([
      inTurn(db, { slotKey: 'dr-a@1', ...never }, attempt('a1')),
      inTurn(db, { slotKey: 'dr-a@1', ...never }, attempt('a2', true)),
      inTurn(db, { slotKey: 'dr-a@1', ...never }, attempt('a3')),
      inTurn(db, { slotKey: 'dr-a@2', ...never }, attempt('b1')),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual(['a1', 'failed', 'a3', 'b1']);
    const ofSlot = log.filter((line) => line.startsWith('a'));
    // A failed attempt ends its turn too.
    expect(ofSlot).toEqual(['a1 in', 'a1 out', 'a2 in', 'a2 out', 'a3 in', 'a3 out']);
    expect(log.indexOf('b1 in')).toBeLessThan(log.indexOf('a1 out'));
  });

  it('answers every attempt waiting at once when the one before kept the slot, without running them', async () => {
    const db = {} as Db;
    let runs = 0;
    const attempt = (outcome: string) => async () => {
      runs += 1;
      await tick();
      return outcome;
    };
    const turn = { slotKey: 'dr-a@1', keeps: (outcome: string) => outcome === 'held' };
    const results = await Promise.all([inTurn(db, turn, attempt('refused')), inTurn(db, turn, attempt('held')), inTurn(db, turn, attempt('x')), inTurn(db, turn, attempt('y'))]);
    expect(results).toEqual(['refused', 'held', KEPT_BEFORE, KEPT_BEFORE]);
    expect(runs).toBe(2);
  });

  it('keeps the slots of two databases apart', async () => {
    const log: string[] = [];
    const attempt = (name: string) => async () => {
      log.push(`${name} in`);
      await tick();
      log.push(`${name} out`);
    };
    const turn = { slotKey: 'dr-a@1', keeps: () => true };
    await Promise.all([inTurn({} as Db, turn, attempt('first')), inTurn({} as Db, turn, attempt('second'))]);
    expect(log.slice(0, 2)).toEqual(['first in', 'second in']);
  });
});
