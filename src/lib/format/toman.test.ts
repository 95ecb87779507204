import { describe, expect, it } from 'vitest';
import { formatRialWithToman, formatToman } from './toman.ts';

describe('formatRialWithToman', () => {
  it.each<[number | bigint, string]>([
    [6_000_000, '۶٬۰۰۰٬۰۰۰ ریال (۶۰۰ هزار تومان)'],
    [12_500_000, '۱۲٬۵۰۰٬۰۰۰ ریال (۱ میلیون و ۲۵۰ هزار تومان)'],
    [20_000_000n, '۲۰٬۰۰۰٬۰۰۰ ریال (۲ میلیون تومان)'],
    [25_000_000_000, '۲۵٬۰۰۰٬۰۰۰٬۰۰۰ ریال (۲ میلیارد و ۵۰۰ میلیون تومان)'],
    [12_345_670, '۱۲٬۳۴۵٬۶۷۰ ریال (۱ میلیون و ۲۳۴ هزار و ۵۶۷ تومان)'],
    [5_000, '۵٬۰۰۰ ریال (۵۰۰ تومان)'],
    [12_000_000_000_000, '۱۲٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰ ریال (۱٬۲۰۰ میلیارد تومان)'],
    [0, '۰ ریال'],
  ])('%s → %j', (n, expected) => {
    expect(formatRialWithToman(n)).toBe(expected);
  });

  it('keeps a tenth of a toman, and the sign of a debit', () => {
    expect(formatToman(12_345)).toBe('۱٬۲۳۴٫۵ تومان');
    expect(formatToman(-6_000_000)).toBe('\u200E\u2212۶۰۰ هزار تومان');
  });
});
