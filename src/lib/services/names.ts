/**
 * The words of the service catalogue that both sides need (no schema library, so islands can
 * import them cheaply): categories and visit windows with their Persian names.
 */

/** Categories, in the order /sr/services lists them, with their Persian names. */
export const SERVICE_CATEGORIES = {
  'home-care': 'پرستاری و مراقبت در منزل',
  'home-lab': 'آزمایش و تصویربرداری در منزل',
  rehabilitation: 'توان‌بخشی در منزل',
  equipment: 'تجهیزات پزشکی',
  transport: 'انتقال بیمار',
  records: 'پرونده و مدارک پزشکی',
} as const;
export type ServiceCategory = keyof typeof SERVICE_CATEGORIES;

/** The time windows a visit can be asked for (api.md `preferred_window`), with their Persian names and hours. */
export const SERVICE_WINDOWS = {
  morning: { name: 'صبح', hours: '۸ تا ۱۲' },
  afternoon: { name: 'بعدازظهر', hours: '۱۲ تا ۱۷' },
  evening: { name: 'عصر و شب', hours: '۱۷ تا ۲۱' },
} as const;
export type ServiceWindow = keyof typeof SERVICE_WINDOWS;
export const SERVICE_WINDOW_KEYS = ['morning', 'afternoon', 'evening'] as const satisfies readonly ServiceWindow[];
