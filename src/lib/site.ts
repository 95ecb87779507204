/** The hospital this install serves; a hospital changes these with its own name and contacts. */
export const site = {
  name: 'بیمارستان نمونه',
  shortName: 'پورتال بیمار',
  description:
    'پورتال بیماران بیمارستان نمونه: نوبت‌دهی درمانگاه‌ها و پزشکان، درخواست خدمات، پرداخت صورت‌حساب، کیف پول، جواب آزمایش و همراهی هفته‌به‌هفتهٔ بارداری.',
  phone: '021-00000000',
} as const;

/** The areas of the portal (spec §2), in the order the header lists them. */
export const areas = [
  { href: '/appointment', label: 'نوبت‌دهی' },
  { href: '/expertise-group', label: 'تخصص‌ها' },
  { href: '/sr', label: 'درخواست خدمات' },
  { href: '/test-response/give-response', label: 'جواب آزمایش' },
  { href: '/financial', label: 'کیف پول' },
  { href: '/pregnancy-timeline', label: 'بارداری' },
] as const;
