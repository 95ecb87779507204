import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LeaveSchema } from '../api/contracts/hospital.ts';
import { IssueInvoiceSchema } from '../api/contracts/invoices.ts';
import { ServiceRequestStatusSchema } from '../api/contracts/service-requests.ts';
import { FileTestResultSchema } from '../api/contracts/test-results-filing.ts';
import { TransactionsQuerySchema } from '../api/contracts/wallet.ts';
import { dateTimeMessages, existsInCalendar, IsoDaySchema, IsoInstantSchema, isCalendarDay, isIsoDate } from './datetime.ts';

const messagesOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => [issue.path?.map((item) => String(item.key)).join('.') ?? '_', issue.message]);
};

describe('the calendar rule', () => {
  it('knows which days exist', () => {
    expect(isCalendarDay(2024, 2, 29)).toBe(true);
    expect(isCalendarDay(2026, 2, 29)).toBe(false);
    expect(isCalendarDay(2026, 2, 30)).toBe(false);
    expect(isCalendarDay(2027, 2, 31)).toBe(false);
    expect(isCalendarDay(2026, 4, 31)).toBe(false);
    expect(isCalendarDay(2026, 12, 31)).toBe(true);
    expect(isCalendarDay(2026, 13, 1)).toBe(false);
    expect(isCalendarDay(2000, 2, 29)).toBe(true);
    expect(isCalendarDay(1900, 2, 29)).toBe(false);
  });

  it('refuses days and date-times that do not exist, whatever Date.parse makes of them', () => {
    // What the hospital JSON used to store: Date.parse rolls them over into March.
    expect(new Date(Date.parse('2027-02-31T00:00:00Z')).toISOString()).toBe('2027-03-03T00:00:00.000Z');
    for (const value of ['2027-02-31', '2026-02-30T10:00:00Z', '2026-02-29T00:00:00Z', '2026-04-31T08:00:00Z', '2026-01-01T25:00:00Z', '2026-01-01T23:60:00Z', '2026-01-01T23:59:60Z']) {
      expect(existsInCalendar(value), value).toBe(false);
    }
    for (const value of ['2028-02-29', '2026-02-28T23:59:59.999Z', '2026-12-31T00:00:00+03:30']) expect(existsInCalendar(value), value).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
  });

  it('IsoInstantSchema and IsoDaySchema answer with a Persian message', () => {
    expect(messagesOf(IsoInstantSchema, '2026-02-30T10:00:00Z')).toEqual([['_', dateTimeMessages.noSuchInstant]]);
    expect(messagesOf(IsoInstantSchema, '2026-02-28T10:00:00Z')).toEqual([]);
    expect(messagesOf(IsoInstantSchema, '2026-02-28T10:00:00+03:30')).toEqual([['_', dateTimeMessages.instant]]);
    expect(messagesOf(IsoDaySchema, '2026-04-31')).toEqual([['_', dateTimeMessages.noSuchDay]]);
    expect(dateTimeMessages.noSuchInstant).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('every date the hospital and patients send keeps to it', () => {
  const patient = { international_code: '0012345679', phone_number: '09121234567' };

  it('invoices: due_at', () => {
    const body = { patient, items: [{ title: 'ویزیت', quantity: 1, unit_price: 100_000 }], due_at: '2027-02-31T00:00:00Z' };
    expect(messagesOf(IssueInvoiceSchema, body)).toContainEqual(['due_at', dateTimeMessages.noSuchInstant]);
    expect(messagesOf(IssueInvoiceSchema, { ...body, due_at: '2027-02-28T00:00:00Z' }).filter(([path]) => path === 'due_at')).toEqual([]);
  });

  it('test results: collected_at and reported_at', () => {
    const body = { patient, reception_code: 'R-1', lab: 'آزمایشگاه', collected_at: '2026-02-30T08:00:00Z', status: 'pending', panels: [] };
    expect(messagesOf(FileTestResultSchema, body)).toContainEqual(['collected_at', dateTimeMessages.noSuchInstant]);
    expect(messagesOf(FileTestResultSchema, { ...body, collected_at: '2026-02-27T08:00:00Z', reported_at: '2026-02-29T08:00:00Z' })).toContainEqual([
      'reported_at',
      dateTimeMessages.noSuchInstant,
    ]);
  });

  it('service requests: scheduled_at; leaves: from and to; wallet statement: from and to', () => {
    expect(messagesOf(ServiceRequestStatusSchema, { status: 'scheduled', scheduled_at: '2026-04-31T08:00:00Z' })).toContainEqual(['scheduled_at', dateTimeMessages.noSuchInstant]);
    const leave = messagesOf(LeaveSchema, { from: '2026-02-30', to: '2026-03-01T25:00:00Z', reason: 'مرخصی' });
    expect(leave.map(([path]) => path)).toEqual(expect.arrayContaining(['from', 'to']));
    expect(messagesOf(TransactionsQuerySchema, { from: '2026-02-29', to: '2026-03-31' })).toContainEqual(['from', dateTimeMessages.noSuchDay]);
  });
});
