import { describe, expect, it } from 'vitest';
import { formatAmountInput, formatIban, formatIbanInput, reformat } from './grouped-input.ts';

describe('formatAmountInput', () => {
  it('groups thousands in Persian digits, from Latin, Persian or Arabic-Indic input', () => {
    expect(formatAmountInput('1250000')).toBe('۱٬۲۵۰٬۰۰۰');
    expect(formatAmountInput('۱۲۵۰۰۰۰')).toBe('۱٬۲۵۰٬۰۰۰');
    expect(formatAmountInput('١٢٥٠')).toBe('۱٬۲۵۰');
    expect(formatAmountInput('1,000,000 ریال')).toBe('۱٬۰۰۰٬۰۰۰');
  });

  it('drops leading zeros and has nothing to show without digits', () => {
    expect(formatAmountInput('000123')).toBe('۱۲۳');
    expect(formatAmountInput('0')).toBe('۰');
    expect(formatAmountInput('abc')).toBe('');
  });
});

describe('formatIbanInput', () => {
  const body = '120170000000123456789012';

  it('groups the 24 digits as a printed IBAN and drops a pasted IR', () => {
    expect(formatIbanInput(body)).toBe('12 0170 0000 0012 3456 7890 12');
    expect(formatIbanInput(`IR${body}`)).toBe('12 0170 0000 0012 3456 7890 12');
    expect(formatIbanInput('IR12 0170 0000 0012 3456 7890 12')).toBe('12 0170 0000 0012 3456 7890 12');
    expect(formatIban(body)).toBe('IR12 0170 0000 0012 3456 7890 12');
  });

  it('takes Persian digits and stops at 24 digits', () => {
    expect(formatIbanInput('۱۲۰۱۷')).toBe('12 017');
    expect(formatIbanInput(`${body}999`).replace(/ /g, '')).toBe(body);
  });
});

describe('reformat', () => {
  it('keeps the caret after the digit it followed when a separator appears before it', () => {
    // «۱۰۰۰|» + «0» typed at the end → «۱۰٬۰۰۰|»
    expect(reformat('۱۰۰۰0', 5, formatAmountInput)).toEqual({ value: '۱۰٬۰۰۰', caret: 6 });
  });

  it('keeps the caret in the middle when a digit is typed there', () => {
    // «۱٬|۰۰۰» and «5» typed → «۱۵٬۰۰۰», caret after the 5
    expect(reformat('۱٬5۰۰۰', 3, formatAmountInput)).toEqual({ value: '۱۵٬۰۰۰', caret: 2 });
  });

  it('keeps the caret when a digit is deleted in the middle', () => {
    // «۱۲٬۳|۴۵» with the 3 deleted → «۱۲۴۵» → «۱٬۲۴۵», caret after the 2
    expect(reformat('۱۲٬۴۵', 3, formatAmountInput)).toEqual({ value: '۱٬۲۴۵', caret: 3 });
  });

  it('puts the caret at the start when no digit was before it', () => {
    expect(reformat('x12', 1, formatIbanInput)).toEqual({ value: '12', caret: 0 });
  });

  it('places the caret of a pasted IBAN after its last digit', () => {
    const pasted = 'IR120170000000123456789012';
    expect(reformat(pasted, pasted.length, formatIbanInput)).toEqual({ value: '12 0170 0000 0012 3456 7890 12', caret: 30 });
  });
});
