import * as v from 'valibot';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { HospitalInvoiceSchema, IssuedInvoiceSchema } from '#lib/api/contracts/hospital.ts';
import { type IssueInvoiceBody, IssueInvoiceSchema } from '#lib/api/contracts/invoices.ts';
import { BANK_MINIMUM_RIALS } from '#lib/wallet/payment-split.ts';
import { describeEachDatabase } from '../../../tests/support/databases.ts';
import { nationalCode } from '../../../tests/support/people.ts';
import { rejection } from '../../../tests/support/rejection.ts';
import { fundWallet, newPatient } from '../../../tests/support/wallet.ts';
import type { Account } from '../accounts/repository.ts';
import { readCatalogue } from '../catalogue/index.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { checkLedger } from '../ledger/check.ts';
import { ledgerAccountTotals, walletBalanceOf } from '../ledger/repository.ts';
import { createSandboxGateway, paySandboxSession } from '../payments/gateways/sandbox.ts';
import { findPayment } from '../payments/repository.ts';
import { completePayment, startPayment } from '../payments/service.ts';
import { cancelServiceRequest, createServiceRequest, getServiceRequest, moveServiceRequest } from '../service-requests/service.ts';
import { walletTotals } from '../wallet/repository.ts';
import { type HospitalInvoice, type IssuedInvoice, invoiceForHospital, issueInvoice, voidInvoiceForHospital } from './hospital.ts';
import { releaseLapsedInvoices } from './jobs.ts';
import { MAX_LINKS_PER_INVOICE, MAX_NEW_LINKS_PER_DAY, newInvoiceLink, payByLink, publicInvoice, revokeInvoiceLink, shareInvoice } from './links.ts';
import './payment-effect.ts';
import { findInvoice } from './repository.ts';
import { getInvoice, type InvoiceSettings, listInvoices, payInvoice } from './service.ts';

// Every SMS the services send, in order (the console provider would write them to a file).
const sms = vi.hoisted(() => [] as Array<{ to: string; text: string }>);
vi.mock('../sms/notify.ts', () => ({ notify: async (_db: unknown, { to, text }: { to: string; text: string }) => void sms.push({ to, text }) }));

const services = readCatalogue('src/content').services;
const SITE = 'https://portal.example.ir';
const SETTINGS: InvoiceSettings = { paymentTimeoutMinutes: 20, paymentOpenLimit: 5, linkDaysAfterSettled: 7 };
const CARD = '6037991234567893';
const MIN = 60_000;
const later = (minutes: number) => new Date(Date.now() + minutes * MIN);

/** Three lines: one the insurer shares, one of two units, one discounted. Patient shares 1.6M, 0.9M, 0.4M. */
const LINES = [
  { title: 'سرم‌تراپی در منزل', quantity: 1, unit_price: 2_800_000, insurance_share: 1_200_000 },
  { title: 'تزریق عضلانی', quantity: 2, unit_price: 450_000 },
  { title: 'ایاب‌وذهاب پرستار', quantity: 1, unit_price: 600_000, discount: 200_000 },
];

/** The body as the API would pass it on: through the request schema (defaults filled in). */
const bodyFor = (account: Account, changes: Record<string, unknown> = {}): IssueInvoiceBody =>
  v.parse(IssueInvoiceSchema, { patient: { international_code: account.internationalCode, phone_number: account.phoneNumber }, items: LINES, ...changes });

function issue(db: Db, account: Account, changes: Record<string, unknown> = {}) {
  return issueInvoice(db, bodyFor(account, changes), { issuedBy: 'his', siteUrl: SITE, now: new Date() });
}
/** An invoice of `payable` rials (one line). */
const issueOf = (db: Db, account: Account, payable: number) => issue(db, account, { items: [{ title: 'خدمات پرستاری', quantity: 1, unit_price: payable }] });
const tokenOf = (issued: IssuedInvoice) => issued.url!.split('/').pop()!;

/** Sends a payment to the sandbox bank and pays it there; `complete` is the browser coming back. */
async function paidAtBank(db: Db, paymentId: string) {
  const gateway = createSandboxGateway(db);
  const handOff = await startPayment(db, gateway, (await findPayment(db, paymentId))!, { callbackUrl: 'http://portal.test/return-bank', now: new Date() });
  if (handOff.kind !== 'redirect') throw new Error(handOff.kind);
  const authority = handOff.payment.authority!;
  await paySandboxSession(db, { authority, cardNumber: CARD, now: new Date() });
  return { complete: (now = new Date()) => completePayment(db, gateway, { paymentId, authority }, now) };
}

/** The patient pays with the wallet first, the rest at the bank (not back yet). */
async function patientAtBank(db: Db, account: Account, key: string) {
  const started = await payInvoice(db, { services, settings: SETTINGS, gateway: 'sandbox', accountId: account.id, key, useWallet: true, now: new Date() });
  if (started.status !== 'awaiting_payment') throw new Error('expected the bank');
  return { ...started, ...(await paidAtBank(db, started.payment_id)) };
}

/** Someone with the public link pays the whole invoice at the bank (not back yet). */
async function linkAtBank(db: Db, issued: IssuedInvoice) {
  const started = await payByLink(db, { settings: SETTINGS, gateway: 'sandbox', token: tokenOf(issued), now: new Date() });
  return { ...started, ...(await paidAtBank(db, started.payment_id)) };
}

const systemBalance = async (db: Db, code: string) => (await ledgerAccountTotals(db)).find((account) => account.code === code)?.balance ?? 0;
const smsAbout = (key: string) => sms.filter((message) => message.text.includes(key));
async function expectLedgerConsistent(db: Db) {
  expect(await checkLedger(db)).toMatchObject({ ok: true, sum: 0, mismatches: [] });
}

describeEachDatabase('invoices', (database) => {
  it('issues with each line’s patient share and the totals; the patient gets the public link by SMS', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    const issued = await issue(db, patient, { due_at: '2026-12-20T20:29:59Z' });
    expect(issued).toEqual({
      key: expect.stringMatching(/^IN-[0-9A-Z]{6}$/),
      status: 'unpaid',
      payable: 2_900_000,
      url: expect.stringMatching(new RegExp(`^${SITE}/sr/invoice/[A-Za-z0-9_-]{22}$`)),
    });
    const mine = await getInvoice(db, { services, accountId: patient.id, key: issued.key });
    expect(mine).toMatchObject({
      status: 'unpaid',
      items: [
        { title: 'سرم‌تراپی در منزل', quantity: 1, unit_price: 2_800_000, insurance_share: 1_200_000, discount: 0, patient_share: 1_600_000 },
        { title: 'تزریق عضلانی', quantity: 2, unit_price: 450_000, insurance_share: 0, discount: 0, patient_share: 900_000 },
        { title: 'ایاب‌وذهاب پرستار', quantity: 1, unit_price: 600_000, insurance_share: 0, discount: 200_000, patient_share: 400_000 },
      ],
      total: 4_300_000,
      insurance_total: 1_200_000,
      discount_total: 200_000,
      payable: 2_900_000,
      paid: 0,
      due_at: '2026-12-20T20:29:59.000Z',
      patient: { first_name: 'مریم', last_name: 'احمدی' },
    });
    const texts = smsAbout(issued.key);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.to).toBe(patient.phoneNumber);
    expect(texts[0]!.text).toContain(issued.url);
    expect(texts[0]!.text).toContain('۲٬۹۰۰٬۰۰۰');

    const hospitals = await invoiceForHospital(db, services, issued.key);
    expect(hospitals).toMatchObject({
      key: issued.key,
      status: 'unpaid',
      total: 4_300_000,
      payable: 2_900_000,
      patient: { first_name: 'مریم', last_name: 'احمدی', international_code: patient.internationalCode, phone_number: patient.phoneNumber },
      issued_by: 'his',
      paid_from_wallet: 0,
      paid_by_bank: 0,
      paid_by_link: false,
    });
    const shown = await publicInvoice(db, { services, settings: SETTINGS, token: tokenOf(issued), now: new Date() });
    expect(shown).toMatchObject({ key: issued.key, payable: 2_900_000, can_pay: true, patient_masked: 'م*** ا***' });
    expect(JSON.stringify(shown)).not.toContain(patient.internationalCode);
    expect(JSON.stringify(shown)).not.toContain(patient.phoneNumber);
    expect((await rejection(invoiceForHospital(db, services, 'IN-AAAAAA'), AppError)).code).toBe('not_found');
  });

  it('an invoice with nothing left for the patient is paid at once, with no link and no SMS', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    const issued = await issue(db, patient, { items: [{ title: 'آزمایش خون', quantity: 1, unit_price: 900_000, insurance_share: 700_000, discount: 200_000 }] });
    expect(issued).toEqual({ key: issued.key, status: 'paid', payable: 0 });
    expect(await getInvoice(db, { services, accountId: patient.id, key: issued.key })).toMatchObject({ status: 'paid', payable: 0, paid: 0, paid_at: expect.any(String) });
    expect(smsAbout(issued.key)).toEqual([]);
  });

  it('refuses an unknown national code or a wrong mobile (422), another patient’s request (422), an unknown request (404), a closed one (409)', async () => {
    const { db } = database();
    const [owner, other] = [await newPatient(db), await newPatient(db)];
    const request = await createServiceRequest(db, {
      services,
      requester: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName },
      body: serviceRequestBody(),
      now: new Date(),
    });
    const refused = async (body: IssueInvoiceBody) => rejection(issueInvoice(db, body, { issuedBy: 'his', siteUrl: SITE, now: new Date() }), AppError);

    expect(await refused(bodyFor(owner, { patient: { international_code: nationalCode(99_999), phone_number: owner.phoneNumber } }))).toMatchObject({
      code: 'invalid_input',
      errors: { 'patient.international_code': [expect.any(String)] },
    });
    expect(await refused(bodyFor(owner, { patient: { international_code: owner.internationalCode, phone_number: other.phoneNumber } }))).toMatchObject({
      code: 'invalid_input',
      errors: { 'patient.phone_number': [expect.any(String)] },
    });
    expect(await refused(bodyFor(other, { service_request_key: request.key }))).toMatchObject({ code: 'invalid_input', errors: { 'patient.international_code': [expect.any(String)] } });
    expect(await refused(bodyFor(owner, { service_request_key: request.key, patient: { international_code: owner.internationalCode, phone_number: other.phoneNumber } }))).toMatchObject({
      code: 'invalid_input',
    });
    expect((await refused(bodyFor(owner, { service_request_key: 'SR-AAAAAA' }))).code).toBe('not_found');
    // None of them left an invoice behind.
    expect((await listInvoices(db, services, owner.id, { status: 'all', page: 1, per_page: 50 })).total).toBe(0);
    expect((await listInvoices(db, services, other.id, { status: 'all', page: 1, per_page: 50 })).total).toBe(0);

    const priced = await issue(db, owner, { service_request_key: request.key });
    expect((await getServiceRequest(db, services, owner.id, request.key)).invoice_keys).toEqual([priced.key]);
    expect(await getInvoice(db, { services, accountId: owner.id, key: priced.key })).toMatchObject({ service_request_key: request.key, service_name: services.get('home-injection')!.name });
    await cancelServiceRequest(db, { services, accountId: owner.id, key: request.key, now: new Date() });
    expect((await refused(bodyFor(owner, { service_request_key: request.key }))).code).toBe('conflict');
    const rejected = await createServiceRequest(db, {
      services,
      requester: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName },
      body: serviceRequestBody(),
      now: new Date(),
    });
    await moveServiceRequest(db, { services, key: rejected.key, body: { status: 'rejected' }, now: new Date() });
    expect((await refused(bodyFor(owner, { service_request_key: rejected.key }))).code).toBe('conflict');
  });

  it('a request made for a relative is invoiced by the relative’s national code to the account that made it, in the relative’s name', async () => {
    const { db } = database();
    const holder = await newPatient(db);
    const relative = nationalCode(77_123);
    const request = await createServiceRequest(db, {
      services,
      requester: { id: holder.id, firstName: holder.firstName, lastName: holder.lastName },
      body: serviceRequestBody({ for: { first_name: 'رضا', last_name: 'کاظمی', international_code: relative } }),
      now: new Date(),
    });
    const issued = await issueInvoice(
      db,
      v.parse(IssueInvoiceSchema, { patient: { international_code: relative, phone_number: holder.phoneNumber }, service_request_key: request.key, items: LINES }),
      {
        issuedBy: 'his',
        siteUrl: SITE,
        now: new Date(),
      },
    );
    expect(await getInvoice(db, { services, accountId: holder.id, key: issued.key })).toMatchObject({ patient: { first_name: 'رضا', last_name: 'کاظمی' }, service_request_key: request.key });
    expect((await invoiceForHospital(db, services, issued.key)).patient).toEqual({
      first_name: 'رضا',
      last_name: 'کاظمی',
      international_code: holder.internationalCode,
      phone_number: holder.phoneNumber,
    });
    expect(smsAbout(issued.key)[0]?.to).toBe(holder.phoneNumber);
  });

  it('another account’s invoice is not found: reading, paying and sharing it', async () => {
    const { db } = database();
    const [owner, stranger] = [await newPatient(db), await newPatient(db)];
    await fundWallet(db, stranger.id, 10_000_000);
    const issued = await issue(db, owner);
    for (const call of [
      () => getInvoice(db, { services, accountId: stranger.id, key: issued.key }),
      () => payInvoice(db, { services, settings: SETTINGS, gateway: 'sandbox', accountId: stranger.id, key: issued.key, useWallet: true, now: new Date() }),
      () => shareInvoice(db, stranger.id, issued.key, new Date()),
    ]) {
      expect((await rejection(call(), AppError)).code).toBe('not_found');
    }
    expect(await walletBalanceOf(db, stranger.id)).toBe(10_000_000);
    expect((await findInvoice(db, issued.key))?.status).toBe('unpaid');
  });

  it('never opens a bank part under the gateway minimum: less from the wallet, or a refusal for a tiny invoice', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 2_999_500);
    const issued = await issueOf(db, patient, 3_000_000);
    const started = await payInvoice(db, { services, settings: SETTINGS, gateway: 'sandbox', accountId: patient.id, key: issued.key, useWallet: true, now: new Date() });
    expect(started).toMatchObject({ status: 'awaiting_payment', amount: BANK_MINIMUM_RIALS });
    expect(await walletBalanceOf(db, patient.id)).toBe(2_999_500 - (3_000_000 - BANK_MINIMUM_RIALS));
    expect((await findInvoice(db, issued.key))?.paidFromWallet).toBe(3_000_000 - BANK_MINIMUM_RIALS);

    // An invoice under the minimum: the wallet pays it whole, or nothing is held and the bank is not asked.
    const tiny = await issueOf(db, patient, 5_000);
    expect(
      (await rejection(payInvoice(db, { services, settings: SETTINGS, gateway: 'sandbox', accountId: patient.id, key: tiny.key, useWallet: false, now: new Date() }), AppError)).code,
    ).toBe('not_acceptable');
    expect((await rejection(payByLink(db, { settings: SETTINGS, gateway: 'sandbox', token: tokenOf(tiny), now: new Date() }), AppError)).code).toBe('not_acceptable');
    expect((await findInvoice(db, tiny.key))?.paymentId).toBeNull();
    expect((await payInvoice(db, { services, settings: SETTINGS, gateway: 'sandbox', accountId: patient.id, key: tiny.key, useWallet: true, now: new Date() })).status).toBe('paid');
    await expectLedgerConsistent(db);
  });

  it('50 wallet payments of one invoice at once debit the wallet once', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 5_000_000);
    const issued = await issue(db, patient);
    const revenue = await systemBalance(db, 'revenue');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => payInvoice(db, { services, settings: SETTINGS, gateway: 'sandbox', accountId: patient.id, key: issued.key, useWallet: true, now: new Date() })),
    );
    expect(results.every((result) => result.status === 'paid')).toBe(true);
    expect(await walletBalanceOf(db, patient.id)).toBe(2_100_000);
    expect((await systemBalance(db, 'revenue')) - revenue).toBe(2_900_000);
    expect(await getInvoice(db, { services, accountId: patient.id, key: issued.key })).toMatchObject({ status: 'paid', paid: 2_900_000, paid_from_wallet: 2_900_000, paid_by_bank: 0 });
    // Paid invoices are not paid again, by the patient or through the link.
    expect((await payInvoice(db, { services, settings: SETTINGS, gateway: 'sandbox', accountId: patient.id, key: issued.key, useWallet: true, now: new Date() })).status).toBe('paid');
    expect((await rejection(payByLink(db, { settings: SETTINGS, gateway: 'sandbox', token: tokenOf(issued), now: new Date() }), AppError)).code).toBe('conflict');
    await expectLedgerConsistent(db);
  });

  it('the patient (wallet + bank) and a link payer paying at the same moment: exactly one settles it, the other’s money goes where it belongs', async () => {
    const { db } = database();
    for (let round = 0; round < 3; round++) {
      const patient = await newPatient(db);
      await fundWallet(db, patient.id, 1_000_000);
      const issued = await issueOf(db, patient, 3_000_000);
      const own = await patientAtBank(db, patient, issued.key);
      const link = await linkAtBank(db, issued);
      expect(own.amount).toBe(2_000_000);
      expect(await walletBalanceOf(db, patient.id)).toBe(0);
      const [revenue, refunds] = [await systemBalance(db, 'revenue'), await systemBalance(db, 'payer_refunds')];

      await Promise.all([own.complete(), link.complete()]);

      const invoice = (await findInvoice(db, issued.key))!;
      const [ownPayment, linkPayment] = [await findPayment(db, own.payment_id), await findPayment(db, link.payment_id)];
      expect(ownPayment?.status).toBe('paid');
      expect(linkPayment?.status).toBe('paid');
      expect(invoice.status).toBe('paid');
      expect((await systemBalance(db, 'revenue')) - revenue).toBe(3_000_000);
      expect((await walletTotals(db, patient.id)).held).toBe(0);
      if (invoice.paidByLink) {
        // The link won: the wallet part came back, and the patient's bank money went to the wallet.
        expect(invoice).toMatchObject({ paidByBank: 3_000_000, paidFromWallet: 0, settledPaymentId: link.payment_id });
        expect(ownPayment).toMatchObject({ creditedToWallet: true, returnedToPayer: false });
        expect(linkPayment).toMatchObject({ creditedToWallet: false, returnedToPayer: false });
        expect(await walletBalanceOf(db, patient.id)).toBe(3_000_000);
        expect(await systemBalance(db, 'payer_refunds')).toBe(refunds);
      } else {
        // The patient won: the link payer's money is owed back to their card, no wallet credited.
        expect(invoice).toMatchObject({ paidByBank: 2_000_000, paidFromWallet: 1_000_000, settledPaymentId: own.payment_id });
        expect(ownPayment).toMatchObject({ creditedToWallet: false, returnedToPayer: false });
        expect(linkPayment).toMatchObject({ creditedToWallet: false, returnedToPayer: true });
        expect(await walletBalanceOf(db, patient.id)).toBe(0);
        expect((await systemBalance(db, 'payer_refunds')) - refunds).toBe(3_000_000);
      }
      await expectLedgerConsistent(db);
    }
  });

  it('a link payment that lands first settles the invoice: the wallet part returns, the patient’s late bank money goes to the wallet', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 1_000_000);
    const issued = await issueOf(db, patient, 3_000_000);
    const own = await patientAtBank(db, patient, issued.key);
    const link = await linkAtBank(db, issued);
    const refunds = await systemBalance(db, 'payer_refunds');
    await link.complete();
    expect(await findInvoice(db, issued.key)).toMatchObject({ status: 'paid', paidByLink: true, paidByBank: 3_000_000, paidFromWallet: 0, paymentId: null });
    expect(await walletBalanceOf(db, patient.id)).toBe(1_000_000);
    expect(smsAbout(issued.key).at(-1)).toMatchObject({ to: patient.phoneNumber, text: expect.stringContaining('پیوند') });
    await own.complete();
    expect(await findPayment(db, own.payment_id)).toMatchObject({ status: 'paid', creditedToWallet: true });
    expect(await walletBalanceOf(db, patient.id)).toBe(3_000_000);
    expect(await systemBalance(db, 'payer_refunds')).toBe(refunds);
    expect(await getInvoice(db, { services, accountId: patient.id, key: issued.key })).toMatchObject({ status: 'paid', paid: 3_000_000, paid_by_link: true });
    await expectLedgerConsistent(db);
  });

  it('a link payment that lands after the patient paid is returned to the payer: owed in payer_refunds, no wallet credited', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 1_000_000);
    const issued = await issueOf(db, patient, 3_000_000);
    const own = await patientAtBank(db, patient, issued.key);
    const link = await linkAtBank(db, issued);
    const refunds = await systemBalance(db, 'payer_refunds');
    await own.complete();
    expect(await findInvoice(db, issued.key)).toMatchObject({ status: 'paid', paidByLink: false, paidByBank: 2_000_000, paidFromWallet: 1_000_000 });
    // The link's callback, twice: applied once.
    await Promise.all([link.complete(), link.complete()]);
    expect(await findPayment(db, link.payment_id)).toMatchObject({ status: 'paid', returnedToPayer: true, creditedToWallet: false });
    expect((await systemBalance(db, 'payer_refunds')) - refunds).toBe(3_000_000);
    expect(await walletBalanceOf(db, patient.id)).toBe(0);
    await expectLedgerConsistent(db);
  });

  it('a voided invoice cannot be paid by the patient or through its link; the wallet part returns, late money goes back', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 1_000_000);
    const issued = await issueOf(db, patient, 3_000_000);
    const own = await patientAtBank(db, patient, issued.key);
    const link = await linkAtBank(db, issued);
    const refunds = await systemBalance(db, 'payer_refunds');
    const reason = 'خدمت انجام نشد';
    const voided = await voidInvoiceForHospital(db, { services, key: issued.key, body: { reason }, now: new Date() });
    expect(voided).toMatchObject({ status: 'void', void_reason: reason, paid_from_wallet: 0 });
    expect(await walletBalanceOf(db, patient.id)).toBe(1_000_000);
    expect(
      (await rejection(payInvoice(db, { services, settings: SETTINGS, gateway: 'sandbox', accountId: patient.id, key: issued.key, useWallet: true, now: new Date() }), AppError)).code,
    ).toBe('conflict');
    expect((await rejection(payByLink(db, { settings: SETTINGS, gateway: 'sandbox', token: tokenOf(issued), now: new Date() }), AppError)).code).toBe('conflict');
    expect((await publicInvoice(db, { services, settings: SETTINGS, token: tokenOf(issued), now: new Date() })).can_pay).toBe(false);
    // The money paid at the bank before the void arrives now: the patient's to the wallet, the link's back to its card.
    await Promise.all([own.complete(), link.complete()]);
    expect(await findPayment(db, own.payment_id)).toMatchObject({ creditedToWallet: true });
    expect(await findPayment(db, link.payment_id)).toMatchObject({ returnedToPayer: true });
    expect(await walletBalanceOf(db, patient.id)).toBe(3_000_000);
    expect((await systemBalance(db, 'payer_refunds')) - refunds).toBe(3_000_000);
    expect(await invoiceForHospital(db, services, issued.key)).toMatchObject({ status: 'void', void_reason: reason, paid: 0, paid_by_bank: 0 });
    // Voiding again answers the same and texts once; a paid invoice cannot be voided.
    await voidInvoiceForHospital(db, { services, key: issued.key, body: { reason }, now: new Date() });
    expect(smsAbout(issued.key).filter((message) => message.text.includes(reason))).toHaveLength(1);
    const paid = await issueOf(db, patient, 1_000_000);
    await payInvoice(db, { services, settings: SETTINGS, gateway: 'sandbox', accountId: patient.id, key: paid.key, useWallet: true, now: new Date() });
    expect((await rejection(voidInvoiceForHospital(db, { services, key: paid.key, body: { reason }, now: new Date() }), AppError)).code).toBe('conflict');
    expect((await rejection(voidInvoiceForHospital(db, { services, key: 'IN-AAAAAA', body: { reason }, now: new Date() }), AppError)).code).toBe('not_found');
    await expectLedgerConsistent(db);
  });

  it('a request that ends without the service takes its unpaid invoices with it: void, the wallet part back, paid ones untouched', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 1_000_000);
    const asker = { id: patient.id, firstName: patient.firstName, lastName: patient.lastName };
    const request = await createServiceRequest(db, { services, requester: asker, body: serviceRequestBody(), now: new Date() });
    const paid = await issue(db, patient, { service_request_key: request.key, items: [{ title: 'ویزیت اول', quantity: 1, unit_price: 400_000 }] });
    await payInvoice(db, { services, settings: SETTINGS, gateway: 'sandbox', accountId: patient.id, key: paid.key, useWallet: true, now: new Date() });
    const open = await issue(db, patient, { service_request_key: request.key, items: [{ title: 'دورهٔ درمان', quantity: 1, unit_price: 2_000_000 }] });
    const own = await patientAtBank(db, patient, open.key);
    expect(await walletBalanceOf(db, patient.id)).toBe(0);

    await moveServiceRequest(db, { services, key: request.key, body: { status: 'rejected', note: 'پرستار در این منطقه نداریم' }, now: new Date() });
    expect(await getInvoice(db, { services, accountId: patient.id, key: open.key })).toMatchObject({ status: 'void', paid_from_wallet: 0 });
    expect(await getInvoice(db, { services, accountId: patient.id, key: paid.key })).toMatchObject({ status: 'paid', paid: 400_000 });
    expect(await walletBalanceOf(db, patient.id)).toBe(600_000);
    expect((await rejection(payByLink(db, { settings: SETTINGS, gateway: 'sandbox', token: tokenOf(open), now: new Date() }), AppError)).code).toBe('conflict');
    // The bank's money for the void invoice still comes: to the wallet.
    await own.complete();
    expect(await findPayment(db, own.payment_id)).toMatchObject({ creditedToWallet: true });
    expect(await walletBalanceOf(db, patient.id)).toBe(2_000_000);

    // The patient's own cancel does the same.
    const second = await createServiceRequest(db, { services, requester: asker, body: serviceRequestBody(), now: new Date() });
    const unpaid = await issue(db, patient, { service_request_key: second.key });
    await cancelServiceRequest(db, { services, accountId: patient.id, key: second.key, now: new Date() });
    expect(await getInvoice(db, { services, accountId: patient.id, key: unpaid.key })).toMatchObject({ status: 'void' });
    await expectLedgerConsistent(db);
  });

  describe('public links: expiry after settling, revoke, reuse', () => {
    const DAY = 24 * 60 * MIN;
    const at = (from: Date, ms: number) => new Date(from.getTime() + ms);
    /** Whether the link opens at `now`: the public view, or the 404 every dead link gets. */
    async function opens(db: Db, token: string, now: Date, settings: InvoiceSettings = SETTINGS): Promise<boolean> {
      try {
        await publicInvoice(db, { services, settings, token, now });
        return true;
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe('not_found');
        return false;
      }
    }

    it('a paid invoice’s link opens until INVOICE_LINK_DAYS_AFTER_SETTLED days after the payment, then answers 404; the detail says when', async () => {
      const { db } = database();
      const patient = await newPatient(db);
      await fundWallet(db, patient.id, 5_000_000);
      const issued = await issue(db, patient);
      const paid = await payInvoice(db, { services, settings: SETTINGS, gateway: 'sandbox', accountId: patient.id, key: issued.key, useWallet: true, now: new Date() });
      expect(paid.status).toBe('paid');
      const paidAt = (await findInvoice(db, issued.key))!.paidAt!;
      expect(await opens(db, tokenOf(issued), at(paidAt, 7 * DAY - MIN))).toBe(true);
      expect(await opens(db, tokenOf(issued), at(paidAt, 7 * DAY))).toBe(false);
      expect((await rejection(payByLink(db, { settings: SETTINGS, gateway: 'sandbox', token: tokenOf(issued), now: at(paidAt, 8 * DAY) }), AppError)).code).toBe('not_found');
      // Zero days: gone as soon as it is paid.
      expect(await opens(db, tokenOf(issued), at(paidAt, 1), { ...SETTINGS, linkDaysAfterSettled: 0 })).toBe(false);
      const detail = await getInvoice(db, { services, accountId: patient.id, key: issued.key, links: { daysAfterSettled: 7, now: at(paidAt, DAY) } });
      expect(detail.links).toEqual([{ id: expect.any(Number), created_by: 'hospital', created_at: expect.any(String), expires_at: at(paidAt, 7 * DAY).toISOString() }]);
      expect((await getInvoice(db, { services, accountId: patient.id, key: issued.key, links: { daysAfterSettled: 7, now: at(paidAt, 7 * DAY) } })).links).toEqual([]);

      // Settled at the bank through the link: the same rule from the moment it was paid.
      const other = await issueOf(db, patient, 1_000_000);
      await (await linkAtBank(db, other)).complete();
      const settledAt = (await findInvoice(db, other.key))!.paidAt!;
      expect(await opens(db, tokenOf(other), at(settledAt, 7 * DAY - MIN))).toBe(true);
      expect(await opens(db, tokenOf(other), at(settledAt, 7 * DAY + MIN))).toBe(false);
    });

    it('a voided invoice’s link (by the hospital or with its request) opens until the days after the void, then answers 404', async () => {
      const { db } = database();
      const patient = await newPatient(db);
      const issued = await issue(db, patient);
      await voidInvoiceForHospital(db, { services, key: issued.key, body: { reason: 'صادرشده به اشتباه' }, now: new Date() });
      const voidedAt = (await findInvoice(db, issued.key))!.voidedAt!;
      expect(await opens(db, tokenOf(issued), at(voidedAt, 7 * DAY - MIN))).toBe(true);
      expect(await opens(db, tokenOf(issued), at(voidedAt, 7 * DAY + MIN))).toBe(false);

      const asker = { id: patient.id, firstName: patient.firstName, lastName: patient.lastName };
      const request = await createServiceRequest(db, { services, requester: asker, body: serviceRequestBody(), now: new Date() });
      const priced = await issue(db, patient, { service_request_key: request.key });
      await cancelServiceRequest(db, { services, accountId: patient.id, key: request.key, now: new Date() });
      const cancelledAt = (await findInvoice(db, priced.key))!.voidedAt!;
      expect(await opens(db, tokenOf(priced), at(cancelledAt, 7 * DAY - MIN))).toBe(true);
      expect(await opens(db, tokenOf(priced), at(cancelledAt, 7 * DAY + MIN))).toBe(false);
      // An unpaid invoice's link does not expire.
      const unpaid = await issue(db, patient);
      expect(await opens(db, tokenOf(unpaid), at(new Date(), 400 * DAY))).toBe(true);
    });

    it('sharing twice gives the same live link (the SMS one); a revoked link answers 404 at once and the next share makes a new one', async () => {
      const { db } = database();
      const [patient, stranger] = [await newPatient(db), await newPatient(db)];
      const issued = await issue(db, patient);
      const now = new Date();
      const first = await shareInvoice(db, patient.id, issued.key, now);
      const again = await shareInvoice(db, patient.id, issued.key, now);
      expect(first.url).toBe(`/sr/invoice/${tokenOf(issued)}`);
      expect(again).toEqual(first);
      expect(first).toMatchObject({ id: expect.any(Number), created_by: 'hospital' });
      expect(first).not.toHaveProperty('expires_at');
      // Concurrent shares agree on the one link.
      const racing = await Promise.all(Array.from({ length: 10 }, () => shareInvoice(db, patient.id, issued.key, now)));
      expect(new Set(racing.map((shared) => shared.url))).toEqual(new Set([first.url]));

      // Someone else's account cannot revoke it, nor can a made-up id.
      expect((await rejection(revokeInvoiceLink(db, { accountId: stranger.id, key: issued.key, linkId: first.id, now }), AppError)).code).toBe('not_found');
      expect((await rejection(revokeInvoiceLink(db, { accountId: patient.id, key: issued.key, linkId: first.id + 1000, now }), AppError)).code).toBe('not_found');
      expect(await opens(db, first.token, now)).toBe(true);

      expect(await revokeInvoiceLink(db, { accountId: patient.id, key: issued.key, linkId: first.id, now })).toEqual({ id: first.id, revoked: true });
      expect(await opens(db, first.token, now)).toBe(false);
      expect((await rejection(payByLink(db, { settings: SETTINGS, gateway: 'sandbox', token: first.token, now }), AppError)).code).toBe('not_found');
      expect((await rejection(revokeInvoiceLink(db, { accountId: patient.id, key: issued.key, linkId: first.id, now }), AppError)).code).toBe('not_found');
      expect((await getInvoice(db, { services, accountId: patient.id, key: issued.key, links: { daysAfterSettled: 7, now } })).links).toEqual([]);

      const fresh = await shareInvoice(db, patient.id, issued.key, now);
      expect(fresh.url).not.toBe(first.url);
      expect(fresh).toMatchObject({ created_by: 'patient' });
      expect(await opens(db, fresh.token, now)).toBe(true);
      expect(await shareInvoice(db, patient.id, issued.key, now)).toEqual(fresh);
      expect((await getInvoice(db, { services, accountId: patient.id, key: issued.key, links: { daysAfterSettled: 7, now } })).links?.map((link) => link.id)).toEqual([fresh.id]);
    });

    it('the cap of open links frees when one is revoked; a revoke-and-share loop is bounded per day', async () => {
      const { db } = database();
      const patient = await newPatient(db);
      const issued = await issue(db, patient);
      const invoiceId = (await findInvoice(db, issued.key))!.id;
      const now = new Date();
      const mint = (when = now) => db.transaction((tx) => newInvoiceLink(tx, invoiceId, 'patient', when));
      const links = [];
      for (let i = 1; i < MAX_LINKS_PER_INVOICE; i++) links.push((await mint()).link);
      expect((await rejection(mint(), AppError)).code).toBe('conflict');
      await revokeInvoiceLink(db, { accountId: patient.id, key: issued.key, linkId: links[0]!.id, now });
      const freed = await mint();
      expect(await opens(db, freed.token, now)).toBe(true);
      expect((await rejection(mint(), AppError)).code).toBe('conflict');

      // Revoking and sharing again and again: at most MAX_NEW_LINKS_PER_DAY new links a day (the SMS link was the first).
      for (const link of (await getInvoice(db, { services, accountId: patient.id, key: issued.key, links: { daysAfterSettled: 7, now } })).links!)
        await revokeInvoiceLink(db, { accountId: patient.id, key: issued.key, linkId: link.id, now });
      for (let made = MAX_LINKS_PER_INVOICE + 1; made < MAX_NEW_LINKS_PER_DAY; made++) {
        const shared = await shareInvoice(db, patient.id, issued.key, now);
        await revokeInvoiceLink(db, { accountId: patient.id, key: issued.key, linkId: shared.id, now });
      }
      const limited = await rejection(shareInvoice(db, patient.id, issued.key, now), AppError);
      expect(limited.code).toBe('rate_limited');
      expect(limited.retryAfter).toBeGreaterThan(0);
      expect((await shareInvoice(db, patient.id, issued.key, at(now, DAY))).created_by).toBe('patient');
    });
  });

  it('the release job returns the wallet part once the patient’s bank payment has run out of time, once', async () => {
    const { db } = database();
    const patient = await newPatient(db);
    await fundWallet(db, patient.id, 1_000_000);
    const issued = await issueOf(db, patient, 3_000_000);
    const own = await patientAtBank(db, patient, issued.key);
    await releaseLapsedInvoices(db, later(10));
    expect(await findInvoice(db, issued.key)).toMatchObject({ paymentId: own.payment_id, paidFromWallet: 1_000_000 });
    expect(await walletBalanceOf(db, patient.id)).toBe(0);
    await releaseLapsedInvoices(db, later(21));
    expect(await findInvoice(db, issued.key)).toMatchObject({ status: 'unpaid', paymentId: null, paidFromWallet: 0 });
    expect(await walletBalanceOf(db, patient.id)).toBe(1_000_000);
    await releaseLapsedInvoices(db, later(22));
    expect(await walletBalanceOf(db, patient.id)).toBe(1_000_000);
    // The bank's money, arriving after all, goes to the wallet; the invoice still waits.
    await own.complete(later(23));
    expect(await findPayment(db, own.payment_id)).toMatchObject({ status: 'paid', creditedToWallet: true });
    expect(await walletBalanceOf(db, patient.id)).toBe(3_000_000);
    expect((await findInvoice(db, issued.key))?.status).toBe('unpaid');
    await expectLedgerConsistent(db);
  });
});

function serviceRequestBody(changes: Record<string, unknown> = {}) {
  const day = new Date(Date.now() + 2 * 24 * 60 * MIN).toISOString().slice(0, 10);
  return {
    service_id: 'home-injection',
    phone: '02188001234',
    address: 'تهران، خیابان ولیعصر، کوچهٔ نسترن، پلاک ۱۲',
    preferred_date: day,
    preferred_window: 'morning' as const,
    notes: '',
    ...changes,
  };
}

it('documents the hospital’s views the services really give', () => {
  expectTypeOf<v.InferOutput<typeof HospitalInvoiceSchema>>().toEqualTypeOf<HospitalInvoice>();
  expectTypeOf<v.InferOutput<typeof IssuedInvoiceSchema>>().toEqualTypeOf<IssuedInvoice>();
});
