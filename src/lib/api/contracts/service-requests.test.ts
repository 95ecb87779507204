import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PATIENT_CANCELLABLE, SERVICE_REQUEST_MOVES, SERVICE_REQUEST_STATUSES, ServiceRequestSchema, ServiceRequestStatusSchema } from './service-requests.ts';

const valid = {
  service_id: 'home-injection',
  phone: '۰۲۱-۸۸۷۷۶۶۵۵',
  address: 'تهران، خیابان ولیعصر، کوچهٔ ۱۲، پلاک ۳',
  preferred_date: '2026-12-02',
  preferred_window: 'morning',
};

const messagesOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`);
};

describe('the request status machine', () => {
  it('ends in done, cancelled and rejected, and every status is reachable from submitted', () => {
    expect(SERVICE_REQUEST_MOVES.done).toEqual([]);
    expect(SERVICE_REQUEST_MOVES.cancelled).toEqual([]);
    expect(SERVICE_REQUEST_MOVES.rejected).toEqual([]);
    const reached = new Set(['submitted']);
    for (let round = 0; round < SERVICE_REQUEST_STATUSES.length; round++) {
      for (const from of [...reached]) for (const to of SERVICE_REQUEST_MOVES[from as keyof typeof SERVICE_REQUEST_MOVES]) reached.add(to);
    }
    expect([...reached].sort()).toEqual([...SERVICE_REQUEST_STATUSES].sort());
  });

  it('never goes back to submitted or reviewing once scheduled', () => {
    for (const from of ['scheduled', 'in_progress'] as const) {
      expect(SERVICE_REQUEST_MOVES[from]).not.toContain('submitted');
      expect(SERVICE_REQUEST_MOVES[from]).not.toContain('reviewing');
    }
  });

  it('lets the patient cancel only before the visit is scheduled', () => {
    expect([...PATIENT_CANCELLABLE]).toEqual(['submitted', 'reviewing']);
  });
});

describe('ServiceRequestSchema', () => {
  it('accepts a request with a landline, canonicalising it', () => {
    const result = v.safeParse(ServiceRequestSchema, valid);
    expect(result.success).toBe(true);
    if (result.success) expect(result.output).toMatchObject({ phone: '02188776655', notes: '' });
  });

  it('accepts a mobile and a relative', () => {
    const body = { ...valid, phone: '+989121234567', for: { first_name: 'مریم', last_name: 'رضایی', international_code: '0013542419' } };
    expect(messagesOf(ServiceRequestSchema, body)).toEqual([]);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ phone: '12345' }, 'phone'],
    [{ phone: '' }, 'phone'],
    [{ preferred_date: '2026-02-30' }, 'preferred_date'],
    [{ preferred_date: '' }, 'preferred_date'],
    [{ preferred_window: 'night' }, 'preferred_window'],
    [{ service_id: '../etc' }, 'service_id'],
    [{ address: 'Tehran' }, 'address'],
    [{ for: { first_name: 'مریم', last_name: 'رضایی', international_code: '1111111111' } }, 'for.international_code'],
  ])('refuses %j on its field', (change, path) => {
    expect(messagesOf(ServiceRequestSchema, { ...valid, ...change }).some((m) => m.startsWith(`${path}:`))).toBe(true);
  });
});

describe('ServiceRequestStatusSchema', () => {
  it('needs scheduled_at with scheduled, on that field', () => {
    expect(messagesOf(ServiceRequestStatusSchema, { status: 'scheduled' })[0]).toMatch(/^scheduled_at:/);
    expect(messagesOf(ServiceRequestStatusSchema, { status: 'scheduled', scheduled_at: '2026-12-02T05:30:00Z' })).toEqual([]);
  });

  it('takes a Persian note only (it is sent by SMS)', () => {
    expect(messagesOf(ServiceRequestStatusSchema, { status: 'reviewing', note: 'call me' })).toHaveLength(1);
    expect(messagesOf(ServiceRequestStatusSchema, { status: 'reviewing', note: 'پرستار فردا تماس می‌گیرد' })).toEqual([]);
  });
});
