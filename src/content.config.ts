import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { createClinicSchema, createDoctorSchema, expertiseGroupSchema } from './content/catalogue-schema.ts';
import { pregnancyTrimesterSchema, pregnancyWeekSchema } from './content/pregnancy-schema.ts';
import { serviceSchema } from './content/services-schema.ts';

/** The care catalogue: fictional demo data, checked at build by these schemas. */
const expertiseGroups = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/expertise-groups' }),
  schema: expertiseGroupSchema,
});

const clinics = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/clinics' }),
  schema: ({ image }) => createClinicSchema(image()),
});

const doctors = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/doctors' }),
  schema: ({ image }) => createDoctorSchema(image()),
});

/** Services on request: pages /sr and /sr/services; the server checks requests against them. */
const services = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/services' }),
  schema: serviceSchema,
});

/** The pregnancy timeline, week by week. */
const pregnancyWeeks = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/pregnancy-weeks' }),
  schema: pregnancyWeekSchema,
});

const pregnancyTrimesters = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/pregnancy-trimesters' }),
  schema: pregnancyTrimesterSchema,
});

export const collections = {
  'expertise-groups': expertiseGroups,
  clinics,
  doctors,
  services,
  'pregnancy-weeks': pregnancyWeeks,
  'pregnancy-trimesters': pregnancyTrimesters,
};
