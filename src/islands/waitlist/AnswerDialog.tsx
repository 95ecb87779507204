import type { WaitlistEntry } from '#lib/api/contracts/waitlist.ts';
import { formatTime, formatWeekdayDate } from '#lib/format/date.ts';
import { declineOffer, leaveWaitlistEntry } from '#stores/waitlist.ts';
import { ConfirmSheet } from '../ui/ConfirmSheet.tsx';
import { ANSWER_TEXTS, type WaitlistAnswer } from './labels.ts';

function question(entry: WaitlistEntry, answer: WaitlistAnswer): string {
  // The server names the doctor with the title («دکتر …»).
  const doctor = entry.doctor_name;
  const slot = entry.offer ? `${formatWeekdayDate(entry.offer.start)} ساعت ${formatTime(entry.offer.start)}` : '';
  switch (answer) {
    case 'leave':
      return `از فهرست انتظار ${doctor} خارج می‌شوید و جایگاه شما به نفر بعدی می‌رسد. خارج شوید؟`;
    case 'decline':
      return `نوبت ${slot} به نفر بعدی فهرست پیشنهاد می‌شود و شما در فهرست انتظار ${doctor} می‌مانید. رد شود؟`;
    case 'decline-leave':
      return `نوبت ${slot} به نفر بعدی فهرست پیشنهاد می‌شود و شما از فهرست انتظار ${doctor} خارج می‌شوید. رد شود؟`;
  }
}

/** Asks before leaving the line or turning an offer down: neither can be undone. */
export function AnswerDialog({ pending, onClose }: { pending: { entry: WaitlistEntry; answer: WaitlistAnswer } | undefined; onClose: () => void }) {
  const texts = pending && ANSWER_TEXTS[pending.answer];
  return (
    <ConfirmSheet
      subject={pending}
      onClose={onClose}
      title={texts?.title ?? ''}
      confirmLabel={texts?.confirm ?? ''}
      action={async ({ entry, answer }) => {
        if (answer === 'leave') await leaveWaitlistEntry(entry.key);
        else await declineOffer(entry.key, answer === 'decline-leave');
        return ANSWER_TEXTS[answer].done;
      }}
      failure="انجام نشد. دوباره تلاش کنید."
    >
      {pending && <p className="leading-8">{question(pending.entry, pending.answer)}</p>}
    </ConfirmSheet>
  );
}
