import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { SHARE_HOURS, type ResultShare, type ShareHours, type TestResult } from '#lib/api/contracts/test-results.ts';
import { formatJalaliDateTime } from '#lib/format/date.ts';
import { $newShare, $shareState, createResultShare, revokeResultShare } from '#stores/test-results-detail.ts';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { CopyLink } from '../ui/CopyLink.tsx';
import { PrimaryButton, SecondaryButton } from '../ui/Buttons.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { showFormFailure } from '../ui/server-errors.ts';
import { Sheet } from '../ui/Sheet.tsx';
import { SHARE_HOUR_LABELS } from './labels.ts';

const hourOptions = SHARE_HOURS.map((hours) => ({ value: String(hours) as `${ShareHours}`, label: SHARE_HOUR_LABELS[hours] }));

/** Asks before revoking a link; a failure stays in the dialog. */
function RevokeDialog({ share, onClose }: { share: ResultShare; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const close = () => {
    if (!busy) onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await revokeResultShare(share.id);
      onClose();
    } catch (error) {
      setProblem(showFormFailure(undefined, error, []) ?? 'پیوند باطل نشد. دوباره تلاش کنید.');
      setBusy(false);
    }
  };
  return (
    <Sheet open title="باطل کردن پیوند" onDismiss={close}>
      <div className="flex flex-col gap-4">
        <p className="leading-8">
          پیوندی که تا {formatJalaliDateTime(share.expires_at)} باز بود باطل شود؟ هر کسی آن را داشته باشد، دیگر جواب را نمی‌بیند.
        </p>
        <FormAlert message={problem} />
        <div className="flex flex-wrap gap-3">
          <PrimaryButton type="button" busy={busy} disabled={busy} onClick={() => void confirm()}>
            بله، باطل شود
          </PrimaryButton>
          <SecondaryButton data-autofocus disabled={busy} onClick={close}>
            نه، بماند
          </SecondaryButton>
        </div>
      </div>
    </Sheet>
  );
}

/** The links that still open, each with its expiry and a way to revoke it. */
function LiveLinks({ shares, newId }: { shares: readonly ResultShare[]; newId: number | undefined }) {
  const [revoking, setRevoking] = useState<ResultShare>();
  if (shares.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-bold">پیوندهای باز</h3>
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
        {shares.map((share) => (
          <li key={share.id} className="flex flex-wrap items-center justify-between gap-2 p-3" data-share={share.id}>
            <p className="text-sm leading-6">
              {share.id === newId && <span className="font-bold text-success">همین حالا ساخته شد؛ </span>}
              باز تا <time dateTime={share.expires_at}>{formatJalaliDateTime(share.expires_at)}</time>
            </p>
            <button
              type="button"
              className="inline-flex min-h-11 items-center rounded-xl border border-danger px-3 text-sm font-bold text-danger hover:bg-danger/10"
              onClick={() => setRevoking(share)}
            >
              باطل کردن
            </button>
          </li>
        ))}
      </ul>
      {revoking && <RevokeDialog share={revoking} onClose={() => setRevoking(undefined)} />}
    </div>
  );
}

/** Choosing how long, making the link, copying or sharing it, and the live links with revoke. Loaded when the patient opens the panel. */
export function ShareTools({ result }: { result: TestResult }) {
  const state = useStore($shareState);
  const newShare = useStore($newShare);
  const [hours, setHours] = useState<`${ShareHours}`>('72');
  const root = useRef<HTMLDivElement>(null);
  const creating = state.status === 'creating';
  // The button that opened the tools is gone: the focus moves to them.
  useEffect(() => root.current?.focus(), []);
  return (
    <div ref={root} tabIndex={-1} className="flex flex-col gap-3 outline-none">
      <ChoiceGroup name="share-hours" legend="پیوند تا کی باز باشد؟" options={hourOptions} value={hours} onChange={setHours} disabled={creating} />
      <button
        type="button"
        className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl border border-brand px-5 font-bold text-brand hover:bg-page disabled:opacity-60"
        aria-busy={creating || undefined}
        disabled={creating}
        onClick={() => void createResultShare(Number(hours) as ShareHours)}
      >
        {creating && <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
        ساختن پیوند
      </button>
      <FormAlert message={state.status === 'failed' ? state.message : undefined} />
      {newShare && (
        <CopyLink
          id="result-share-url"
          label="پیوند تازه"
          url={newShare.url}
          share={{ title: 'جواب آزمایش', text: 'جواب آزمایش من؛ با این پیوند بدون ورود به حساب دیده می‌شود:' }}
          copied="پیوند کپی شد؛ آن را در پیامک یا پیام‌رسان برای پزشک بفرستید."
          className="rounded-xl border border-success p-3"
        />
      )}
      <LiveLinks shares={result.shares} newId={newShare?.id} />
    </div>
  );
}
