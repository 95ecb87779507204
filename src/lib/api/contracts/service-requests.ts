/**
 * The service-request calls (spec/api.md "Service requests and invoices"): request schemas and
 * answer shapes, used by the request form (islands/service-requests), the endpoints
 * (pages/api/service-requests/*) and the hospital side.
 */
import * as v from 'valibot';
import { SERVICE_WINDOW_KEYS, type ServiceWindow } from '../../services/names.ts';
import {
  REQUEST_FILE_MAX_BYTES,
  REQUEST_FILE_TYPES,
  REQUEST_FILES_MAX,
  type RequestFileType,
  SERVICE_REQUEST_HORIZON_DAYS,
  SERVICE_REQUEST_KEY_PATTERN,
  SERVICE_REQUEST_STATUS_NAMES,
  SERVICE_REQUEST_STATUSES,
  type ServiceRequestStatus,
} from '../../services/requests.ts';
import { inputMessage, required, SingleLineInputSchema } from '../../validation/base.ts';
import { IsoInstantSchema } from '../../validation/datetime.ts';
import { validationMessages as M } from '../../validation/messages.ts';
import { PhoneAndHomePhoneSchema } from '../../validation/phone.ts';
import { PrescriptionCodeSchema } from '../../validation/prescription.ts';
import { AddressSchema, NotesSchema } from '../../validation/request-text.ts';
import { type AppointmentPatient, BookingDaySchema, OtherPatientSchema } from './appointments.ts';
import { type ListMeta, PageQuerySchema } from './list.ts';

export {
  REQUEST_FILE_MAX_BYTES,
  REQUEST_FILE_TYPES,
  REQUEST_FILES_MAX,
  type RequestFileType,
  SERVICE_REQUEST_HORIZON_DAYS,
  SERVICE_REQUEST_KEY_PATTERN,
  SERVICE_REQUEST_STATUS_NAMES,
  SERVICE_REQUEST_STATUSES,
  SERVICE_WINDOW_KEYS,
  type ServiceRequestStatus,
  type ServiceWindow,
};

/**
 * The moves a request may make (the hospital makes them all but the patient's cancel). `scheduled`
 * may be set again to move the visit; the last three are final.
 */
export const SERVICE_REQUEST_MOVES: Record<ServiceRequestStatus, readonly ServiceRequestStatus[]> = {
  submitted: ['reviewing', 'scheduled', 'rejected', 'cancelled'],
  reviewing: ['scheduled', 'rejected', 'cancelled'],
  scheduled: ['scheduled', 'in_progress', 'done', 'cancelled'],
  in_progress: ['done', 'cancelled'],
  done: [],
  cancelled: [],
  rejected: [],
};

/** The patient may cancel only before the hospital has scheduled the visit (api.md). */
export const PATIENT_CANCELLABLE: readonly ServiceRequestStatus[] = ['submitted', 'reviewing'];

export const ServiceIdSchema = v.pipe(v.string(M.required), v.nonEmpty(M.required), v.maxLength(80, 'خدمت معتبر نیست'), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'خدمت معتبر نیست'));

/** A file's id: 128 random bits, base64url. */
export const FILE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A file of a request: what the patient and the hospital see of it (the bytes come from its own call). */
export interface ServiceRequestFile {
  id: string;
  name: string;
  type: RequestFileType;
  /** Bytes, as stored (images after their metadata was removed). */
  size: number;
  created_at: string;
}
/** `POST /service-requests/files?name=` (the body is the file's bytes): 201 with the stored file. */
export interface RequestFileAnswer {
  success: true;
  data: ServiceRequestFile;
}
/** `?name=` of the upload: the file's name as the patient's device has it (cleaned by the server). */
export const RequestFileQuerySchema = v.object({
  name: v.optional(v.pipe(v.string(inputMessage), v.maxLength(255, 'نام فایل بیش از حد بلند است')), ''),
});

/** An invoice of a request, as its page lists it (the invoice itself at /sr/invoice/show/{key}). */
export interface ServiceRequestInvoice {
  key: string;
  status: 'unpaid' | 'paid' | 'void';
  /** Rials the patient owes (or paid). */
  payable: number;
  due_at?: string;
}

/** `GET /service-requests/contacts`: the phone and address pairs of the patient's latest requests, newest first, distinct. */
export interface SavedContact {
  phone: string;
  address: string;
}
export interface SavedContactsAnswer {
  success: true;
  data: SavedContact[];
}
/** How many earlier phone and address pairs the form offers. */
export const SAVED_CONTACTS_MAX = 5;

/** `POST /service-requests` */
export const ServiceRequestSchema = v.object({
  service_id: ServiceIdSchema,
  for: v.optional(OtherPatientSchema),
  phone: required(PhoneAndHomePhoneSchema),
  address: AddressSchema,
  preferred_date: v.pipe(v.string(inputMessage), v.nonEmpty('روز دلخواه را انتخاب کنید'), BookingDaySchema),
  preferred_window: v.picklist(SERVICE_WINDOW_KEYS, 'بازهٔ زمانی را انتخاب کنید'),
  notes: NotesSchema,
  /** The e-prescription's tracking code (optional). */
  prescription_code: PrescriptionCodeSchema,
  /** Files uploaded first with `POST /service-requests/files` (the patient's own, not yet on a request). */
  file_ids: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(inputMessage), v.regex(FILE_ID_PATTERN, 'فایل پیوست معتبر نیست')), 'فایل‌های پیوست معتبر نیست'),
      v.maxLength(REQUEST_FILES_MAX, `حداکثر ${REQUEST_FILES_MAX.toLocaleString('fa-IR')} فایل برای هر درخواست`),
      v.check((ids) => new Set(ids).size === ids.length, 'یک فایل دو بار پیوست شده است'),
    ),
    [],
  ),
});
export type ServiceRequestBody = v.InferOutput<typeof ServiceRequestSchema>;
export type ServiceRequestInput = v.InferInput<typeof ServiceRequestSchema>;

/** `GET /service-requests?status=&page=&per_page=` */
export const ServiceRequestsQuerySchema = v.object({
  ...PageQuerySchema.entries,
  status: v.optional(v.picklist(SERVICE_REQUEST_STATUSES, 'وضعیت معتبر نیست')),
});
export type ServiceRequestsQuery = v.InferOutput<typeof ServiceRequestsQuerySchema>;

export interface ServiceRequestHistoryEntry {
  status: ServiceRequestStatus;
  /** The hospital's note (Persian), shown to the patient. */
  note?: string;
  at: string;
  /** Who moved it. */
  by: 'patient' | 'hospital';
  /** For `scheduled`: the visit's time. */
  scheduled_at?: string;
}

/** A request as its patient sees it (`GET /service-requests/{key}`; the list gives the same without history). */
export interface ServiceRequest {
  key: string;
  service_id: string;
  service: { id: string; name: string; category: string };
  status: ServiceRequestStatus;
  patient: AppointmentPatient;
  phone: string;
  address: string;
  preferred_date: string;
  preferred_window: ServiceWindow;
  notes?: string;
  /** The e-prescription's tracking code, when given. */
  prescription_code?: string;
  /** When the hospital has set the visit. */
  scheduled_at?: string;
  history: ServiceRequestHistoryEntry[];
  invoice_keys: string[];
  /** The invoices, oldest first, with what each asks and its status. */
  invoices: ServiceRequestInvoice[];
  /** The files sent with the request (`GET /service-requests/{key}/files/{id}` gives each). */
  files: ServiceRequestFile[];
  can_cancel: boolean;
  created_at: string;
  updated_at: string;
}

export interface ServiceRequestAnswer {
  success: true;
  data: ServiceRequest;
}
export interface ServiceRequestsAnswer {
  success: true;
  data: ServiceRequest[];
  meta: ListMeta;
}

export const STATUS_NOTE_MAX = 300;
const PERSIAN_LETTER = /[\u0621-\u064A\u067E\u0686\u0698\u06A9\u06AF\u06CC]/;

/** `POST /service-requests/{key}/status` (hospital) `{status, note?, scheduled_at?}`; `scheduled` needs `scheduled_at`. */
export const ServiceRequestStatusSchema = v.pipe(
  v.object({
    status: v.pipe(v.picklist(SERVICE_REQUEST_STATUSES, 'وضعیت معتبر نیست'), v.description('The new status.')),
    note: v.optional(
      v.pipe(
        v.string(inputMessage),
        v.description('A note for the patient, in Persian, one line; sent by SMS.'),
        v.maxLength(STATUS_NOTE_MAX, `حداکثر ${STATUS_NOTE_MAX} کاراکتر`),
        required(SingleLineInputSchema),
        v.regex(PERSIAN_LETTER, 'یادداشت را به فارسی بنویسید؛ برای بیمار پیامک می‌شود'),
      ),
    ),
    scheduled_at: v.optional(v.pipe(IsoInstantSchema, v.description('The visit time, an ISO 8601 instant with `Z`; required with `scheduled`.'))),
  }),
  v.forward(
    v.check((body) => body.status !== 'scheduled' || body.scheduled_at !== undefined, 'زمان مراجعه (scheduled_at) برای وضعیت scheduled لازم است'),
    ['scheduled_at'],
  ),
);
export type ServiceRequestStatusBody = v.InferOutput<typeof ServiceRequestStatusSchema>;
