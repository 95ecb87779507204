/**
 * The filters of /financial/transactions as the page's query string keeps them (so a reload or a
 * shared link shows the same statement): `type`, `from`, `to` (Tehran days, YYYY-MM-DD) and `page`.
 * Anything unreadable in an address is dropped rather than sent to the API.
 */
import { TRANSACTION_TYPES, type TransactionType } from '../api/contracts/wallet.ts';

export interface StatementFilters {
  type?: TransactionType;
  from?: string;
  to?: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | null): value is string => value !== null && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const isType = (value: string | null): value is TransactionType => (TRANSACTION_TYPES as readonly (string | null)[]).includes(value);

/** The filters a query string names; a range given backwards is put the right way round. */
export function readStatementFilters(search: string | URLSearchParams): StatementFilters {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const type = query.get('type');
  let from = query.get('from');
  let to = query.get('to');
  if (isDay(from) && isDay(to) && from > to) [from, to] = [to, from];
  const page = Number(query.get('page'));
  return {
    ...(isType(type) ? { type } : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string for `filters` ('' for none), leaving out page 1. */
export function writeStatementFilters(filters: StatementFilters): string {
  const query = new URLSearchParams();
  if (filters.type) query.set('type', filters.type);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (filters.page > 1) query.set('page', String(filters.page));
  return query.toString();
}
