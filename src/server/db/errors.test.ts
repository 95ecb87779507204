import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

const pgError = (code: string) => Object.assign(new Error(`error ${code}`), { code });

describe('isDatabaseUnavailable', () => {
  it('is true for a lost or refused connection (class 08 connection failures, shutdown, too many connections)', () => {
    for (const code of ['08000', '08001', '08003', '08004', '08006', '08007', '57P01', '57P03', '53300']) expect(isDatabaseUnavailable(pgError(code)), code).toBe(true);
    // Drizzle wraps the driver's error.
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: pgError('08006') }))).toBe(true);
  });

  it('is false for 08P01, the protocol violation a statement of more than 65,535 parameters gets: a fault of the statement, not an outage', () => {
    expect(isDatabaseUnavailable(pgError('08P01'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Failed query: insert …', { cause: pgError('08P01') }))).toBe(false);
  });

  it('is false for other statement errors', () => {
    for (const code of ['23505', '22P02', '42601', '54000']) expect(isDatabaseUnavailable(pgError(code)), code).toBe(false);
  });
});
