import {
  FILE_ID_PATTERN,
  PATIENT_CANCELLABLE,
  SAVED_CONTACTS_MAX,
  type SavedContact,
  SERVICE_REQUEST_HORIZON_DAYS,
  SERVICE_REQUEST_MOVES,
  type ServiceRequest,
  type ServiceRequestBody,
  type ServiceRequestStatusBody,
  type ServiceRequestsQuery,
} from '#lib/api/contracts/service-requests.ts';
import { addDays } from '#lib/appointments/slots.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';
import { findAccount } from '../accounts/repository.ts';
import type { Service } from '../catalogue/index.ts';
import type { Db } from '../db/client.ts';
import { env } from '../env.ts';
import { AppError } from '../errors.ts';
import { voidInvoicesOfRequest } from '../invoices/service.ts';
import { isBusinessKey, withFreshKey } from '../keys.ts';
import { consumeAllowanceIn } from '../limits/service.ts';
import { logError } from '../log.ts';
import { notify } from '../sms/notify.ts';
import { serviceRequestMessages as M, serviceRequestSms } from './messages.ts';
import { toServiceRequest } from './present.ts';
import {
  attachFiles,
  countOpenRequestsOf,
  eventsOf,
  filesOf,
  findFileOfRequest,
  findServiceRequestOf,
  insertEvent,
  insertServiceRequest,
  invoicesOf,
  listServiceRequestsOf,
  lockRequestsOf,
  lockServiceRequest,
  type RequestFileRow,
  recentContactsOf,
  SERVICE_REQUEST_KEY_CONSTRAINT,
  type ServiceRequestRow,
  updateServiceRequest,
} from './repository.ts';
import type { Services } from './services.ts';

/** Open requests an account may have at once. */
export const MAX_OPEN_REQUESTS = 10;

/**
 * Requests one account may file in any 24 hours, cancelled ones included (SERVICE_REQUEST_DAILY_LIMIT,
 * default 5): a desk phones every request back, and a household rarely needs more than one or two
 * home services a day. Without it, submit-and-cancel could be looped (two SMS a loop) under the open cap.
 */
export const requestsPerDay = () => env().SERVICE_REQUEST_DAILY_LIMIT;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The account asking: its id and name (for a request for themself). */
export interface Requester {
  id: number;
  firstName: string;
  lastName: string;
}

/** Only keys of our shape are looked up; anything else is simply not found. */
export function checkedRequestKey(key: string): string {
  if (!isBusinessKey('SR', key)) throw new AppError('not_found', M.notFound);
  return key;
}

/** The rules the catalogue adds to the request schema: the service exists, offers that window, and the day is in range. */
function checkAgainstCatalogue(services: Services, body: NewRequestBody, now: Date): Service {
  const service = services.get(body.service_id);
  if (!service) throw new AppError('invalid_input', M.unknownService, { errors: { service_id: [M.unknownService] } });
  if (!service.windows.includes(body.preferred_window)) throw new AppError('invalid_input', M.windowNotOffered, { errors: { preferred_window: [M.windowNotOffered] } });
  const today = toTehranIsoDate(now);
  if (body.preferred_date < addDays(today, service.earliest_days)) {
    const message = M.tooSoon(service.earliest_days);
    throw new AppError('invalid_input', message, { errors: { preferred_date: [message] } });
  }
  if (body.preferred_date > addDays(today, SERVICE_REQUEST_HORIZON_DAYS)) {
    const message = M.tooFar(SERVICE_REQUEST_HORIZON_DAYS);
    throw new AppError('invalid_input', message, { errors: { preferred_date: [message] } });
  }
  return service;
}

/** SMS to the account's phone about its request, after the change committed; never throws. */
async function tellPatient(db: Db, services: Services, row: ServiceRequestRow, now: Date, note?: string | null): Promise<void> {
  try {
    const account = await findAccount(db, row.accountId);
    const service = services.get(row.serviceId)?.name ?? row.serviceId;
    if (account) await notify(db, { to: account.phoneNumber, text: serviceRequestSms(row.key, service, row.status, { note: note ?? null, scheduledAt: row.scheduledAt }), now });
  } catch (error) {
    logError('Telling the patient about a service request failed', error);
  }
}

async function present(db: Db, services: Services, row: ServiceRequestRow): Promise<ServiceRequest> {
  const [events, invoices, files] = await Promise.all([eventsOf(db, row.id), invoicesOf(db, [row.id]), filesOf(db, [row.id])]);
  return toServiceRequest(row, services, events, { invoices: invoices.get(row.id) ?? [], files: files.get(row.id) ?? [] });
}

/** A request's body; the tracking code and the files may be left out (callers other than the API: the seed, scripts). */
export type NewRequestBody = Omit<ServiceRequestBody, 'prescription_code' | 'file_ids'> & Partial<Pick<ServiceRequestBody, 'prescription_code' | 'file_ids'>>;

/** `POST /service-requests`: files the request as `submitted`, with its first history entry and its files. */
export async function createServiceRequest(
  db: Db,
  { services, requester, body, now }: { services: Services; requester: Requester; body: NewRequestBody; now: Date },
): Promise<ServiceRequest> {
  checkAgainstCatalogue(services, body, now);
  const row = await db.transaction(async (tx) => {
    // Serialises this account's requests so 50 at once cannot all pass the count.
    await lockRequestsOf(tx, requester.id);
    if ((await countOpenRequestsOf(tx, requester.id)) >= MAX_OPEN_REQUESTS) {
      throw new AppError('rate_limited', M.tooManyOpen(MAX_OPEN_REQUESTS), { retryAfter: 3600 });
    }
    const perDay = requestsPerDay();
    await consumeAllowanceIn(tx, {
      subject: { bucket: 'service-request-create', subject: String(requester.id) },
      windows: [{ max: perDay, ms: DAY_MS }],
      message: (seconds) => M.tooManyToday(perDay, seconds),
      now,
    });
    const inserted = await withFreshKey(tx, 'SR', SERVICE_REQUEST_KEY_CONSTRAINT, (db2, key) =>
      insertServiceRequest(db2, {
        key,
        accountId: requester.id,
        serviceId: body.service_id,
        forSelf: !body.for,
        patientFirstName: body.for?.first_name ?? requester.firstName,
        patientLastName: body.for?.last_name ?? requester.lastName,
        patientNationalCode: body.for?.international_code ?? null,
        phone: body.phone,
        address: body.address,
        preferredDate: body.preferred_date,
        preferredWindow: body.preferred_window,
        notes: body.notes || null,
        prescriptionCode: body.prescription_code || null,
        status: 'submitted',
        createdAt: now,
        updatedAt: now,
      }),
    );
    // The files must all be this account's and not on another request; else nothing is filed.
    const fileIds = body.file_ids ?? [];
    if ((await attachFiles(tx, requester.id, inserted.id, fileIds)) !== fileIds.length) {
      throw new AppError('invalid_input', M.fileNotFound, { errors: { file_ids: [M.fileNotFound] } });
    }
    await insertEvent(tx, { requestId: inserted.id, status: 'submitted', by: 'patient', at: now });
    return inserted;
  });
  await tellPatient(db, services, row, now);
  return present(db, services, row);
}

export async function getServiceRequest(db: Db, services: Services, accountId: number, key: string): Promise<ServiceRequest> {
  const row = await findServiceRequestOf(db, accountId, checkedRequestKey(key));
  if (!row) throw new AppError('not_found', M.notFound);
  return present(db, services, row);
}

export async function listServiceRequests(db: Db, services: Services, accountId: number, query: ServiceRequestsQuery): Promise<{ items: ServiceRequest[]; total: number }> {
  const { rows, total } = await listServiceRequestsOf(db, accountId, query.status, { limit: query.per_page, offset: (query.page - 1) * query.per_page });
  const ids = rows.map((row) => row.id);
  const [invoices, files] = await Promise.all([invoicesOf(db, ids), filesOf(db, ids)]);
  return { items: rows.map((row) => toServiceRequest(row, services, [], { invoices: invoices.get(row.id) ?? [], files: files.get(row.id) ?? [] })), total };
}

/** `GET /service-requests/contacts`: the phone and address of the account's latest requests, each pair once, newest first. */
export function savedContacts(db: Db, accountId: number): Promise<SavedContact[]> {
  return recentContactsOf(db, accountId, SAVED_CONTACTS_MAX);
}

/** A file of a request: the owner's (another account, or a file of another request, is not found). */
export async function requestFileOf(db: Db, accountId: number, key: string, fileId: string): Promise<RequestFileRow> {
  const row = await findServiceRequestOf(db, accountId, checkedRequestKey(key));
  const file = row && FILE_ID_PATTERN.test(fileId) ? await findFileOfRequest(db, row.id, fileId) : undefined;
  if (!file) throw new AppError('not_found', M.fileNotFound);
  return file;
}

/** `POST /service-requests/{key}/cancel`: only while submitted or reviewing (api.md). */
export async function cancelServiceRequest(db: Db, { services, accountId, key, now }: { services: Services; accountId: number; key: string; now: Date }): Promise<ServiceRequest> {
  checkedRequestKey(key);
  const row = await db.transaction(async (tx) => {
    const locked = await lockServiceRequest(tx, key);
    if (!locked || locked.accountId !== accountId) throw new AppError('not_found', M.notFound);
    if (locked.status === 'cancelled') return { row: locked, fresh: false };
    if (!PATIENT_CANCELLABLE.includes(locked.status)) throw new AppError('conflict', M.notCancellable);
    const cancelled = await updateServiceRequest(tx, locked.id, { status: 'cancelled', updatedAt: now });
    await insertEvent(tx, { requestId: locked.id, status: 'cancelled', by: 'patient', at: now });
    await voidInvoicesOfRequest(tx, locked.id, M.invoiceVoidedWithRequest, now);
    return { row: cancelled, fresh: true };
  });
  if (row.fresh) await tellPatient(db, services, row.row, now);
  return present(db, services, row.row);
}

/**
 * `POST /service-requests/{key}/status` (hospital): one move along SERVICE_REQUEST_MOVES, under the
 * row's lock, so two desks moving the same request cannot both pass the check. The patient gets an SMS.
 */
export async function moveServiceRequest(db: Db, { services, key, body, now }: { services: Services; key: string; body: ServiceRequestStatusBody; now: Date }): Promise<ServiceRequest> {
  checkedRequestKey(key);
  const scheduledAt = body.scheduled_at ? new Date(body.scheduled_at) : null;
  // The request schema says so too; callers that skip it (the seed, scripts) must not set a visit without a time.
  if (body.status === 'scheduled' && !scheduledAt) {
    throw new AppError('invalid_input', M.scheduledAtMissing, { errors: { scheduled_at: [M.scheduledAtMissing] } });
  }
  if (body.status === 'scheduled' && scheduledAt && scheduledAt <= now) {
    throw new AppError('invalid_input', M.scheduledInPast, { errors: { scheduled_at: [M.scheduledInPast] } });
  }
  const row = await db.transaction(async (tx) => {
    const locked = await lockServiceRequest(tx, key);
    if (!locked) throw new AppError('not_found', M.notFound);
    if (!SERVICE_REQUEST_MOVES[locked.status].includes(body.status)) throw new AppError('conflict', M.illegalMove(locked.status, body.status));
    const moved = await updateServiceRequest(tx, locked.id, {
      status: body.status,
      updatedAt: now,
      ...(body.status === 'scheduled' ? { scheduledAt } : {}),
    });
    await insertEvent(tx, { requestId: locked.id, status: body.status, note: body.note ?? null, by: 'hospital', scheduledAt: body.status === 'scheduled' ? scheduledAt : null, at: now });
    // A service that will not happen is not to be paid for: its unpaid invoices end with it.
    if (body.status === 'cancelled' || body.status === 'rejected') await voidInvoicesOfRequest(tx, locked.id, M.invoiceVoidedWithRequest, now);
    return moved;
  });
  await tellPatient(db, services, row, now, body.note);
  return present(db, services, row);
}
