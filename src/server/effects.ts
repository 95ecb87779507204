/**
 * Loads the features that hook into shared services (what a paid payment does, per purpose: appointments, invoices). Each
 * bundle that applies payments imports it once: the Astro server bundle (payments/pages.ts) and
 * the start script (the job runner's payment sweeper).
 */
import './appointments/payment-effect.ts';
import './invoices/payment-effect.ts';
