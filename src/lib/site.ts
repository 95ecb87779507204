const name = import.meta.env.PUBLIC_HOSPITAL_NAME || 'بیمارستان نمونه';

/** The hospital this install serves: PUBLIC_HOSPITAL_NAME and PUBLIC_HOSPITAL_PHONE at build time. */
export const site = {
  name,
  description: `پورتال بیماران ${name}: نوبت‌دهی درمانگاه‌ها و پزشکان، درخواست خدمات، پرداخت صورت‌حساب، کیف پول، جواب آزمایش و همراهی هفته‌به‌هفتهٔ بارداری.`,
  /** The admissions desk, shown in the footer when set. */
  phone: import.meta.env.PUBLIC_HOSPITAL_PHONE || undefined,
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
