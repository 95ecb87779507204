import { describe, expect, it } from 'vitest';
import { walletSms } from '../wallet/messages.ts';

describe('money SMS texts', () => {
  it('write the bank tracking numbers in Persian digits, like the amounts beside them', () => {
    const charged = walletSms.charged(2_500_000, 4_000_000, '201934885');
    expect(charged).toContain('شماره پیگیری بانک: ۲۰۱۹۳۴۸۸۵');
    expect(charged).toContain('۲٬۵۰۰٬۰۰۰ ریال');
    expect(charged).not.toMatch(/[0-9]/);
    expect(walletSms.withdrawalPaid('WD-ABC123', 3_000_000, '14030912-7781')).toContain('شماره پیگیری: ۱۴۰۳۰۹۱۲-۷۷۸۱');
  });
});
