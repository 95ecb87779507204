/**
 * The filters of /financial/transactions as the page's query string keeps them (so a reload or a
 * shared link shows the same statement): `type`, `from`, `to` (Tehran days, YYYY-MM-DD) and `page`.
 * Anything unreadable in an address is dropped rather than sent to the API.
 */

import { queryOf, readChoice, readPage, writeListQuery } from '../list-view.ts';
import { TRANSACTION_TYPES, type TransactionType } from './terms.ts';

export interface StatementFilters {
  type?: TransactionType;
  from?: string;
  to?: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | null): value is string => value !== null && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The filters a query string names; a range given backwards is put the right way round. */
export function readStatementFilters(search: string | URLSearchParams): StatementFilters {
  const query = queryOf(search);
  const type = readChoice(query, 'type', TRANSACTION_TYPES);
  let from = query.get('from');
  let to = query.get('to');
  if (isDay(from) && isDay(to) && from > to) [from, to] = [to, from];
  return {
    ...(type ? { type } : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
    page: readPage(query),
  };
}

/** The query string for `filters` ('' for none), leaving out page 1. */
export function writeStatementFilters(filters: StatementFilters): string {
  return writeListQuery({ type: filters.type, from: filters.from, to: filters.to }, filters.page);
}
