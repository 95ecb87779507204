/**
 * The tabs of the patient's appointments, apart from the contract's valibot schemas, so the list
 * reads them without loading the rules.
 */

export const APPOINTMENT_SCOPES = ['upcoming', 'past', 'cancelled'] as const;

export type AppointmentScope = (typeof APPOINTMENT_SCOPES)[number];
