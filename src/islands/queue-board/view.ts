/** What the waiting-room board says, from the public board and how fresh it is: words only, no DOM. */
import type { PublicBoard } from '#lib/api/contracts/queue.ts';
import { formatTime } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { delayWords, SESSION_WORDS } from '#lib/queue/words.ts';
import { type FeedMode, POLL_MS } from './feed.ts';

export interface BoardText {
  /** The number being seen, or a dash before the first call. */
  number: string;
  /** Under the number: since when, or why there is none. */
  calledAt: string;
  session: string;
  delay: string;
  waiting: string;
}

/** The board's words for `board`. */
export function boardText(board: PublicBoard): BoardText {
  const emptyDay = board.session === 'not_started' && board.waiting === 0 && board.now_serving === undefined;
  let calledAt = '';
  if (board.called_at) calledAt = `از ساعت ${formatTime(board.called_at)}`;
  else if (board.session !== 'ended') calledAt = 'هنوز کسی فراخوانده نشده است';
  return {
    number: board.now_serving === undefined ? '—' : toPersianDigits(board.now_serving),
    calledAt,
    session: emptyDay ? 'امروز نوبتی برای این پزشک نیست' : SESSION_WORDS[board.session],
    // After the session a delay says nothing any more.
    delay: board.session === 'ended' ? '—' : delayWords(board.delay_minutes),
    waiting: board.waiting > 0 ? `${toPersianDigits(board.waiting)} نفر` : 'کسی در انتظار نیست',
  };
}

/** The line that says how fresh the board is; `asOf` is the last board shown. */
export function freshnessText(mode: FeedMode, asOf: string | undefined): string {
  const last = asOf ? `آخرین به‌روزرسانی: ساعت ${formatTime(asOf)}` : '';
  switch (mode) {
    case 'connecting':
      return asOf ? `در حال اتصال دوباره… ${last}` : 'در حال دریافت وضعیت صف…';
    case 'live':
      return 'به‌روزرسانی زنده: هر فراخوان همان لحظه اینجا دیده می‌شود';
    case 'polling':
      return `${last} (هر ${toPersianDigits(POLL_MS / 1000)} ثانیه)`;
    case 'offline':
      return asOf ? `ارتباط با سرور قطع است؛ ${last}` : 'ارتباط با سرور برقرار نشد؛ دوباره تلاش می‌کنیم…';
  }
}
