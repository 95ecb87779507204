import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

/** What every production configuration needs besides an SMS provider (see secret.test.ts). */
const productionBasics = { APP_SECRET: 'a'.repeat(32), PUBLIC_SITE_URL: 'https://portal.example.ir', PAYMENT_ALLOW_SANDBOX: '1' };

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
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMS_PROVIDER: 'pigeon' })).toThrow(EnvError);
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMS_PROVIDER: 'pigeon' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT="eighty"');
      expect(message).toContain('DATABASE_URL="mysql://x"');
      expect(message).toContain('SMS_PROVIDER="pigeon"');
    }
  });

  it('derives the default site URL from PORT outside production, so SMS links open the running server', () => {
    expect(parseEnv({ PORT: '8080' }).PUBLIC_SITE_URL).toBe('http://localhost:8080');
    expect(parseEnv({}).PUBLIC_SITE_URL).toBe('http://localhost:4321');
    expect(parseEnv({ PORT: '0' }).PUBLIC_SITE_URL).toBe('http://localhost:4321');
    expect(parseEnv({ PORT: '8080', PUBLIC_SITE_URL: 'https://portal.example.ir' }).PUBLIC_SITE_URL).toBe('https://portal.example.ir');
  });

  it('accepts a PostgreSQL URL', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).DATABASE_URL).toBe('postgres://u@127.0.0.1:5432/db');
  });

  it('puts the SMS outbox in the data directory unless told otherwise', () => {
    expect(parseEnv({ DATA_DIR: '/var/portal' }).SMS_OUTBOX_FILE).toBe('/var/portal/sms-outbox.jsonl');
    expect(parseEnv({ SMS_OUTBOX_FILE: '/tmp/outbox.jsonl' }).SMS_OUTBOX_FILE).toBe('/tmp/outbox.jsonl');
    expect(parseEnv({}).KAVENEGAR_BASE_URL).toBe('https://api.kavenegar.com');
  });

  it('refuses the console SMS provider in production unless SMS_ALLOW_CONSOLE=1', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SMS_PROVIDER=console in production.*SMS_ALLOW_CONSOLE=1/s);
    expect(() => parseEnv({ NODE_ENV: 'production', SMS_PROVIDER: 'console' })).toThrow(EnvError);
    expect(parseEnv({ NODE_ENV: 'production', SMS_ALLOW_CONSOLE: '1', ...productionBasics }).SMS_PROVIDER).toBe('console');
    expect(parseEnv({ NODE_ENV: 'development' }).SMS_PROVIDER).toBe('console');
  });

  it('refuses the simulated bank in production unless PAYMENT_ALLOW_SANDBOX=1, and Zarinpal without a merchant id', () => {
    const { PAYMENT_ALLOW_SANDBOX: _, ...withoutSandbox } = productionBasics;
    expect(() => parseEnv({ NODE_ENV: 'production', SMS_ALLOW_CONSOLE: '1', ...withoutSandbox })).toThrow(/PAYMENT_GATEWAY=sandbox in production.*PAYMENT_ALLOW_SANDBOX=1/s);
    expect(parseEnv({ NODE_ENV: 'production', SMS_ALLOW_CONSOLE: '1', ...productionBasics }).PAYMENT_GATEWAY).toBe('sandbox');
    expect(() => parseEnv({ PAYMENT_GATEWAY: 'zarinpal' })).toThrow(/ZARINPAL_MERCHANT_ID is required/);
    const merchant = '1344b5d4-0048-11e8-94db-005056a205be';
    const zarinpal = parseEnv({ NODE_ENV: 'production', SMS_ALLOW_CONSOLE: '1', ...withoutSandbox, PAYMENT_GATEWAY: 'zarinpal', ZARINPAL_MERCHANT_ID: merchant });
    expect(zarinpal).toMatchObject({ PAYMENT_GATEWAY: 'zarinpal', ZARINPAL_SANDBOX: '0' });
    expect(() => parseEnv({ PAYMENT_GATEWAY: 'zarinpal', ZARINPAL_MERCHANT_ID: 'not-a-uuid-secret' })).toThrow(/ZARINPAL_MERCHANT_ID=<hidden>/);
  });

  it('reads the wallet and payment limits as numbers, with api.md defaults', () => {
    expect(parseEnv({})).toMatchObject({ WALLET_CHARGE_MAX: 500_000_000, PAYMENT_TIMEOUT_MINUTES: 20 });
    expect(parseEnv({ WALLET_CHARGE_MAX: '2000000', PAYMENT_TIMEOUT_MINUTES: '30' })).toMatchObject({ WALLET_CHARGE_MAX: 2_000_000, PAYMENT_TIMEOUT_MINUTES: 30 });
    expect(() => parseEnv({ WALLET_CHARGE_MAX: '1000' })).toThrow(/WALLET_CHARGE_MAX/);
    expect(() => parseEnv({ PAYMENT_TIMEOUT_MINUTES: '1' })).toThrow(/PAYMENT_TIMEOUT_MINUTES/);
  });

  it('requires the Kavenegar key and template with SMS_PROVIDER=kavenegar', () => {
    expect(() => parseEnv({ SMS_PROVIDER: 'kavenegar' })).toThrow(/KAVENEGAR_API_KEY is required[\s\S]*KAVENEGAR_TEMPLATE is required/);
    expect(() => parseEnv({ SMS_PROVIDER: 'kavenegar', KAVENEGAR_API_KEY: 'k' })).toThrow(/KAVENEGAR_TEMPLATE/);
    const config = parseEnv({ NODE_ENV: 'production', SMS_PROVIDER: 'kavenegar', KAVENEGAR_API_KEY: 'k', KAVENEGAR_TEMPLATE: 'portal-login', ...productionBasics });
    expect(config).toMatchObject({ SMS_PROVIDER: 'kavenegar', KAVENEGAR_TEMPLATE: 'portal-login' });
  });

  it('never prints the Kavenegar API key, even beside other mistakes', () => {
    const secret = 'ABCDEF0123456789SECRET';
    let message = '';
    try {
      parseEnv({ SMS_PROVIDER: 'kavenegar', KAVENEGAR_API_KEY: secret, KAVENEGAR_TEMPLATE: 'bad template!', KAVENEGAR_BASE_URL: 'nope' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('KAVENEGAR_TEMPLATE="bad template!"');
    expect(message).toContain('KAVENEGAR_BASE_URL="nope"');
    expect(message).not.toContain(secret);
  });
});
