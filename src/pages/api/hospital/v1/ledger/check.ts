import { LedgerCheckSchema } from '#lib/api/contracts/hospital.ts';
import { defineHospitalEndpoint } from '#server/hospital/endpoint.ts';
import { checkLedger } from '#server/ledger/check.ts';

/** `GET /api/hospital/v1/ledger/check`: the wallet ledger's consistency, for the accounting team. */
export const { GET, ALL } = defineHospitalEndpoint(
  {
    method: 'GET',
    path: '/ledger/check',
    scope: 'withdrawals',
    summary: 'Checks the wallet ledger: balances sum to zero, cached balances equal their entries, no wallet below zero.',
    answer: { status: 200, data: LedgerCheckSchema },
  },
  ({ db }) => checkLedger(db),
);
