import { describe, expect, it } from 'vitest';
import { directionLabel, transactionTitle } from './labels.ts';

describe('wallet statement labels', () => {
  it('names a payment by what it paid for, never as a bank withdrawal', () => {
    expect(transactionTitle({ type: 'payment', reference: 'AP-7K3M9Q' })).toBe('پرداخت نوبت');
    expect(transactionTitle({ type: 'payment', reference: 'IN-7K3M9Q' })).toBe('پرداخت صورت‌حساب');
    expect(transactionTitle({ type: 'payment', reference: null })).toBe('پرداخت');
    expect(directionLabel({ type: 'payment', amount: -2_000_000 })).toBe('پرداخت');
    expect(directionLabel({ type: 'payment', amount: -2_000_000 })).not.toContain('برداشت');
  });

  it('keeps «برداشت» for money sent to the bank account', () => {
    expect(transactionTitle({ type: 'withdrawal', reference: 'WD-7K3M9Q' })).toBe('برداشت به حساب بانکی');
    expect(directionLabel({ type: 'withdrawal', amount: -1_000_000 })).toBe('برداشت');
    expect(directionLabel({ type: 'charge', amount: 1_000_000 })).toBe('واریز');
    expect(directionLabel({ type: 'refund', amount: 1_000_000 })).toBe('واریز');
  });
});
