import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('fills the documented defaults', () => {
    expect(parseEnv({})).toMatchObject({
      PORT: 4321,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      SMS_PROVIDER: 'console',
      PAYMENT_GATEWAY: 'sandbox',
    });
    expect(parseEnv({}).DATABASE_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(4321);
  });

  it('names every bad variable in one message', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMS_PROVIDER: 'pigeon' })).toThrowError(EnvError);
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMS_PROVIDER: 'pigeon' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT="eighty"');
      expect(message).toContain('DATABASE_URL="mysql://x"');
      expect(message).toContain('SMS_PROVIDER="pigeon"');
    }
  });

  it('accepts a PostgreSQL URL', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).DATABASE_URL).toBe('postgres://u@127.0.0.1:5432/db');
  });
});
