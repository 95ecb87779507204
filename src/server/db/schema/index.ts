/** Every table of the portal; drizzle-kit generates migrations from this module. */
export * from './visits.ts';
export * from './accounts.ts';
export * from './auth.ts';
export * from './ledger.ts';
export * from './wallet.ts';
export * from './payments.ts';
export * from './hospital.ts';
export * from './appointments.ts';
export * from './jobs.ts';
export * from './service-requests.ts';
export * from './invoices.ts';
export * from './test-results.ts';
export * from './limits.ts';
