import { useState } from 'react';
import { notify } from '#client/toasts.ts';
import type { WaitlistEntry } from '#lib/api/contracts/waitlist.ts';
import { formatTime, formatWeekdayDate } from '#lib/format/date.ts';
import { declineOffer, leaveWaitlistEntry } from '#stores/waitlist.ts';
import { ConfirmActions } from '../ui/Buttons.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { Sheet } from '../ui/Sheet.tsx';
import { showFormFailure } from '../ui/server-errors.ts';
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
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const close = () => {
    if (busy) return;
    setProblem(undefined);
    onClose();
  };
  const confirm = async ({ entry, answer }: { entry: WaitlistEntry; answer: WaitlistAnswer }) => {
    setBusy(true);
    setProblem(undefined);
    try {
      if (answer === 'leave') await leaveWaitlistEntry(entry.key);
      else await declineOffer(entry.key, answer === 'decline-leave');
      notify.success(ANSWER_TEXTS[answer].done);
      onClose();
    } catch (error) {
      setProblem(showFormFailure(undefined, error, []) ?? 'انجام نشد. دوباره تلاش کنید.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet open={pending !== undefined} title={pending ? ANSWER_TEXTS[pending.answer].title : ''} onDismiss={close}>
      {pending && (
        <div className="flex flex-col gap-4">
          <p className="leading-8">{question(pending.entry, pending.answer)}</p>
          <FormAlert message={problem} />
          <ConfirmActions confirmLabel={ANSWER_TEXTS[pending.answer].confirm} busy={busy} onConfirm={() => void confirm(pending)} onKeep={close} />
        </div>
      )}
    </Sheet>
  );
}
