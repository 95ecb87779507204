import { type ComponentProps, lazy } from 'react';
import { promptWhat } from '#lib/site/login-prompt.ts';
import { GatedPage } from './auth/gated-page.tsx';

/*
 * The account pages' islands, as the pages mount them: each is the login guard and, once someone is
 * logged in, its content from a file of its own. One small module for all of them: what each page
 * runs before logging in is the same prompt.
 */

const Profile = lazy(() => import('./profile/ProfilePage.tsx').then((module) => ({ default: module.ProfilePage })));
const Wallet = lazy(() => import('./wallet/WalletPage.tsx').then((module) => ({ default: module.WalletPage })));
const Charge = lazy(() => import('./wallet/ChargeForm.tsx').then((module) => ({ default: module.ChargePage })));
const Transactions = lazy(() => import('./wallet/TransactionsPage.tsx').then((module) => ({ default: module.TransactionsPage })));
const Refund = lazy(() => import('./wallet/RefundPage.tsx').then((module) => ({ default: module.RefundPage })));
const Invoices = lazy(() => import('./invoices/InvoicesPage.tsx').then((module) => ({ default: module.InvoicesPage })));
const Invoice = lazy(() => import('./invoices/InvoicePage.tsx').then((module) => ({ default: module.InvoicePage })));
const Requests = lazy(() => import('./service-requests/RequestsPage.tsx').then((module) => ({ default: module.RequestsPage })));
const Request = lazy(() => import('./service-requests/RequestPage.tsx').then((module) => ({ default: module.RequestPage })));
const Appointments = lazy(() => import('./appointments/MyAppointmentsPage.tsx').then((module) => ({ default: module.MyAppointmentsPage })));

export function ProfilePage() {
  return (
    <GatedPage what={promptWhat.profile}>
      <Profile />
    </GatedPage>
  );
}

export function WalletPage() {
  return (
    <GatedPage what={promptWhat.wallet}>
      <Wallet />
    </GatedPage>
  );
}

export function ChargePage(props: ComponentProps<typeof Charge>) {
  return (
    <GatedPage what={promptWhat.wallet}>
      <Charge {...props} />
    </GatedPage>
  );
}

export function TransactionsPage() {
  return (
    <GatedPage what={promptWhat.transactions}>
      <Transactions />
    </GatedPage>
  );
}

export function RefundPage() {
  return (
    <GatedPage what={promptWhat.wallet}>
      <Refund />
    </GatedPage>
  );
}

export function InvoicesPage() {
  return (
    <GatedPage what={promptWhat.invoices}>
      <Invoices />
    </GatedPage>
  );
}

export function InvoicePage(props: ComponentProps<typeof Invoice>) {
  return (
    <GatedPage what={promptWhat.invoice}>
      <Invoice {...props} />
    </GatedPage>
  );
}

export function RequestsPage(props: ComponentProps<typeof Requests>) {
  return (
    <GatedPage what={promptWhat.requests}>
      <Requests {...props} />
    </GatedPage>
  );
}

export function RequestPage(props: ComponentProps<typeof Request>) {
  return (
    <GatedPage what={promptWhat.request}>
      <Request {...props} />
    </GatedPage>
  );
}

/**
 * `?visit=` shows the visit-day queue of one of today's appointments instead of the list. Its
 * prompt names the appointments too: the page's server-drawn prompt, which cannot read the query
 * of a prerendered page, says the same words, so nothing is rewritten as the island arrives.
 */
export function MyAppointmentsPage(props: ComponentProps<typeof Appointments>) {
  return (
    <GatedPage what={promptWhat.appointments}>
      <Appointments {...props} />
    </GatedPage>
  );
}
