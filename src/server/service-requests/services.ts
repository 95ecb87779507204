import type { Service } from '../catalogue/index.ts';

/**
 * The services a patient may request, by slug (the catalogue's `services`). Its own module so that
 * invoices, which price requests, and the requests, which void their invoices, both read it without
 * importing each other's services.
 */
export type Services = ReadonlyMap<string, Service>;
