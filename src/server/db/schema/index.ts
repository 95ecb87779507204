/** Every table of the portal; drizzle-kit generates migrations from this module. */

export * from './accounts.ts';
export * from './appointments.ts';
export * from './auth.ts';
export * from './hospital.ts';
export * from './invoices.ts';
export * from './jobs.ts';
export * from './ledger.ts';
export * from './limits.ts';
export * from './payments.ts';
export * from './queue.ts';
export * from './service-requests.ts';
export * from './test-results.ts';
export * from './visits.ts';
export * from './waitlist.ts';
export * from './wallet.ts';
