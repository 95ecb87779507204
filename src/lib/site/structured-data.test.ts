import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clinicLd, hospitalLd, physicianLd, postalAddress, SCHEMA_SPECIALTIES, schemaSpecialties } from './structured-data.ts';

const hospital = { name: 'بیمارستان نمونه', url: 'https://portal.example.ir/', address: 'تهران، خیابان نمونه، پلاک ۱' };
const clinic = { name: 'درمانگاه قلب و عروق', url: 'https://portal.example.ir/clinics/heart', phone: '02166551234', location: 'ساختمان شمارهٔ ۱، طبقهٔ ۲' };

describe('structured data', () => {
  it('names specialties by schema.org’s MedicalSpecialty members, and every group either has one or is known to have none', () => {
    expect(schemaSpecialties(['cardiology', 'obstetrics-gynecology', 'cardiology'])).toEqual([
      'https://schema.org/Cardiovascular',
      'https://schema.org/Obstetric',
      'https://schema.org/Gynecologic',
    ]);
    const groups = readdirSync(new URL('../../content/expertise-groups/', import.meta.url)).map((file) => file.replace(/\.json$/, ''));
    const without = groups.filter((id) => !(id in SCHEMA_SPECIALTIES));
    expect(without.sort()).toEqual(['internal-medicine', 'ophthalmology']);
  });

  it('gives the hospital, a clinic and a doctor a postal address in Iran; a clinic’s adds its building and floor', () => {
    expect(hospitalLd(hospital, [{ name: clinic.name, url: clinic.url }], ['cardiology']).address).toEqual({
      '@type': 'PostalAddress',
      addressCountry: 'IR',
      streetAddress: hospital.address,
    });
    const ld = clinicLd({ ...clinic, description: '', groupIds: ['cardiology'], groupNames: ['قلب و عروق'], openingHours: [] }, hospital);
    expect(ld.address).toEqual({ '@type': 'PostalAddress', addressCountry: 'IR', streetAddress: `${hospital.address}، ${clinic.location}` });
    expect(ld.medicalSpecialty).toEqual(['https://schema.org/Cardiovascular']);
    // Without HOSPITAL_ADDRESS: still an address in Iran, with what is known.
    expect(postalAddress(undefined)).toEqual({ '@type': 'PostalAddress', addressCountry: 'IR' });
  });

  it('links a doctor to clinics as a member and to the hospital by affiliation, never through availableService', () => {
    const ld = physicianLd(
      {
        name: 'دکتر نمونه',
        url: 'https://portal.example.ir/appointment/doctor-profile/x',
        image: 'https://portal.example.ir/x.webp',
        description: 'متخصص قلب',
        languages: ['fa'],
        groupIds: ['cardiology'],
        clinics: [clinic],
      },
      hospital,
    );
    expect(ld).not.toHaveProperty('availableService');
    expect(ld.hospitalAffiliation).toMatchObject({ '@type': 'Hospital', name: hospital.name });
    expect(ld.memberOf).toEqual([
      expect.objectContaining({ '@type': 'MedicalClinic', name: clinic.name, url: clinic.url, parentOrganization: expect.objectContaining({ '@type': 'Hospital' }) }),
    ]);
    expect(ld.medicalSpecialty).toEqual(['https://schema.org/Cardiovascular']);
    expect(ld.address).toMatchObject({ '@type': 'PostalAddress', streetAddress: `${hospital.address}، ${clinic.location}` });
  });
});
