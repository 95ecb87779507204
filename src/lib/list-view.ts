/**
 * A list's view as its address keeps it (`?filter…&page=`), so that a reload, Back or a shared
 * link opens the same page. Anything unreadable is dropped rather than sent to the API.
 */

/** The query a view is read from (`location.search`, or its parameters). */
export const queryOf = (search: string | URLSearchParams): URLSearchParams => (typeof search === 'string' ? new URLSearchParams(search) : search);

/** `?page=`: a whole number from 1 up to `last`; 1 when absent or unreadable. */
export function readPage(query: URLSearchParams, last = Number.MAX_SAFE_INTEGER): number {
  const page = Number(query.get('page'));
  return Number.isSafeInteger(page) && page >= 1 && page <= last ? page : 1;
}

/** `?name=` when it is one of `choices`. */
export function readChoice<T extends string>(query: URLSearchParams, name: string, choices: readonly T[]): T | undefined {
  const value = query.get(name);
  return choices.find((choice) => choice === value);
}

/** A view's query string: the filters that are set, in order, then the page unless it is the first ('' for the default view). */
export function writeListQuery(filters: Record<string, string | undefined>, page: number): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  if (page > 1) query.set('page', String(page));
  return query.toString();
}
