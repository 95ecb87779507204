import { type CollectionEntry, getCollection } from 'astro:content';
import { SERVICE_CATEGORIES, SERVICE_CATEGORY_INTROS, SERVICE_WINDOWS, type ServiceCategory, type ServiceWindow } from '#content/services-schema.ts';
import { formatRial } from '#lib/format/number.ts';

export type ServiceEntry = CollectionEntry<'services'>;

export interface ServiceGroup {
  /** The category key: also the section's id on /sr/services. */
  id: ServiceCategory;
  name: string;
  intro: string;
  services: ServiceEntry[];
}

/** The pages of services on request (spec §2); the request and invoice pages are built apart. */
export const SR_LINKS = {
  home: '/sr',
  services: '/sr/services',
  request: '/sr/request/store',
  myRequests: '/sr/request/list',
  myInvoices: '/sr/invoice',
} as const;

/** The request form for one service: the exact link api.md fixes for /sr/services. */
export const requestHref = (serviceId: string) => `${SR_LINKS.request}?service=${encodeURIComponent(serviceId)}`;

/** A service's entry on /sr/services. */
export const serviceHref = (serviceId: string) => `${SR_LINKS.services}#${serviceId}`;

/** Every category in SERVICE_CATEGORIES order with its services by `order` (then name); empty categories are left out. */
export async function loadServiceGroups(): Promise<ServiceGroup[]> {
  const services = (await getCollection('services')).sort((a, b) => a.data.order - b.data.order || a.data.name.localeCompare(b.data.name, 'fa'));
  return (Object.keys(SERVICE_CATEGORIES) as ServiceCategory[])
    .map((id) => ({ id, name: SERVICE_CATEGORIES[id], intro: SERVICE_CATEGORY_INTROS[id], services: services.filter((s) => s.data.category === id) }))
    .filter((group) => group.services.length > 0);
}

/** The amount alone, as formatRial writes it («۲٬۵۰۰٬۰۰۰»), so a range names its unit once. */
const amount = (rials: number) => formatRial(rials).replace(/\s*ریال$/, '');

/** «از ۲٬۵۰۰٬۰۰۰ تا ۶٬۰۰۰٬۰۰۰ ریال»; one amount when both ends agree, «تا … ریال» from zero. */
export function priceRange(min: number, max: number): string {
  if (min === max) return formatRial(min);
  if (min === 0) return `تا ${formatRial(max)}`;
  return `از ${amount(min)} تا ${formatRial(max)}`;
}

/** «صبح (۸ تا ۱۲)», one label per window, in the order given. */
export function windowLabels(windows: readonly ServiceWindow[]): string[] {
  return windows.map((key) => `${SERVICE_WINDOWS[key].name} (${SERVICE_WINDOWS[key].hours})`);
}
