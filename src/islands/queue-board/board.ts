/**
 * The waiting-room board's script (pages/queue/[doctor_id].astro): fills the prerendered page with
 * today's board and keeps it current, ticks the clock, and names today's clinic and room. Plain DOM,
 * no framework: a public page that a screen keeps open all day (decision 028).
 */
import type { PublicBoard } from '#lib/api/contracts/queue.ts';
import { formatTime, formatWeekdayDate } from '#lib/format/date.ts';
import { type FeedMode, followBoard } from './feed.ts';
import { type BoardSession, todaysPlace } from './place.ts';
import { boardText, freshnessText } from './view.ts';

const root = document.querySelector<HTMLElement>('[data-queue-board]');
if (root?.dataset.url) {
  const field = (name: string) => root.querySelector<HTMLElement>(`[data-board="${name}"]`);
  const put = (name: string, text: string) => {
    const element = field(name);
    // Unchanged text is left alone, so the polite live region announces only real changes.
    if (element && element.textContent !== text) element.textContent = text;
  };

  let asOf: string | undefined;
  let mode: FeedMode = 'connecting';
  const showFreshness = () => {
    put('updated', freshnessText(mode, asOf));
    root.dataset.mode = mode;
  };

  const place = field('place');
  const sessions = JSON.parse(place?.dataset.sessions ?? '[]') as BoardSession[];
  const tick = () => {
    const now = new Date();
    put('clock', formatTime(now));
    put('today', formatWeekdayDate(now));
    const here = todaysPlace(sessions, now);
    if (here) put('place', here);
    // On the next minute, not every second: the clock shows minutes.
    setTimeout(tick, 60_000 - (now.getTime() % 60_000) + 50);
  };
  tick();

  followBoard({
    url: root.dataset.url,
    onBoard(board: PublicBoard) {
      const text = boardText(board);
      put('number', text.number);
      // The dash before the first call is a placeholder, not a number to read across the room.
      const number = field('number');
      number?.classList.toggle('text-brand', board.now_serving !== undefined);
      number?.classList.toggle('text-muted', board.now_serving === undefined);
      put('called-at', text.calledAt);
      put('session', text.session);
      put('delay', text.delay);
      put('waiting', text.waiting);
      root.dataset.session = board.session;
      asOf = board.as_of;
      showFreshness();
    },
    onMode(next) {
      mode = next;
      showFreshness();
    },
  });
}
