import { HospitalWithdrawalSchema, HospitalWithdrawalsQuerySchema } from '#lib/api/contracts/hospital.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { listWithdrawalsForHospital } from '#server/wallet/withdrawals.ts';

/** `GET /api/hospital/v1/withdrawals?status=&page=&per_page=`: patients' withdrawals to pay, oldest first. */
export const { GET, ALL } = defineHospitalEndpoint(
  {
    method: 'GET',
    path: '/withdrawals',
    scope: 'withdrawals',
    summary: "Patients' withdrawal requests, oldest first (filter by status).",
    query: HospitalWithdrawalsQuerySchema,
    answer: { status: 200, data: HospitalWithdrawalSchema, list: true },
  },
  ({ db, query }) => listWithdrawalsForHospital(db, { ...(query.status ? { status: query.status } : {}), page: query.page, perPage: query.per_page }),
);
