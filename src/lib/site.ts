const name = import.meta.env.PUBLIC_HOSPITAL_NAME || 'بیمارستان نمونه';

/** The hospital this install serves: PUBLIC_HOSPITAL_NAME and PUBLIC_HOSPITAL_PHONE at build time. */
export const site = {
  name,
  description: `پورتال بیماران ${name}: نوبت‌دهی درمانگاه‌ها و پزشکان، درخواست خدمات، پرداخت صورت‌حساب، کیف پول، جواب آزمایش و همراهی هفته‌به‌هفتهٔ بارداری.`,
  /** The admissions desk, shown in the footer when set. */
  phone: import.meta.env.PUBLIC_HOSPITAL_PHONE || undefined,
} as const;
