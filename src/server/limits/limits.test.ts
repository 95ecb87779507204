import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { AppError } from '../errors.ts';
import { countEvents } from './repository.ts';
import { addressLimit, consumeAllowance, pruneLimitEvents, takeAllowance } from './service.ts';

const NOW = new Date('2026-12-01T08:00:00Z');
const MIN = 60_000;
const later = (ms: number) => new Date(NOW.getTime() + ms);
const message = (seconds: number) => `بعد از ${seconds} ثانیه`;

describeEachDatabase('limits counted in the database', (database) => {
  const db = () => database().db;
  const take = (subject: string, windows: Array<{ max: number; ms: number }>, at: Date) => db().transaction((tx) => takeAllowance(tx, { bucket: 'test', subject }, windows, at));

  it('takes the allowance until a window is full, then says when it opens', async () => {
    const windows = [
      { max: 1, ms: MIN },
      { max: 3, ms: 10 * MIN },
    ];
    expect(await take('a', windows, NOW)).toBe(0);
    expect(await take('a', windows, later(1000))).toBe(NOW.getTime() + MIN);
    expect(await take('a', windows, later(MIN))).toBe(0);
    expect(await take('a', windows, later(2 * MIN))).toBe(0);
    // The ten-minute window is full now: it opens ten minutes after the first event.
    expect(await take('a', windows, later(3 * MIN))).toBe(NOW.getTime() + 10 * MIN);
    expect(await take('b', windows, later(3 * MIN))).toBe(0);
    expect(await countEvents(db(), { bucket: 'test', subject: 'a' }, NOW)).toBe(3);
  });

  it('lets exactly the allowance through when 50 requests race', async () => {
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => take('race', [{ max: 7, ms: MIN }], NOW)));
    expect(outcomes.filter((opensAt) => opensAt === 0)).toHaveLength(7);
  });

  it('refuses with a 429 and Retry-After, and a zero allowance always', async () => {
    await consumeAllowance(db(), { subject: { bucket: 'test', subject: 'c' }, windows: [{ max: 1, ms: MIN }], message, now: NOW });
    const refused = await consumeAllowance(db(), { subject: { bucket: 'test', subject: 'c' }, windows: [{ max: 1, ms: MIN }], message, now: later(15_000) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'rate_limited', retryAfter: 45 });
    expect(await take('d', [{ max: 0, ms: MIN }], NOW)).toBe(Number.POSITIVE_INFINITY);
  });

  it('a per-address limit counts each address in the database: the allowance, then 429 until the window moves on', async () => {
    const limit = addressLimit('test-address', { max: 60, ms: MIN }, message);
    const outcomes = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        limit.consume('203.0.113.7', db(), later(i)).then(
          () => 'ok',
          (error: unknown) => error,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(60);
    expect(outcomes.filter((outcome) => outcome !== 'ok').every((error) => error instanceof AppError && error.code === 'rate_limited' && (error.retryAfter ?? 0) > 0)).toBe(true);
    // The count lives in the table every process reads, not in this process.
    expect(await countEvents(db(), { bucket: 'test-address', subject: '203.0.113.7' }, NOW)).toBe(60);
    await limit.consume('203.0.113.8', db(), later(100));
    await limit.consume('203.0.113.7', db(), later(MIN + 100));
  });

  it('forgets events older than every window', async () => {
    await take('old', [{ max: 5, ms: MIN }], NOW);
    await pruneLimitEvents(db(), later(3 * 24 * 60 * MIN));
    expect(await countEvents(db(), { bucket: 'test', subject: 'old' }, new Date(0))).toBe(0);
  });
});
