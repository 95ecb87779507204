import type { ServiceRequest, ServiceRequestHistoryEntry, ServiceRequestStatus } from '#lib/api/contracts/service-requests.ts';
import { PATIENT_CANCELLABLE } from '#lib/api/contracts/service-requests.ts';
import { maskCode } from '../appointments/present.ts';
import type { Service } from '../catalogue/index.ts';
import { toRequestFile } from './files.ts';
import type { InvoiceSummaryRow, RequestFileInfo, ServiceRequestEventRow, ServiceRequestRow } from './repository.ts';

/** What a request carries besides its row: its invoices and its files. */
export interface RequestExtras {
  invoices: InvoiceSummaryRow[];
  files: RequestFileInfo[];
}

/** A request as its patient sees it; `events` empty for list entries (no history there). */
export function toServiceRequest(row: ServiceRequestRow, services: ReadonlyMap<string, Service>, events: ServiceRequestEventRow[], extras: RequestExtras): ServiceRequest {
  const service = services.get(row.serviceId);
  return {
    key: row.key,
    service_id: row.serviceId,
    service: { id: row.serviceId, name: service?.name ?? row.serviceId, category: service?.category ?? '' },
    status: row.status,
    patient: {
      first_name: row.patientFirstName,
      last_name: row.patientLastName,
      self: row.forSelf,
      ...(row.patientNationalCode ? { international_code_masked: maskCode(row.patientNationalCode) } : {}),
    },
    phone: row.phone,
    address: row.address,
    preferred_date: row.preferredDate,
    preferred_window: row.preferredWindow,
    ...(row.notes ? { notes: row.notes } : {}),
    ...(row.prescriptionCode ? { prescription_code: row.prescriptionCode } : {}),
    ...(row.scheduledAt ? { scheduled_at: row.scheduledAt.toISOString() } : {}),
    history: events.map(
      (event): ServiceRequestHistoryEntry => ({
        status: event.status as ServiceRequestStatus,
        ...(event.note ? { note: event.note } : {}),
        at: event.at.toISOString(),
        by: event.by,
        ...(event.scheduledAt ? { scheduled_at: event.scheduledAt.toISOString() } : {}),
      }),
    ),
    invoice_keys: extras.invoices.map((invoice) => invoice.key),
    invoices: extras.invoices.map((invoice) => ({
      key: invoice.key,
      status: invoice.status,
      payable: invoice.payable,
      ...(invoice.dueAt ? { due_at: invoice.dueAt.toISOString() } : {}),
    })),
    files: extras.files.map(toRequestFile),
    can_cancel: PATIENT_CANCELLABLE.includes(row.status),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
