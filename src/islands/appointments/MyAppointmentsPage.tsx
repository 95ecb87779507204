import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import type { Appointment } from '#lib/api/contracts/appointments.ts';
import { APPOINTMENT_SCOPES, type AppointmentScope } from '#lib/appointments/scopes.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { promptWhat } from '#lib/site/login-prompt.ts';
import { $myAppointments, $myAppointmentsView, downloadAppointmentCalendar, loadMyAppointments, showMyAppointments } from '#stores/appointments.ts';
import { AuthGate } from '../auth/AuthGate.tsx';
import { ListView } from '../ui/ListView.tsx';
import { DetailSkeleton, ListSkeleton } from '../ui/Skeleton.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { AppointmentCard, type CardActions, Receipt } from './AppointmentCard.tsx';
import { EMPTY_TEXTS, TAB_LABELS } from './labels.ts';

// Loaded when first opened: the list's first paint does not wait for the dialogs.
const CancelDialog = lazy(() => import('./CancelDialog.tsx').then((module) => ({ default: module.CancelDialog })));
const RescheduleDialog = lazy(() => import('./RescheduleDialog.tsx').then((module) => ({ default: module.RescheduleDialog })));
// The visit-day view (?visit=AP-XXXXXX) is opened on one day of a visit: the list never carries it.
const VisitDay = lazy(() => import('./VisitDay.tsx').then((module) => ({ default: module.VisitDay })));
// The waitlist (its store, cards, offers and countdown) loads only once someone is logged in: the
// logged-out page, measured against the budget, never carries it.
const WaitlistSection = lazy(() => import('../waitlist/WaitlistSection.tsx'));

/** Clinic id → name, from the catalogue at build time: an offered slot names only its clinic's id. */
export type ClinicNames = Readonly<Record<string, string>>;

const PANEL_ID = 'appointments-panel';
const tabId = (scope: AppointmentScope) => `appointments-tab-${scope}`;

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
  return (
    <ListView
      state={list}
      loading={<ListSkeleton label="در حال بارگذاری نوبت‌ها…" facts={4} action={false} />}
      failedText="نوبت‌ها بارگذاری نشد."
      onRetry={() => void loadMyAppointments()}
      empty={<Empty scope={view.tab} />}
      count={(meta) => `${toPersianDigits(meta.total)} نوبت`}
      keyOf={(appointment) => appointment.key}
      pagerLabel="صفحه‌های نوبت‌ها"
      onPage={(page) => showMyAppointments({ ...view, page })}
    >
      {(appointment) => <AppointmentCard appointment={appointment} actions={actions} />}
    </ListView>
  );
}

/**
 * /patient-profile/services: the patient's appointments by tab (kept in the address), with cancel,
 * reschedule and the calendar file, and the waitlist (`?waitlist=WL-…` opens one entry's offer);
 * with `?visit=` the visit-day view of one of today's instead.
 */
export function MyAppointmentsPage({ clinics }: { clinics: ClinicNames }) {
  if (new URLSearchParams(location.search).has('visit')) {
    return (
      <AuthGate what={promptWhat.appointments}>
        <Suspense fallback={<DetailSkeleton label="در حال بارگذاری صف نوبت…" />}>
          <VisitDay receipt={(appointment) => <Receipt appointment={appointment} />} />
        </Suspense>
      </AuthGate>
    );
  }
  return <AppointmentsList clinics={clinics} />;
}

function AppointmentsList({ clinics }: { clinics: ClinicNames }) {
  const view = useStore($myAppointmentsView);
  const [cancelling, setCancelling] = useState<Appointment>();
  const [moving, setMoving] = useState<Appointment>();
  const actions: CardActions = {
    onCancel: setCancelling,
    onReschedule: setMoving,
    onCalendar: (appointment) => downloadAppointmentCalendar(appointment.key),
  };
  return (
    <AuthGate what={promptWhat.appointments}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-xl font-bold">نوبت‌های من</h1>
          <a href="/appointment" className="inline-flex min-h-11 items-center rounded-xl border border-line px-4 font-bold text-brand hover:bg-page">
            نوبت تازه
          </a>
        </div>
        <Suspense fallback={null}>
          <WaitlistSection placement="top" clinics={clinics} />
        </Suspense>
        <Tabs
          values={APPOINTMENT_SCOPES}
          labels={TAB_LABELS}
          current={view.tab}
          onSelect={(tab) => showMyAppointments({ tab, page: 1 })}
          label="دسته‌های نوبت"
          tabId={tabId}
          panelId={PANEL_ID}
        />
        <section id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(view.tab)} tabIndex={-1}>
          <List actions={actions} />
        </section>
        <Suspense fallback={null}>
          <WaitlistSection placement="bottom" clinics={clinics} />
        </Suspense>
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
