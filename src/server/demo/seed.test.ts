import { expect, it, vi } from 'vitest';
import { addDays, tehranInstant } from '#lib/appointments/slots.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';
import { testContext } from '../../../tests/support/appointments.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { findAccountByNationalCode } from '../accounts/repository.ts';
import { listAppointments } from '../appointments/service.ts';
import { invoiceForHospital } from '../invoices/hospital.ts';
import { listInvoices } from '../invoices/service.ts';
import { checkLedger } from '../ledger/check.ts';
import { walletBalanceOf } from '../ledger/repository.ts';
import { getServiceRequest, listServiceRequests } from '../service-requests/service.ts';
import { getTestResult, listTestResults } from '../test-results/service.ts';
import { resultContext } from '../test-results/settings.ts';
import { nextFreeStarts } from '../appointments/slots.ts';
import { listWaitlist } from '../waitlist/service.ts';
import { DEMO_PATIENT, fillDemoWaitlistDoctor, seedDemo } from './seed.ts';
import { DEMO_FATHER, DEMO_MOTHER, demoFullDoctor } from './waitlist.ts';

const sms = vi.hoisted(() => [] as Array<{ to: string; text: string }>);
vi.mock('../sms/notify.ts', () => ({ notify: async (_db: unknown, { to, text }: { to: string; text: string }) => void sms.push({ to, text }) }));

const ctx = testContext();
const SITE = 'https://portal.example.ir';

describeEachDatabase('the demo patient', (database) => {
  it('has a home-care request scheduled in two days with its unpaid invoice (insurance on a line), an older paid invoice, and a consistent ledger; a second seed adds nothing', async () => {
    const { db } = database();
    const now = new Date();
    sms.length = 0;
    expect(await seedDemo(db, { now, booking: ctx, siteUrl: SITE })).toBe(true);
    const patient = (await findAccountByNationalCode(db, DEMO_PATIENT.internationalCode))!;

    const { items: requests } = await listServiceRequests(db, ctx.catalogue.services, patient.id, { page: 1, per_page: 20 });
    expect(requests).toHaveLength(1);
    const request = await getServiceRequest(db, ctx.catalogue.services, patient.id, requests[0]!.key);
    const visitDay = addDays(toTehranIsoDate(now), 2);
    expect(request).toMatchObject({ service_id: 'home-injection', status: 'scheduled', preferred_date: visitDay, scheduled_at: tehranInstant(visitDay, '10:00').toISOString() });
    expect(request.history.map((entry) => [entry.status, entry.by])).toEqual([
      ['submitted', 'patient'],
      ['reviewing', 'hospital'],
      ['scheduled', 'hospital'],
    ]);
    expect(request.invoice_keys).toHaveLength(1);

    const { items: invoices, unpaidCount, unpaidTotal } = await listInvoices(db, ctx.catalogue.services, patient.id, { status: 'all', page: 1, per_page: 20 });
    expect(invoices.map((invoice) => invoice.status)).toEqual(['unpaid', 'paid']);
    const [open, old] = invoices as [(typeof invoices)[0], (typeof invoices)[0]];
    expect(open).toMatchObject({ key: request.invoice_keys[0], service_request_key: request.key, total: 4_300_000, insurance_total: 1_200_000, discount_total: 200_000, payable: 2_900_000 });
    expect(open.items.some((item) => item.insurance_share > 0)).toBe(true);
    expect({ unpaidCount, unpaidTotal }).toEqual({ unpaidCount: 1, unpaidTotal: 2_900_000 });
    expect(old).toMatchObject({ status: 'paid', paid_by_bank: old.payable, paid_from_wallet: 0 });
    expect(Date.parse(old.issued_at)).toBeLessThan(Date.parse(open.issued_at));
    expect((await invoiceForHospital(db, ctx.catalogue.services, open.key)).issued_by).toBe('demo');
    // She got the link to the open one by SMS.
    expect(sms.find((message) => message.to === DEMO_PATIENT.phoneNumber && message.text.includes(open.key))?.text).toMatch(new RegExp(`${SITE}/sr/invoice/[A-Za-z0-9_-]{22}`));

    // The wallet is what the charges (25M), the two withdrawals (4M paid, 2M waiting) and the two visits left: the invoices touched it not.
    const visits = await Promise.all((['upcoming', 'past'] as const).map((scope) => listAppointments(db, { ctx, accountId: patient.id, query: { scope, page: 1, perPage: 20 }, now })));
    // Her own upcoming visit and her mother's with the waitlist's full doctor; one past.
    expect(visits.map((list) => list.total)).toEqual([2, 1]);
    const full = demoFullDoctor(ctx)!;
    expect(visits[0]!.rows.find((visit) => visit.doctor_id === full)?.patient).toMatchObject({ first_name: DEMO_MOTHER.first_name, self: false });
    const [waiting] = await listWaitlist(db, { ctx, accountId: patient.id, now });
    expect(waiting).toMatchObject({ doctor_id: full, status: 'waiting', position: 1, part_of_day: 'morning', patient: { first_name: DEMO_FATHER.first_name, self: false } });
    const fees = visits.flatMap((list) => list.rows).reduce((sum, visit) => sum + visit.paid_from_wallet, 0);
    expect(fees).toBeGreaterThan(0);
    // Her mother's fee was charged to the wallet the day she booked it.
    expect(await walletBalanceOf(db, patient.id)).toBe(19_000_000 + Math.max(ctx.catalogue.doctors.get(full)!.visit_fee_rial, 1_000_000) - fees);
    expect(await checkLedger(db)).toMatchObject({ ok: true, sum: 0 });
    expect(await seedDemo(db, { now: new Date(), booking: ctx, siteUrl: SITE })).toBe(false);
    // Every start fills the full doctor's window; the father still waits, and the ledger holds.
    expect(await fillDemoWaitlistDoctor(db, now, ctx)).toBe(full);
    expect(await nextFreeStarts(db, { ctx, doctorId: full, now, limit: 5 })).toEqual([]);
    expect((await listWaitlist(db, { ctx, accountId: patient.id, now }))[0]?.status).toBe('waiting');
    expect(await checkLedger(db)).toMatchObject({ ok: true, sum: 0 });
    expect((await listInvoices(db, ctx.catalogue.services, patient.id, { status: 'all', page: 1, per_page: 20 })).total).toBe(2);

    // Three check-ups over a year; the latest has values out of range and each value its two earlier ones.
    const results = await listTestResults(db, patient.id, { page: 1, per_page: 20 });
    expect(results.items.map((result) => result.status)).toEqual(['final', 'final', 'final']);
    const [latest, , first] = results.items as [(typeof results.items)[0], unknown, (typeof results.items)[0]];
    expect(Date.parse(latest.collected_at) - Date.parse(first.collected_at)).toBeGreaterThan(300 * 24 * 60 * 60 * 1000);
    expect(latest.abnormal_count).toBeGreaterThan(0);
    expect(latest.panel_names).toHaveLength(2);
    const detail = await getTestResult(db, resultContext(), { accountId: patient.id, key: latest.key, now });
    const hemoglobin = detail.panels[0]!.observations.find((observation) => observation.code === '718-7')!;
    expect(hemoglobin).toMatchObject({ value: 10.9, flag: 'low' });
    expect(hemoglobin.history.map((point) => point.value)).toEqual([12.9, 12.1]);
    expect(detail.ordered_by?.booking_url).toBe('/appointment/pre-reserve/elham-nouri');
    expect(sms.filter((message) => message.to === DEMO_PATIENT.phoneNumber && message.text.includes('جواب آزمایش'))).toHaveLength(3);
  });
});
