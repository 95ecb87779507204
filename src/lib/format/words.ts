/**
 * Whole numbers in Persian words, as a cheque or a bank form writes an amount:
 * 1_500_000 → «یک میلیون و پانصد هزار». Groups of three digits joined with « و ».
 * (@persian-tools/persian-tools' numberToWords does the same but brings ~2.7 KB gzipped of
 * unrelated tables with it on a page that counts its kilobytes.)
 */

const ONES = ['', 'یک', 'دو', 'سه', 'چهار', 'پنج', 'شش', 'هفت', 'هشت', 'نه'];
const TEENS = ['ده', 'یازده', 'دوازده', 'سیزده', 'چهارده', 'پانزده', 'شانزده', 'هفده', 'هجده', 'نوزده'];
const TENS = ['', '', 'بیست', 'سی', 'چهل', 'پنجاه', 'شصت', 'هفتاد', 'هشتاد', 'نود'];
const HUNDREDS = ['', 'صد', 'دویست', 'سیصد', 'چهارصد', 'پانصد', 'ششصد', 'هفتصد', 'هشتصد', 'نهصد'];
/** 10^0, 10^3 … 10^15. */
const SCALES = ['', 'هزار', 'میلیون', 'میلیارد', 'تریلیون', 'کوادریلیون'];

/** 1 … 999 in words. */
function belowThousand(n: number): string {
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds) parts.push(HUNDREDS[hundreds]!);
  if (rest >= 10 && rest < 20) parts.push(TEENS[rest - 10]!);
  else {
    if (rest >= 20) parts.push(TENS[Math.floor(rest / 10)]!);
    if (rest % 10) parts.push(ONES[rest % 10]!);
  }
  return parts.join(' و ');
}

/**
 * `n` in Persian words; «صفر» for 0, «منفی …» below zero.
 * @throws RangeError for a non-integer or a number beyond Number.MAX_SAFE_INTEGER.
 */
export function numberToPersianWords(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a safe integer: ${n}`);
  if (n === 0) return 'صفر';
  if (n < 0) return `منفی ${numberToPersianWords(-n)}`;
  const groups: string[] = [];
  for (let scale = 0, rest = n; rest > 0; scale++, rest = Math.floor(rest / 1000)) {
    const group = rest % 1000;
    if (group) groups.unshift(SCALES[scale] ? `${belowThousand(group)} ${SCALES[scale]}` : belowThousand(group));
  }
  return groups.join(' و ');
}
