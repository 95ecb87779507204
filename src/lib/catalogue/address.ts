import { toPersianDigits } from '../format/digits.ts';

/** A clinic's floor in words: «همکف», «طبقهٔ ۲», «زیرزمین ۱». */
export function floorName(floor: number): string {
  return floor === 0 ? 'همکف' : floor < 0 ? `زیرزمین ${toPersianDigits(-floor)}` : `طبقهٔ ${toPersianDigits(floor)}`;
}

/** Where in the hospital a clinic is: building and floor. */
export function clinicAddress(clinic: { building: string; floor: number }): string {
  return `${clinic.building}، ${floorName(clinic.floor)}`;
}
