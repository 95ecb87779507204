import type { Hospital, MedicalClinic, MedicalSpecialty, Physician, PostalAddress } from 'schema-dts';

/** A schema.org node of type T with its context (schema-dts also allows a bare id string, which we never give). */
export type JsonLd<T> = Exclude<T, string> & { '@context': 'https://schema.org' };

/**
 * The schema.org JSON-LD of the public pages, typed against the vocabulary (schema-dts), so that a
 * property given a value outside its range fails the type check instead of misleading search
 * engines. The Persian names stay in `name`/`description`; enumerations carry schema.org's members.
 */

/**
 * Our specialty groups as members of schema.org's MedicalSpecialty enumeration, where one fits.
 * Internal medicine and ophthalmology have no member (Optometric is another profession), so they
 * are left out rather than named wrongly.
 */
export const SCHEMA_SPECIALTIES: Readonly<Record<string, readonly MedicalSpecialty[]>> = Object.freeze({
  cardiology: ['https://schema.org/Cardiovascular'],
  dentistry: ['https://schema.org/Dentistry'],
  dermatology: ['https://schema.org/Dermatology'],
  endocrinology: ['https://schema.org/Endocrine'],
  ent: ['https://schema.org/Otolaryngologic'],
  gastroenterology: ['https://schema.org/Gastroenterologic'],
  'general-surgery': ['https://schema.org/Surgical'],
  'infectious-diseases': ['https://schema.org/Infectious'],
  nephrology: ['https://schema.org/Renal'],
  neurology: ['https://schema.org/Neurologic'],
  'obstetrics-gynecology': ['https://schema.org/Obstetric', 'https://schema.org/Gynecologic'],
  orthopedics: ['https://schema.org/Musculoskeletal'],
  pediatrics: ['https://schema.org/Pediatric'],
  psychiatry: ['https://schema.org/Psychiatric'],
  pulmonology: ['https://schema.org/Pulmonary'],
  urology: ['https://schema.org/Urologic'],
});

/** The enumeration members of `groupIds`, each once, in order. */
export function schemaSpecialties(groupIds: readonly string[]): MedicalSpecialty[] {
  return [...new Set(groupIds.flatMap((id) => SCHEMA_SPECIALTIES[id] ?? []))];
}

/** The hospital's postal address: HOSPITAL_ADDRESS (free Persian text) in Iran; a clinic adds its building and floor. */
export function postalAddress(hospitalAddress: string | undefined, within?: string): PostalAddress {
  const street = [hospitalAddress?.trim(), within].filter(Boolean).join('، ');
  return { '@type': 'PostalAddress', addressCountry: 'IR', ...(street ? { streetAddress: street } : {}) };
}

/**
 * HOSPITAL_ADDRESS as the build sees it: the public pages are prerendered, so their structured data
 * takes the address at build time (`npm start` rebuilds when it changes, like the PUBLIC_* settings).
 */
export function hospitalAddressAtBuild(): string | undefined {
  return (typeof process === 'undefined' ? undefined : process.env.HOSPITAL_ADDRESS?.trim()) || undefined;
}

export interface HospitalFacts {
  name: string;
  url: string;
  phone?: string;
  address?: string;
}

export interface ClinicFacts {
  name: string;
  url: string;
  phone: string;
  description: string;
  /** Building and floor inside the hospital («ساختمان شمارهٔ ۲، طبقهٔ ۱»). */
  location: string;
  groupIds: readonly string[];
  groupNames: readonly string[];
  openingHours: string[];
}

const hospitalRef = (hospital: HospitalFacts): Exclude<Hospital, string> => ({ '@type': 'Hospital', name: hospital.name, url: hospital.url, address: postalAddress(hospital.address) });

export function hospitalLd(hospital: HospitalFacts, clinics: { name: string; url: string }[], groupIds: readonly string[]): JsonLd<Hospital> {
  return {
    '@context': 'https://schema.org',
    ...hospitalRef(hospital),
    ...(hospital.phone ? { telephone: hospital.phone } : {}),
    medicalSpecialty: schemaSpecialties(groupIds),
    department: clinics.map((clinic): MedicalClinic => ({ '@type': 'MedicalClinic', name: clinic.name, url: clinic.url })),
  };
}

export function clinicLd(clinic: ClinicFacts, hospital: HospitalFacts): JsonLd<MedicalClinic> {
  return {
    '@context': 'https://schema.org',
    '@type': 'MedicalClinic',
    name: clinic.name,
    url: clinic.url,
    telephone: clinic.phone,
    description: clinic.description,
    address: postalAddress(hospital.address, clinic.location),
    parentOrganization: hospitalRef(hospital),
    openingHours: clinic.openingHours,
    medicalSpecialty: schemaSpecialties(clinic.groupIds),
    // The Persian names of the specialties, which the enumeration cannot carry.
    keywords: clinic.groupNames.join('، '),
  };
}

export interface PhysicianFacts {
  name: string;
  url: string;
  image: string;
  description: string;
  languages: string[];
  groupIds: readonly string[];
  clinics: { name: string; url: string; phone: string; location: string }[];
}

/**
 * A doctor: affiliated with the hospital (`hospitalAffiliation`) and a member of each clinic they
 * work in (`memberOf`, a MedicalClinic that is a department of the hospital). A Physician is an
 * organisation in schema.org, so `worksFor` (a Person's) does not apply, and `availableService`
 * ranges over procedures, tests and therapies, not clinics.
 */
export function physicianLd(doctor: PhysicianFacts, hospital: HospitalFacts): JsonLd<Physician> {
  const first = doctor.clinics[0];
  return {
    '@context': 'https://schema.org',
    '@type': 'Physician',
    name: doctor.name,
    url: doctor.url,
    image: doctor.image,
    description: doctor.description,
    knowsLanguage: doctor.languages,
    medicalSpecialty: schemaSpecialties(doctor.groupIds),
    hospitalAffiliation: hospitalRef(hospital),
    address: postalAddress(hospital.address, first?.location),
    ...(first ? { telephone: first.phone } : {}),
    memberOf: doctor.clinics.map(
      (clinic): MedicalClinic => ({
        '@type': 'MedicalClinic',
        name: clinic.name,
        url: clinic.url,
        telephone: clinic.phone,
        address: postalAddress(hospital.address, clinic.location),
        parentOrganization: hospitalRef(hospital),
      }),
    ),
  };
}
