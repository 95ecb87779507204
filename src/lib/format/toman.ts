/**
 * Money in rials with tomans beside it, for fees, prices and balances shown to patients. Its own
 * module, so the pages' shared script (which formats plain rials) does not carry the toman words.
 */
import { formatPersianNumber, formatRial } from './number.ts';

/** Digit-group scales of a toman amount in words: 10^0, 10^3, 10^6, 10^9. */
const TOMAN_SCALES = ['', ' هزار', ' میلیون', ' میلیارد'];

/**
 * «۶۰۰ هزار تومان», «۱ میلیون و ۲۵۰ هزار تومان»: a rial amount in tomans (a tenth), the way people
 * say it, in Persian digits per group; '' for 0. Amounts that are not whole tomans keep the decimal.
 */
export function formatToman(rials: number | bigint): string {
  const toman = Math.round(Number(rials)) / 10;
  let rest = Math.abs(toman);
  if (!rest) return '';
  if (!Number.isInteger(rest)) return `${formatPersianNumber(toman, 1)} تومان`;
  const groups: string[] = [];
  for (let scale = 0; rest > 0; scale++, rest = Math.floor(rest / 1000)) {
    // The last scale takes all that is left («۱٬۲۰۰ میلیارد»).
    const last = scale === TOMAN_SCALES.length - 1;
    const group = last ? rest : rest % 1000;
    if (group) groups.unshift(formatPersianNumber(group, 1) + TOMAN_SCALES[scale]);
    if (last) break;
  }
  return `${toman < 0 ? '\u200E\u2212' : ''}${groups.join(' و ')} تومان`;
}

/**
 * «۶٬۰۰۰٬۰۰۰ ریال (۶۰۰ هزار تومان)»: the rial amount (the unit the hospital bills in) with tomans
 * beside it, the unit patients think in. The form for fees, prices and balances shown to patients;
 * «۰ ریال» alone for nothing.
 */
export function formatRialWithToman(rials: number | bigint): string {
  const toman = formatToman(rials);
  return toman ? `${formatRial(rials)} (${toman})` : formatRial(rials);
}
