import { type CollectionEntry, getCollection } from 'astro:content';
import type { ImageMetadata } from 'astro';
import type { Session } from '#lib/catalogue/schedule.ts';
import { toPersianDigits } from '#lib/format/digits.ts';

export type ExpertiseGroupEntry = CollectionEntry<'expertise-groups'>;
export type ClinicEntry = CollectionEntry<'clinics'>;

/** A doctor as the pages show it. */
export interface DoctorView {
  id: string;
  fullName: string;
  title: string;
  gender: 'female' | 'male';
  photo: ImageMetadata;
  expertiseGroups: string[];
  clinics: string[];
  feeRial: number;
  visitMinutes: number;
  schedule: Session[];
  bio: string;
  education: { degree: string; institution: string; year: number }[];
  languages: string[];
  councilNumber: string;
  featured: boolean;
}

export interface Catalogue {
  groups: ExpertiseGroupEntry[];
  clinics: ClinicEntry[];
  doctors: DoctorView[];
  group: (id: string) => ExpertiseGroupEntry | undefined;
  clinic: (id: string) => ClinicEntry | undefined;
}

let loaded: Promise<Catalogue> | undefined;

/** The whole catalogue, sorted for display (read once per build or process). */
export function loadCatalogue(): Promise<Catalogue> {
  loaded ??= (async () => {
    const groups = (await getCollection('expertise-groups')).sort((a, b) => a.data.order - b.data.order);
    const clinics = (await getCollection('clinics')).sort((a, b) => a.data.name.localeCompare(b.data.name, 'fa'));
    const doctors = (await getCollection('doctors'))
      .map(
        (entry): DoctorView => ({
          id: entry.id,
          fullName: `${entry.data.name.first} ${entry.data.name.last}`,
          title: entry.data.title,
          gender: entry.data.gender,
          photo: entry.data.photo,
          expertiseGroups: entry.data.expertise_groups,
          clinics: entry.data.clinics,
          feeRial: entry.data.visit_fee_rial,
          visitMinutes: entry.data.visit_minutes,
          schedule: entry.data.schedule,
          bio: entry.data.bio,
          education: entry.data.education,
          languages: entry.data.languages,
          councilNumber: entry.data.medical_council_number,
          featured: entry.data.featured,
        }),
      )
      .sort((a, b) => a.fullName.localeCompare(b.fullName, 'fa'));
    const groupById = new Map(groups.map((group) => [group.id, group]));
    const clinicById = new Map(clinics.map((clinic) => [clinic.id, clinic]));
    return { groups, clinics, doctors, group: (id) => groupById.get(id), clinic: (id) => clinicById.get(id) };
  })();
  return loaded;
}

export interface PhoneView {
  /** «۰۲۱-۶۶۵۵۱۲۳۴», shown left to right. */
  number: string;
  /** «داخلی ۲۱۰», or empty. */
  extension: string;
  /** For screen readers and structured data: «021-66551234 ext. 210». */
  plain: string;
  href: string;
}

/** A clinic's phone for display, with a tel: link that dials the extension too. */
export function clinicPhone(clinic: ClinicEntry): PhoneView {
  const { number, extension } = clinic.data.phone;
  const dashed = `${number.slice(0, 3)}-${number.slice(3)}`;
  return {
    number: toPersianDigits(dashed),
    extension: extension ? `داخلی ${toPersianDigits(extension)}` : '',
    plain: extension ? `${dashed} ext. ${extension}` : dashed,
    href: `tel:${number}${extension ? `,${extension}` : ''}`,
  };
}
