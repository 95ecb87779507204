/**
 * Schema of the hospital's services on request (`src/content/services/<slug>.json`; the file name is
 * the service's id, the `service_id` of `POST /service-requests`). Read by the content collection
 * (pages /sr and /sr/services) and by the server (server/catalogue), which checks requests against it.
 */
import { z } from 'astro/zod';
import { SERVICE_CATEGORIES, SERVICE_WINDOW_KEYS, SERVICE_WINDOWS, type ServiceCategory, type ServiceWindow } from '../lib/services/names.ts';
import { persian, SLUG_PATTERN, uniqueList } from './catalogue-schema.ts';

export { SERVICE_CATEGORIES, SERVICE_WINDOW_KEYS, SERVICE_WINDOWS, type ServiceCategory, type ServiceWindow };

/** One line under each category's heading on /sr/services and /sr. */
export const SERVICE_CATEGORY_INTROS: Record<ServiceCategory, string> = {
  'home-care': 'پرستار، مراقب یا پزشک بیمارستان برای تزریق، پانسمان، سوند، مراقبت شیفتی و ویزیت به خانهٔ بیمار می‌آید.',
  'home-lab': 'نمونه‌گیری آزمایش، نوار قلب و سونوگرافی در خانه؛ جواب‌ها را متخصصان بیمارستان گزارش می‌کنند.',
  rehabilitation: 'جلسه‌های فیزیوتراپی و گفتاردرمانی پس از جراحی، سکته یا بستری طولانی، در خانهٔ بیمار.',
  equipment: 'اکسیژن‌ساز، تخت بیمارستانی، ویلچر و واکر، بازبینی‌شده و ضدعفونی‌شده، با ارسال و آموزش.',
  transport: 'جابه‌جایی برنامه‌ریزی‌شدهٔ بیمار با آمبولانس، در تهران و میان شهرها.',
  records: 'تصویر پرونده و تصاویر پزشکی برای بیمه، پزشک دیگر یا مراجع قانونی.',
};

const rial = z.number().int().min(0).max(10_000_000_000_000);

export const serviceSchema = z
  .strictObject({
    /** The name patients know it by: «تزریقات در منزل». */
    name: persian,
    category: z.enum(Object.keys(SERVICE_CATEGORIES) as [ServiceCategory, ...ServiceCategory[]]),
    /** One sentence for cards and the meta description (≤ 160 characters). */
    summary: persian.pipe(z.string().max(160)),
    /** What it is and how it goes, in short paragraphs. */
    description: uniqueList(persian),
    /** What the patient must have ready (a prescription, the insurance booklet, …). */
    prepare: uniqueList(persian),
    /** The usual price range in rials (the invoice gives the real amount). */
    price_min_rial: rial,
    price_max_rial: rial,
    /** What the price depends on. */
    price_note: persian.optional(),
    /** Areas served, as patients name them («تهران، مناطق ۱ تا ۸»). */
    areas: uniqueList(persian),
    /** How soon it can happen, in words («معمولاً همان روز»). */
    lead_time: persian,
    /** The earliest preferred day, in days from today (0 = today may be asked). */
    earliest_days: z.number().int().min(0).max(14),
    /** The windows it is offered in. */
    windows: uniqueList(z.enum(SERVICE_WINDOW_KEYS)),
    /** Sort order inside its category (ascending). */
    order: z.number().int().min(0),
    /** Other services' slugs shown beside it. */
    related: z.array(z.string().regex(SLUG_PATTERN)).default([]),
  })
  .refine((service) => service.price_min_rial <= service.price_max_rial, 'price_min_rial must not exceed price_max_rial');

export type Service = z.infer<typeof serviceSchema>;
