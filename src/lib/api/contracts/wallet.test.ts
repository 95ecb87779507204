import { describe, expect, it } from 'vitest';
import { aboveAvailableMessage, withdrawalAmountProblem } from './wallet.ts';

describe('withdrawalAmountProblem', () => {
  it('refuses an amount above what the wallet can pay out, in Persian, with the figure', () => {
    expect(withdrawalAmountProblem('۴٬۰۰۰٬۰۰۰', 3_000_000)).toBe(aboveAvailableMessage(3_000_000));
    expect(aboveAvailableMessage(3_000_000)).toBe('مبلغ برداشت از موجودی قابل برداشت (۳٬۰۰۰٬۰۰۰ ریال) بیشتر است');
    expect(withdrawalAmountProblem(1, 0)).toBeDefined();
  });

  it('says nothing while the amount fits or is not a number yet (the schema speaks then)', () => {
    expect(withdrawalAmountProblem('3,000,000', 3_000_000)).toBeUndefined();
    expect(withdrawalAmountProblem('', 3_000_000)).toBeUndefined();
    expect(withdrawalAmountProblem('abc', 3_000_000)).toBeUndefined();
    expect(withdrawalAmountProblem(undefined, 3_000_000)).toBeUndefined();
  });
});
