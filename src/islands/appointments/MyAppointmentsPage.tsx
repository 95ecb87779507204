import { useStore } from '@nanostores/react';
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { notify } from '#client/toasts.ts';
import { APPOINTMENT_SCOPES, type Appointment, type AppointmentScope } from '#lib/api/contracts/appointments.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { $myAppointments, $myAppointmentsView, downloadAppointmentCalendar, loadMyAppointments, showMyAppointments } from '#stores/appointments.ts';
import { AuthGate } from '../auth/AuthGate.tsx';
import { LoadFailed } from '../ui/LoadState.tsx';
import { Pager } from '../ui/Pager.tsx';
import { AppointmentCard, type CardActions } from './AppointmentCard.tsx';
import { EMPTY_TEXTS, TAB_LABELS } from './labels.ts';

// Loaded when first opened: the list's first paint does not wait for the dialogs.
const CancelDialog = lazy(() => import('./CancelDialog.tsx').then((module) => ({ default: module.CancelDialog })));
const RescheduleDialog = lazy(() => import('./RescheduleDialog.tsx').then((module) => ({ default: module.RescheduleDialog })));

const PANEL_ID = 'appointments-panel';
const tabId = (scope: AppointmentScope) => `appointments-tab-${scope}`;

/** The three lists as ARIA tabs: arrow keys move between them (the left arrow goes forward, right to left). */
function Tabs({ current }: { current: AppointmentScope }) {
  const buttons = useRef(new Map<AppointmentScope, HTMLButtonElement>());
  const select = (scope: AppointmentScope, focus = false) => {
    if (scope !== current) showMyAppointments({ tab: scope, page: 1 });
    if (focus) buttons.current.get(scope)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = APPOINTMENT_SCOPES.indexOf(current);
    const count = APPOINTMENT_SCOPES.length;
    const next = { ArrowLeft: index + 1, ArrowRight: index - 1, Home: 0, End: count - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(APPOINTMENT_SCOPES[(next + count) % count]!, true);
  };
  return (
    <div role="tablist" aria-label="دسته‌های نوبت" className="flex gap-1 rounded-xl border border-line bg-card p-1" onKeyDown={onKeyDown}>
      {APPOINTMENT_SCOPES.map((scope) => (
        <button
          key={scope}
          ref={(element) => {
            if (element) buttons.current.set(scope, element);
          }}
          type="button"
          role="tab"
          id={tabId(scope)}
          aria-selected={scope === current}
          aria-controls={PANEL_ID}
          tabIndex={scope === current ? 0 : -1}
          onClick={() => select(scope)}
          className="min-h-11 flex-1 rounded-lg px-3 font-bold text-muted hover:bg-page aria-selected:bg-brand/10 aria-selected:text-brand"
        >
          {TAB_LABELS[scope]}
        </button>
      ))}
    </div>
  );
}

/** Two grey cards while the list loads, with a line for screen readers. */
function Skeleton() {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">در حال بارگذاری نوبت‌ها…</span>
      {[0, 1].map((n) => (
        <div key={n} aria-hidden="true" className="flex animate-pulse flex-col gap-3 rounded-2xl border border-line bg-card p-4">
          <div className="h-5 w-40 rounded bg-line" />
          <div className="h-4 w-24 rounded bg-line" />
          <div className="grid gap-2 sm:grid-cols-2">
            <div className="h-4 rounded bg-line" />
            <div className="h-4 rounded bg-line" />
            <div className="h-4 rounded bg-line" />
            <div className="h-4 rounded bg-line" />
          </div>
        </div>
      ))}
    </div>
  );
}

function Empty({ scope }: { scope: AppointmentScope }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-card p-5">
      <p>{EMPTY_TEXTS[scope]}</p>
      <a href="/appointment" className="inline-flex min-h-11 items-center rounded-xl bg-btn-auth px-5 font-bold text-btn-auth-ink">
        گرفتن نوبت
      </a>
    </div>
  );
}

function List({ actions }: { actions: CardActions }) {
  const list = useStore($myAppointments);
  const view = useStore($myAppointmentsView);
  if (list.status === 'failed') return <LoadFailed text="نوبت‌ها بارگذاری نشد." onRetry={() => void loadMyAppointments()} />;
  if (list.status === 'loading') return <Skeleton />;
  const { items, meta } = list.data;
  if (items.length === 0) return <Empty scope={view.tab} />;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">{toPersianDigits(meta.total)} نوبت</p>
      <ul className="flex flex-col gap-4">
        {items.map((appointment) => (
          <li key={appointment.key}>
            <AppointmentCard appointment={appointment} actions={actions} />
          </li>
        ))}
      </ul>
      <Pager meta={meta} label="صفحه‌های نوبت‌ها" onPage={(page) => showMyAppointments({ ...view, page })} />
    </div>
  );
}

/** /patient-profile/services: the patient's appointments by tab (kept in the address), with cancel, reschedule and the calendar file. */
export function MyAppointmentsPage() {
  const view = useStore($myAppointmentsView);
  const [cancelling, setCancelling] = useState<Appointment>();
  const [moving, setMoving] = useState<Appointment>();
  const actions: CardActions = {
    onCancel: setCancelling,
    onReschedule: setMoving,
    onCalendar: (appointment) =>
      void downloadAppointmentCalendar(appointment.key).catch(() => notify.error('فایل تقویم دریافت نشد. دوباره تلاش کنید.')),
  };
  return (
    <AuthGate what="نوبت‌های خود">
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-xl font-bold">نوبت‌های من</h1>
          <a href="/appointment" className="inline-flex min-h-11 items-center rounded-xl border border-line px-4 font-bold text-brand hover:bg-page">
            نوبت تازه
          </a>
        </div>
        <Tabs current={view.tab} />
        <section id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(view.tab)} tabIndex={-1}>
          <List actions={actions} />
        </section>
      </div>
      {cancelling && (
        <Suspense fallback={null}>
          <CancelDialog appointment={cancelling} onClose={() => setCancelling(undefined)} />
        </Suspense>
      )}
      {moving && (
        <Suspense fallback={null}>
          <RescheduleDialog appointment={moving} onClose={() => setMoving(undefined)} />
        </Suspense>
      )}
    </AuthGate>
  );
}
