import { describe, expect, it } from 'vitest';
import { BANK_MINIMUM_RIALS, splitPayment } from './payment-split.ts';

describe('splitPayment', () => {
  it('takes the wallet first and sends the rest to the bank', () => {
    expect(splitPayment(6_000_000, 2_000_000, true)).toEqual({ fromWallet: 2_000_000, byBank: 4_000_000, walletReduced: false, payable: true });
    expect(splitPayment(6_000_000, 9_000_000, true)).toEqual({ fromWallet: 6_000_000, byBank: 0, walletReduced: false, payable: true });
    expect(splitPayment(6_000_000, 9_000_000, false)).toEqual({ fromWallet: 0, byBank: 6_000_000, walletReduced: false, payable: true });
  });

  it('never leaves a bank part under the gateway minimum: it takes less from the wallet instead', () => {
    // The wallet covers all but 500 rials: the bank gets the minimum, the wallet 10,000 less than it could.
    expect(splitPayment(6_000_000, 5_999_500, true)).toEqual({ fromWallet: 6_000_000 - BANK_MINIMUM_RIALS, byBank: BANK_MINIMUM_RIALS, walletReduced: true, payable: true });
    expect(splitPayment(6_000_000, 5_990_000, true)).toEqual({ fromWallet: 5_990_000, byBank: BANK_MINIMUM_RIALS, walletReduced: false, payable: true });
    expect(splitPayment(15_000, 14_000, true)).toEqual({ fromWallet: 5_000, byBank: 10_000, walletReduced: true, payable: true });
  });

  it('cannot send an amount under the minimum to the bank at all', () => {
    expect(splitPayment(5_000, 0, true)).toMatchObject({ byBank: 5_000, payable: false });
    expect(splitPayment(5_000, 9_000_000, false)).toMatchObject({ byBank: 5_000, payable: false });
    expect(splitPayment(5_000, 4_000, true)).toMatchObject({ fromWallet: 4_000, byBank: 1_000, payable: false });
    // …unless the wallet covers it all.
    expect(splitPayment(5_000, 9_000_000, true)).toEqual({ fromWallet: 5_000, byBank: 0, walletReduced: false, payable: true });
    expect(splitPayment(0, 0, false)).toEqual({ fromWallet: 0, byBank: 0, walletReduced: false, payable: true });
  });
});
