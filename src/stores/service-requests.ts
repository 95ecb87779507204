import { atom, onMount } from 'nanostores';
import { createServiceRequest, fetchSavedContacts, fetchServiceRequests } from '#client/api/service-requests.ts';
import { SERVICE_REQUEST_STATUSES, type SavedContact, type ServiceRequest, type ServiceRequestBody, type ServiceRequestStatus } from '#lib/api/contracts/service-requests.ts';
import type { ListMeta } from '#lib/api/contracts/wallet.ts';
import { $token } from './auth.ts';
import type { Loadable } from './wallet.ts';

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

const isStatus = (value: string | null): value is ServiceRequestStatus => (SERVICE_REQUEST_STATUSES as readonly (string | null)[]).includes(value);

/** The highest page the API reads (six digits). */
const LAST_PAGE = 999_999;

/** The view a query string names; anything unreadable falls back to the first page of all requests. */
export function readServiceRequestsView(search: string | URLSearchParams): ServiceRequestsView {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const status = query.get('status');
  const page = Number(query.get('page'));
  return { ...(isStatus(status) ? { status } : {}), page: Number.isInteger(page) && page >= 1 && page <= LAST_PAGE ? page : 1 };
}

/** The query string for `view` ('' for the first page of all requests). */
export function writeServiceRequestsView(view: ServiceRequestsView): string {
  const query = new URLSearchParams();
  if (view.status) query.set('status', view.status);
  if (view.page > 1) query.set('page', String(view.page));
  return query.toString();
}

export const $serviceRequestsView = atom<ServiceRequestsView>({ page: 1 });
export const $serviceRequests = atom<Loadable<{ items: ServiceRequest[]; meta: ListMeta }>>({ status: 'loading' });

let listCall = 0;
/** Loads the page the view selects; an older answer arriving late is dropped. */
export async function loadServiceRequests({ quiet = false } = {}): Promise<void> {
  if (!$token.get()) return;
  const call = ++listCall;
  const { status, page } = $serviceRequestsView.get();
  if (!quiet || $serviceRequests.get().status !== 'ready') $serviceRequests.set({ status: 'loading' });
  try {
    const { data, meta } = await fetchServiceRequests({ page, per_page: SERVICE_REQUESTS_PER_PAGE, ...(status ? { status } : {}) });
    if (call === listCall) $serviceRequests.set({ status: 'ready', data: { items: data, meta } });
  } catch {
    if (call === listCall) $serviceRequests.set({ status: 'failed' });
  }
}

/** Shows `view` and writes it into the address (a new history entry: Back returns to the previous filter). */
export function showServiceRequests(view: ServiceRequestsView): void {
  $serviceRequestsView.set(view);
  const search = writeServiceRequestsView(view);
  history.pushState(null, '', `${location.pathname}${search ? `?${search}` : ''}`);
  void loadServiceRequests();
}

/** `POST /service-requests`: resolves with the new request; rejects with the failed call (the form shows it). */
export async function fileServiceRequest(body: ServiceRequestBody): Promise<ServiceRequest> {
  const { data } = await createServiceRequest(body);
  if ($serviceRequests.lc > 0) void loadServiceRequests({ quiet: true });
  return data;
}

/** The phone and address pairs of the patient's latest requests, offered on the form (empty for a first request). */
export const $savedContacts = atom<Loadable<SavedContact[]>>({ status: 'loading' });

export async function loadSavedContacts(): Promise<void> {
  if (!$token.get()) return;
  try {
    const { data } = await fetchSavedContacts();
    $savedContacts.set({ status: 'ready', data });
  } catch {
    $savedContacts.set({ status: 'failed' });
  }
}

onMount($savedContacts, () => {
  void loadSavedContacts();
  return $token.listen((token) => {
    if (token) void loadSavedContacts();
  });
});

// The address is the source of the view: read at first, and again on Back and Forward.
onMount($serviceRequests, () => {
  const fromAddress = () => {
    $serviceRequestsView.set(readServiceRequestsView(location.search));
    void loadServiceRequests();
  };
  fromAddress();
  addEventListener('popstate', fromAddress);
  const stopToken = $token.listen((token) => {
    if (token) void loadServiceRequests();
  });
  return () => {
    removeEventListener('popstate', fromAddress);
    stopToken();
  };
});
