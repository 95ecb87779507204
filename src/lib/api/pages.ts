/**
 * What every paged list's answer carries, apart from the query's valibot schema (contracts/list.ts),
 * so the browser's list stores read it without loading the rules.
 */

/** A list answer (api.md): `page` from 1, `per_page` ≤ 50. */
export interface ListMeta {
  page: number;
  per_page: number;
  total: number;
}

/** The highest page the API reads (`?page=` has at most six digits). */
export const LAST_PAGE = 999_999;
