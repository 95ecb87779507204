import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { WaitlistEntry, WaitlistOffer } from '#lib/api/contracts/waitlist.ts';
import { clock } from '#lib/format/countdown.ts';
import { formatJalaliDateTime, formatTime, formatWeekdayDate } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { formatRialWithToman } from '#lib/format/toman.ts';
import { dayRangeText, entryStatusLabel, offerTimeLeftText, PART_OF_DAY_LABELS, positionText } from '#lib/waitlist/labels.ts';
import { $offerSecondsLeft, acceptOffer, isOpenEntry, payStepAddress } from '#stores/waitlist.ts';
import { PrimaryButton } from '../ui/Buttons.tsx';
import { Fact, Facts, FactTable } from '../ui/Facts.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { failureMessage } from '../ui/failure-message.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { STATUS_TONES, type WaitlistAnswer } from './labels.ts';

const actionClass = 'inline-flex min-h-11 items-center justify-center rounded-xl border border-line px-4 text-sm font-bold hover:bg-page disabled:opacity-60';

/** The time left to answer (or to pay, once accepted): mm:ss on screen, whole minutes for screen readers. */
function Countdown({ seconds, label }: { seconds: number; label: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl border border-brand/40 bg-brand/10 px-4 py-3">
      <p className="font-bold">{label}</p>
      <p role="timer" aria-label="زمان باقی‌مانده" className="text-2xl font-black tabular-nums text-brand" dir="ltr" data-offer-countdown>
        {clock(seconds)}
      </p>
      {/* Polite and by whole minutes: spoken once a minute, never every second. */}
      <p className="sr-only" aria-live="polite" data-offer-spoken>
        {offerTimeLeftText(seconds)}
      </p>
    </div>
  );
}

function SlotFacts({ offer, clinicName }: { offer: WaitlistOffer; clinicName: string | undefined }) {
  return (
    <FactTable
      rows={[
        ['تاریخ', <time dateTime={offer.start}>{formatWeekdayDate(offer.start)}</time>],
        ['ساعت', `${formatTime(offer.start)}، نوبت ${toPersianDigits(offer.turn)}`],
        ['درمانگاه', clinicName ?? '—'],
        ['هزینهٔ ویزیت', formatRialWithToman(offer.fee)],
      ]}
    />
  );
}

/** A live offer: the slot, the time left, and the three answers. */
function OfferPanel({ entry, offer, clinicName, onAnswer }: { entry: WaitlistEntry; offer: WaitlistOffer; clinicName: string | undefined; onAnswer: (answer: WaitlistAnswer) => void }) {
  const seconds = useStore($offerSecondsLeft)[entry.key] ?? 0;
  const [accepting, setAccepting] = useState(false);
  const [problem, setProblem] = useState<string>();
  const accepted = offer.status === 'accepted';
  const titleId = `offer-${entry.key}`;

  if (seconds === 0) {
    return (
      <p role="status" className="rounded-xl bg-page p-4 text-muted">
        {accepted ? 'مهلت پرداخت این نوبت تمام شد.' : 'مهلت پاسخ به این نوبت تمام شد.'}
      </p>
    );
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-xl border-2 border-brand/60 p-4" data-offer={offer.appointment_key}>
      <h4 id={titleId} className="text-base font-bold">
        {accepted ? 'این نوبت برای شما نگه داشته شده است' : 'نوبتی برای شما آزاد شد'}
      </h4>
      <SlotFacts offer={offer} clinicName={clinicName} />
      <Countdown seconds={seconds} label={accepted ? 'مهلت پرداخت:' : 'مهلت پاسخ:'} />
      <FormAlert message={problem} />
      {accepted ? (
        <a href={payStepAddress(entry.doctor_id, offer.appointment_key)} className="inline-flex min-h-12 items-center justify-center rounded-xl bg-btn-auth px-5 font-bold text-btn-auth-ink">
          ادامهٔ پرداخت
        </a>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <PrimaryButton
            type="button"
            busy={accepting}
            disabled={accepting}
            onClick={async () => {
              setAccepting(true);
              setProblem(undefined);
              try {
                const { payAt } = await acceptOffer(entry);
                // On to the booking page's pay step: the button stays busy while the browser leaves.
                location.assign(payAt);
              } catch (error) {
                setProblem(failureMessage(error) ?? 'نوبت قبول نشد. دوباره تلاش کنید.');
                setAccepting(false);
              }
            }}
          >
            قبول و پرداخت
          </PrimaryButton>
          <button type="button" className={actionClass} disabled={accepting} onClick={() => onAnswer('decline')}>
            رد کردن
          </button>
          <button type="button" className={`${actionClass} text-danger`} disabled={accepting} onClick={() => onAnswer('decline-leave')}>
            رد و خروج از فهرست
          </button>
        </div>
      )}
    </section>
  );
}

function whomText(patient: WaitlistEntry['patient']): string {
  return patient.self ? 'خودم' : `${patient.first_name} ${patient.last_name}`;
}

/** One entry of the patient's waitlist: the doctor, the days, where it stands, and what may be done with it. */
export function WaitlistCard({
  entry,
  clinicName,
  focused,
  onAnswer,
}: {
  entry: WaitlistEntry;
  clinicName: string | undefined;
  /** Opened from the SMS's link (`?waitlist=`): marked, and its heading takes the focus. */
  focused: boolean;
  onAnswer: (entry: WaitlistEntry, answer: WaitlistAnswer) => void;
}) {
  const titleId = `waitlist-${entry.key}`;
  const { offer } = entry;
  const offerOpen = offer !== undefined && entry.status === 'offered';
  return (
    <article
      aria-labelledby={titleId}
      className={`flex flex-col gap-4 rounded-2xl border bg-card p-4 ${focused ? 'border-brand ring-2 ring-brand/40' : 'border-line'}`}
      data-waitlist-entry={entry.key}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="text-lg font-bold outline-none" tabIndex={focused ? -1 : undefined} data-waitlist-focus={focused || undefined}>
          {entry.doctor_name}
        </h3>
        <StatusChip status={entry.status} label={entryStatusLabel(entry.status, offer?.status)} tone={STATUS_TONES[entry.status]} />
      </div>
      <Facts>
        <Fact term="روزها">{dayRangeText(entry.from, entry.to)}</Fact>
        <Fact term="بخش روز">{PART_OF_DAY_LABELS[entry.part_of_day]}</Fact>
        <Fact term="برای">{whomText(entry.patient)}</Fact>
        {entry.status === 'waiting' && entry.position !== undefined && (
          <Fact term="جایگاه">
            <span data-waitlist-position>{positionText(entry.position)}</span>
          </Fact>
        )}
        {entry.ended_at && !isOpenEntry(entry) && (
          <Fact term="پایان">
            <time dateTime={entry.ended_at}>{formatJalaliDateTime(entry.ended_at)}</time>
          </Fact>
        )}
      </Facts>
      {offerOpen && <OfferPanel entry={entry} offer={offer} clinicName={clinicName} onAnswer={(answer) => onAnswer(entry, answer)} />}
      {entry.status === 'waiting' && (
        <button type="button" className={`${actionClass} self-start text-danger`} onClick={() => onAnswer(entry, 'leave')}>
          خروج از فهرست
        </button>
      )}
    </article>
  );
}
