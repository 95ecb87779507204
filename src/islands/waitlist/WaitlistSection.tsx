import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { WaitlistEntry } from '#lib/api/contracts/waitlist.ts';
import { WAITLIST_KEY_PATTERN } from '#lib/waitlist/terms.ts';
import { $waitlist, isOpenEntry, loadWaitlist } from '#stores/waitlist.ts';
import { LoadFailed } from '../ui/LoadState.tsx';
import { ListSkeleton } from '../ui/Skeleton.tsx';
import type { WaitlistAnswer } from './labels.ts';
import { WaitlistCard } from './WaitlistCard.tsx';

// The question before leaving or declining, with its sheet, loads when a card asks it.
const AnswerDialog = lazy(() => import('./AnswerDialog.tsx').then((module) => ({ default: module.AnswerDialog })));

/** The entry the SMS's link names (`?waitlist=WL-XXXXXX`), if the address has a well-formed one. */
export function focusedKey(search: string): string | undefined {
  const key = new URLSearchParams(search).get('waitlist')?.trim().toUpperCase();
  return key && WAITLIST_KEY_PATTERN.test(key) ? key : undefined;
}

/**
 * Where the section sits on the page: above the appointments while something is in line or an
 * offer waits for an answer (or the address names an entry), below them otherwise.
 */
export type Placement = 'top' | 'bottom';

function placementOf(state: ReturnType<typeof $waitlist.get>, focused: string | undefined): Placement {
  if (focused) return 'top';
  return state.status === 'ready' && state.data.some(isOpenEntry) ? 'top' : 'bottom';
}

/** What needs an answer first (a live offer), then the places in line, then what has ended; newest first within each, as the server sends them. */
const RANK: Record<WaitlistEntry['status'], number> = { offered: 0, waiting: 1, booked: 2, expired: 2, left: 2 };
const byUrgency = (entries: readonly WaitlistEntry[]) =>
  entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => RANK[a.entry.status] - RANK[b.entry.status] || a.index - b.index)
    .map(({ entry }) => entry);

function Empty() {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-line bg-card p-4" data-waitlist-empty>
      <p>در فهرست انتظار هیچ پزشکی نیستید.</p>
      <p className="text-sm text-muted">وقتی نوبت آزادی برای پزشکی نیست، از صفحهٔ نوبت‌دهی او به فهرست انتظار بپیوندید؛ اگر نوبتی آزاد شود، پیامک می‌گیرید.</p>
    </div>
  );
}

/**
 * «فهرست انتظار» of /patient-profile/services: the patient's entries with their places, the offers
 * with their countdowns and answers; `?waitlist=WL-…` (the SMS's link) marks and focuses one.
 * Rendered at both places of the page; each shows it only where it belongs now.
 */
export default function WaitlistSection({ placement, clinics }: { placement: Placement; clinics: Readonly<Record<string, string>> }) {
  const state = useStore($waitlist);
  const [focused] = useState(() => focusedKey(location.search));
  const [pending, setPending] = useState<{ entry: WaitlistEntry; answer: WaitlistAnswer }>();
  const section = useRef<HTMLElement>(null);
  const found = state.status === 'ready' && focused !== undefined && state.data.some((entry) => entry.key === focused);
  // Decided once the list is known, then kept: leaving the last entry must not move the section
  // (and its open dialog) away from under the patient's finger.
  const decided = useRef<Placement>(undefined);
  if (decided.current === undefined && state.status !== 'loading') decided.current = placementOf(state, focused);
  const here = decided.current ?? placementOf(state, focused);

  // The SMS's link: once the entry is on screen, it takes the focus (and the view).
  const focusedOnce = useRef(false);
  useEffect(() => {
    if (!found || focusedOnce.current) return;
    focusedOnce.current = true;
    const heading = section.current?.querySelector<HTMLElement>('[data-waitlist-focus]');
    heading?.focus({ preventScroll: true });
    heading?.closest('article')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [found]);

  if (here !== placement) return null;

  return (
    <section ref={section} aria-labelledby="waitlist-title" className="flex flex-col gap-3" data-waitlist-section={placement}>
      <h2 id="waitlist-title" className="text-lg font-bold">
        فهرست انتظار
      </h2>
      {state.status === 'loading' && <ListSkeleton label="در حال بارگذاری فهرست انتظار…" facts={4} action={false} />}
      {state.status === 'failed' && <LoadFailed text="فهرست انتظار بارگذاری نشد." onRetry={() => void loadWaitlist()} />}
      {state.status === 'ready' && focused && !found && (
        <p role="status" className="rounded-xl bg-page p-4 text-muted">
          مورد <bdi dir="ltr">{focused}</bdi> در فهرست انتظار این حساب نیست؛ اگر با حساب دیگری ثبت شده است، با همان حساب وارد شوید.
        </p>
      )}
      {state.status === 'ready' && state.data.length === 0 && <Empty />}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className="flex flex-col gap-4">
          {byUrgency(state.data).map((entry) => (
            <li key={entry.key}>
              <WaitlistCard
                entry={entry}
                clinicName={entry.offer ? clinics[entry.offer.clinic_id] : undefined}
                focused={entry.key === focused}
                onAnswer={(item, answer) => setPending({ entry: item, answer })}
              />
            </li>
          ))}
        </ul>
      )}
      {pending && (
        <Suspense fallback={null}>
          <AnswerDialog pending={pending} onClose={() => setPending(undefined)} />
        </Suspense>
      )}
    </section>
  );
}
