import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { type TestResult } from '#lib/api/contracts/test-results.ts';
import { SHARE_HOURS, type ShareHours } from '#lib/test-results/terms.ts';
import { formatJalaliDateTime } from '#lib/format/date.ts';
import { $newShare, $shareState, createResultShare, revokeResultShare } from '#stores/test-results-detail.ts';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { CopyLink } from '../ui/CopyLink.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { LiveLinks } from '../ui/LiveLinks.tsx';
import { SHARE_HOUR_LABELS } from './labels.ts';

const hourOptions = SHARE_HOURS.map((hours) => ({ value: String(hours) as `${ShareHours}`, label: SHARE_HOUR_LABELS[hours] }));

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
      <LiveLinks
        links={result.shares}
        newId={newShare?.id}
        describe={(share) => (
          <>
            باز تا <time dateTime={share.expires_at}>{formatJalaliDateTime(share.expires_at)}</time>
          </>
        )}
        question={(share) => `پیوندی که تا ${formatJalaliDateTime(share.expires_at)} باز بود باطل شود؟ هر کسی آن را داشته باشد، دیگر جواب را نمی‌بیند.`}
        revoke={(share) => revokeResultShare(share.id)}
      />
    </div>
  );
}
