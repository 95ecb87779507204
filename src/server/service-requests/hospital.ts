/**
 * The hospital's side of service requests (spec/api.md "Hospital side"): the desk's queue and a
 * request's move, answered in the desk's view (the patient's national code, the account's mobile,
 * the address). The moves themselves are the status machine of service.ts.
 */
import { asc, count, eq, inArray } from 'drizzle-orm';
import { type HospitalServiceRequestsQuery, OPEN_SERVICE_REQUEST_STATUSES } from '#lib/api/contracts/hospital.ts';
import { FILE_ID_PATTERN, type ServiceRequestFile, type ServiceRequestStatus, type ServiceRequestStatusBody } from '#lib/api/contracts/service-requests.ts';
import type { ServiceWindow } from '#lib/services/names.ts';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema/accounts.ts';
import { serviceRequests } from '../db/schema/service-requests.ts';
import { AppError } from '../errors.ts';
import { toRequestFile } from './files.ts';
import { serviceRequestMessages as M } from './messages.ts';
import { eventsOf, filesOf, findFileOfRequest, invoiceKeysOf, type RequestFileInfo, type RequestFileRow, type ServiceRequestEventRow, type ServiceRequestRow } from './repository.ts';
import { checkedRequestKey, moveServiceRequest } from './service.ts';
import type { Services } from './services.ts';

/** A request as the desk sees it (DeskServiceRequestSchema in lib/api/contracts/hospital.ts). */
export interface DeskServiceRequest {
  key: string;
  service_id: string;
  service_name: string;
  status: ServiceRequestStatus;
  patient: { first_name: string; last_name: string; international_code: string | null; phone_number: string; self: boolean };
  phone: string;
  address: string;
  preferred_date: string;
  preferred_window: ServiceWindow;
  notes?: string;
  prescription_code?: string;
  scheduled_at?: string;
  invoice_keys: string[];
  /** The patient's files (`GET /service-requests/{key}/files/{id}` gives each). */
  files: ServiceRequestFile[];
  created_at: string;
  updated_at: string;
  history?: Array<{ status: ServiceRequestStatus; note?: string; at: string; by: 'patient' | 'hospital'; scheduled_at?: string }>;
}

/** A request with what the desk needs of its account. */
type DeskRow = ServiceRequestRow & { holder: { internationalCode: string; phoneNumber: string } };

const holderColumns = { internationalCode: accounts.internationalCode, phoneNumber: accounts.phoneNumber };

// The desk's reads (the repository of this file): requests joined with their account.

async function findDeskRow(db: Db, key: string): Promise<DeskRow | undefined> {
  const [row] = await db
    .select({ request: serviceRequests, holder: holderColumns })
    .from(serviceRequests)
    .innerJoin(accounts, eq(accounts.id, serviceRequests.accountId))
    .where(eq(serviceRequests.key, key));
  return row && { ...row.request, holder: row.holder };
}

/** Requests with one of `statuses` (all when undefined), oldest first: the order to handle them in. */
async function listDeskRows(db: Db, statuses: readonly ServiceRequestStatus[] | undefined, page: { limit: number; offset: number }): Promise<{ rows: DeskRow[]; total: number }> {
  const where = statuses ? inArray(serviceRequests.status, [...statuses]) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ request: serviceRequests, holder: holderColumns })
      .from(serviceRequests)
      .innerJoin(accounts, eq(accounts.id, serviceRequests.accountId))
      .where(where)
      .orderBy(asc(serviceRequests.createdAt), asc(serviceRequests.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(serviceRequests).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row.request, holder: row.holder })), total: total?.n ?? 0 };
}

/** The desk's view of a request; `events` only for a single request (lists carry no history). */
export function toDeskServiceRequest(
  row: DeskRow,
  { services, invoiceKeys, files, events }: { services: Services; invoiceKeys: string[]; files: RequestFileInfo[]; events?: ServiceRequestEventRow[] },
): DeskServiceRequest {
  return {
    key: row.key,
    service_id: row.serviceId,
    service_name: services.get(row.serviceId)?.name ?? row.serviceId,
    status: row.status,
    patient: {
      first_name: row.patientFirstName,
      last_name: row.patientLastName,
      international_code: row.forSelf ? row.holder.internationalCode : row.patientNationalCode,
      phone_number: row.holder.phoneNumber,
      self: row.forSelf,
    },
    phone: row.phone,
    address: row.address,
    preferred_date: row.preferredDate,
    preferred_window: row.preferredWindow,
    ...(row.notes ? { notes: row.notes } : {}),
    ...(row.prescriptionCode ? { prescription_code: row.prescriptionCode } : {}),
    ...(row.scheduledAt ? { scheduled_at: row.scheduledAt.toISOString() } : {}),
    invoice_keys: invoiceKeys,
    files: files.map(toRequestFile),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(events
      ? {
          history: events.map((event) => ({
            status: event.status as ServiceRequestStatus,
            ...(event.note ? { note: event.note } : {}),
            at: event.at.toISOString(),
            by: event.by,
            ...(event.scheduledAt ? { scheduled_at: event.scheduledAt.toISOString() } : {}),
          })),
        }
      : {}),
  };
}

/** One request in the desk's view, with its history; 404 for an unknown key. */
export async function deskServiceRequest(db: Db, services: Services, key: string): Promise<DeskServiceRequest> {
  const row = await findDeskRow(db, checkedRequestKey(key));
  if (!row) throw new AppError('not_found', M.notFound);
  const [events, keys, files] = await Promise.all([eventsOf(db, row.id), invoiceKeysOf(db, [row.id]), filesOf(db, [row.id])]);
  return toDeskServiceRequest(row, { services, invoiceKeys: keys.get(row.id) ?? [], files: files.get(row.id) ?? [], events });
}

/** `GET /service-requests/{key}/files/{id}`: one file of a request, with its bytes; 404 for any other. */
export async function deskRequestFile(db: Db, key: string, fileId: string): Promise<RequestFileRow> {
  const row = await findDeskRow(db, checkedRequestKey(key));
  const file = row && FILE_ID_PATTERN.test(fileId) ? await findFileOfRequest(db, row.id, fileId) : undefined;
  if (!file) throw new AppError('not_found', M.fileNotFound);
  return file;
}

/** `GET /service-requests?status=&page=&per_page=`: the desk's queue (open requests by default), oldest first. */
export async function listServiceRequestsForHospital(db: Db, services: Services, query: HospitalServiceRequestsQuery): Promise<{ rows: DeskServiceRequest[]; total: number }> {
  const statuses = query.status === 'all' ? undefined : query.status === 'open' ? OPEN_SERVICE_REQUEST_STATUSES : [query.status];
  const { rows, total } = await listDeskRows(db, statuses, { limit: query.per_page, offset: (query.page - 1) * query.per_page });
  const ids = rows.map((row) => row.id);
  const [keys, files] = await Promise.all([invoiceKeysOf(db, ids), filesOf(db, ids)]);
  return { rows: rows.map((row) => toDeskServiceRequest(row, { services, invoiceKeys: keys.get(row.id) ?? [], files: files.get(row.id) ?? [] })), total };
}

/** `POST /service-requests/{key}/status`: the move (service.ts; the patient gets an SMS), answered in the desk's view. */
export async function moveServiceRequestForHospital(
  db: Db,
  { services, key, body, now }: { services: Services; key: string; body: ServiceRequestStatusBody; now: Date },
): Promise<DeskServiceRequest> {
  await moveServiceRequest(db, { services, key, body, now });
  return deskServiceRequest(db, services, key);
}
