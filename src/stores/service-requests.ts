import { atom } from 'nanostores';
import { createServiceRequest, fetchSavedContacts, fetchServiceRequests } from '#client/api/service-requests.ts';
import type { SavedContact, ServiceRequest, ServiceRequestBody } from '#lib/api/contracts/service-requests.ts';
import { LAST_PAGE, type ListMeta } from '#lib/api/pages.ts';
import { queryOf, readChoice, readPage, writeListQuery } from '#lib/list-view.ts';
import { SERVICE_REQUEST_STATUSES, type ServiceRequestStatus } from '#lib/services/requests.ts';
import { createLoader, type Loadable, loadWhileWatched, type Page, viewInAddress } from './loadable.ts';

/**
 * The patient's service requests (/sr/request/list): the status filter and the page, kept in the
 * address (`?status=&page=`), and the list they select. Also files a new request (/sr/request/store).
 */

/** Requests per page of the list. */
export const SERVICE_REQUESTS_PER_PAGE = 10;

export interface ServiceRequestsView {
  /** Only requests in this status; all when undefined. */
  status?: ServiceRequestStatus;
  page: number;
}

/** The view a query string names; anything unreadable falls back to the first page of all requests. */
export function readServiceRequestsView(search: string | URLSearchParams): ServiceRequestsView {
  const query = queryOf(search);
  const status = readChoice(query, 'status', SERVICE_REQUEST_STATUSES);
  return { ...(status ? { status } : {}), page: readPage(query, LAST_PAGE) };
}

/** The query string for `view` ('' for the first page of all requests). */
export function writeServiceRequestsView(view: ServiceRequestsView): string {
  return writeListQuery({ status: view.status }, view.page);
}

export const $serviceRequestsView = atom<ServiceRequestsView>({ page: 1 });
export const $serviceRequests = atom<Loadable<Page<ServiceRequest, ListMeta>>>({ status: 'loading' });

const list = createLoader({
  $store: $serviceRequests,
  fetch: async () => {
    const { status, page } = $serviceRequestsView.get();
    const { data, meta } = await fetchServiceRequests({ page, per_page: SERVICE_REQUESTS_PER_PAGE, ...(status ? { status } : {}) });
    return { items: data, meta };
  },
});

/** Loads the page the view selects; an older answer arriving late is dropped. */
export const loadServiceRequests = list.load;

/**
 * Shows `view` and writes it into the address (a new history entry: Back returns to the previous
 * filter). The address is the source of the view: read at first, and again on Back and Forward.
 */
export const showServiceRequests = viewInAddress($serviceRequests, {
  $view: $serviceRequestsView,
  read: readServiceRequestsView,
  write: writeServiceRequestsView,
  load: () => void loadServiceRequests(),
});

/** `POST /service-requests`: resolves with the new request; rejects with the failed call (the form shows it). */
export async function fileServiceRequest(body: ServiceRequestBody): Promise<ServiceRequest> {
  const { data } = await createServiceRequest(body);
  if ($serviceRequests.lc > 0) void loadServiceRequests({ quiet: true });
  return data;
}

/** The phone and address pairs of the patient's latest requests, offered on the form (empty for a first request). */
export const $savedContacts = atom<Loadable<SavedContact[]>>({ status: 'loading' });

const savedContacts = createLoader({
  $store: $savedContacts,
  fetch: async () => (await fetchSavedContacts()).data,
});

/** Quiet: the pairs already offered stay on the form while another login's are read. */
export function loadSavedContacts(): Promise<void> {
  return savedContacts.load({ quiet: true });
}

loadWhileWatched($savedContacts, () => void loadSavedContacts());
