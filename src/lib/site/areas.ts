/**
 * The one registry of the portal's areas and their names (a page's menu entry, tab and h1 read the
 * same): the header, the phones' bottom bar, the home page's
 * service cards, the account tabs and the user menu all read it. A link is shown only when its page
 * is built; a feature that lands flips `built` (areas.test.ts fails until the flag and src/pages agree).
 * Runs anywhere; imports nothing.
 */

/** The icons src/components/nav/AreaIcon.astro draws. */
export type AreaIcon = 'calendar' | 'stethoscope' | 'clipboard' | 'flask' | 'wallet' | 'baby' | 'user' | 'list' | 'receipt';

export interface Area {
  href: string;
  /** The label in the desktop header, the tabs and the menus. */
  label: string;
  /** A word or two for the phones' bottom bar. */
  short: string;
  icon: AreaIcon;
  /** Whether `href` has a page in src/pages. */
  built: boolean;
}

export interface ServiceCard extends Area {
  card: { title: string; text: string };
}

const appointment = {
  href: '/appointment',
  label: 'نوبت‌دهی',
  short: 'نوبت‌دهی',
  icon: 'calendar',
  built: true,
  card: { title: 'نوبت‌دهی', text: 'پزشک و درمانگاه مناسب را پیدا کنید و روزهای کاری‌اش را ببینید.' },
} as const satisfies ServiceCard;

const specialties = { href: '/expertise-group', label: 'تخصص‌ها', short: 'تخصص‌ها', icon: 'stethoscope', built: true } as const satisfies Area;

const requests = {
  href: '/sr',
  label: 'درخواست خدمات',
  short: 'خدمات',
  icon: 'clipboard',
  built: true,
  card: { title: 'درخواست خدمات', text: 'خدمات بیمارستان را درخواست و پیگیری کنید.' },
} as const satisfies ServiceCard;

const results = {
  href: '/test-response/give-response',
  label: 'جواب آزمایش‌ها',
  short: 'آزمایش',
  icon: 'flask',
  built: true,
  card: { title: 'جواب آزمایش‌ها', text: 'جواب آزمایش‌های خود را آنلاین ببینید.' },
} as const satisfies ServiceCard;

const wallet = {
  href: '/financial',
  label: 'کیف پول',
  short: 'کیف پول',
  icon: 'wallet',
  built: true,
  card: { title: 'کیف پول', text: 'موجودی، شارژ و تراکنش‌ها، به ریال.' },
} as const satisfies ServiceCard;

const pregnancy = {
  href: '/pregnancy-timeline',
  label: 'بارداری هفته‌به‌هفته',
  short: 'بارداری',
  icon: 'baby',
  built: true,
  card: { title: 'بارداری هفته‌به‌هفته', text: 'همراه شما در چهل هفتهٔ بارداری، حتی بدون اینترنت.' },
} as const satisfies ServiceCard;

const profile = { href: '/patient-profile', label: 'پروفایل من', short: 'پروفایل', icon: 'user', built: true } as const satisfies Area;
const myServices = { href: '/patient-profile/services', label: 'نوبت‌های من', short: 'نوبت‌ها', icon: 'list', built: true } as const satisfies Area;
const chargeWallet = {
  href: '/patient-profile/charge-wallet',
  label: 'شارژ کیف پول',
  short: 'شارژ',
  icon: 'wallet',
  built: true,
} as const satisfies Area;

const myRequests = { href: '/sr/request/list', label: 'درخواست‌های من', short: 'درخواست‌ها', icon: 'clipboard', built: true } as const satisfies Area;
const invoices = { href: '/sr/invoice', label: 'صورت‌حساب‌ها', short: 'صورت‌حساب', icon: 'receipt', built: true } as const satisfies Area;

/** Spec §2's areas, in the order the header and the bottom bar list them. */
export const portalAreas: readonly Area[] = [appointment, specialties, requests, results, wallet, pregnancy];

/** The home page's "portal services" cards. */
export const serviceCards: readonly ServiceCard[] = [appointment, requests, results, wallet, pregnancy];

/** The side menu of the patient's own pages (spec §2, layout user-account). */
export const accountAreas: readonly Area[] = [profile, myServices, myRequests, invoices, chargeWallet];

/** The header's user menu. */
export const userMenuAreas: readonly Area[] = [profile, myServices, myRequests, invoices, wallet];

/** The phones' bottom bar adds these for a logged-in patient (after the portal's areas). */
export const patientBarAreas: readonly Area[] = [{ ...myServices, short: myServices.label }];

/** Every registry entry, for the test that holds `built` to src/pages. */
export const allAreas: readonly Area[] = [...portalAreas, ...serviceCards, ...accountAreas, ...userMenuAreas, ...patientBarAreas];

/** The entries whose page is built: the only ones a page may link to. */
export function shown<T extends Area>(areas: readonly T[]): T[] {
  return areas.filter((area) => area.built);
}

/**
 * Whether `pathname` is inside `area` (its page or a page below it, e.g. a doctor's profile under
 * /appointment). `exact` matches the page alone, for tabs whose hrefs nest (/patient-profile/…).
 */
export function isCurrent(area: Pick<Area, 'href'>, pathname: string | null, { exact = false } = {}): boolean {
  if (pathname === null) return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === area.href || (!exact && path.startsWith(`${area.href}/`));
}
