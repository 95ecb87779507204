import * as v from 'valibot';
import { DeskAppointmentSchema, HospitalAppointmentsQuerySchema } from '#lib/api/contracts/hospital.ts';
import { bookingContext } from '#server/appointments/default-context.ts';
import { listDay } from '#server/appointments/hospital.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';

/** `GET /api/hospital/v1/appointments?date=&doctor_id=`: one day's confirmed bookings for the clinic desk, in time order. */
export const { GET, ALL } = defineHospitalEndpoint(
  {
    method: 'GET',
    path: '/appointments',
    scope: 'appointments',
    summary: "One Tehran day's confirmed bookings for the clinic desk, in time order (optionally one doctor's), with the patient's name, national code and phone.",
    query: HospitalAppointmentsQuerySchema,
    description: 'The whole day in one answer (a clinic day is a few hundred bookings at most), so no paging.',
    answer: { status: 200, data: v.array(DeskAppointmentSchema) },
    errors: [404],
  },
  ({ db, query }) => listDay(db, bookingContext(), query.date, query.doctor_id),
);
