import { describe, expect, it } from 'vitest';
import { readStatementFilters, writeStatementFilters } from './statement-filters.ts';

describe('statement filters in the address', () => {
  it('round-trips a type, a range and a page', () => {
    const filters = { type: 'charge', from: '2026-03-21', to: '2026-04-20', page: 3 } as const;
    const search = writeStatementFilters(filters);
    expect(search).toBe('type=charge&from=2026-03-21&to=2026-04-20&page=3');
    expect(readStatementFilters(`?${search}`)).toEqual(filters);
  });

  it('leaves out what is not set, and page 1', () => {
    expect(writeStatementFilters({ page: 1 })).toBe('');
    expect(readStatementFilters('')).toEqual({ page: 1 });
  });

  it('drops an unknown type, a malformed day and a bad page', () => {
    expect(readStatementFilters('type=bribe&from=1405/01/01&to=2026-13-45&page=-2')).toEqual({ page: 1 });
    expect(readStatementFilters('page=2.5')).toEqual({ page: 1 });
  });

  it('puts a backwards range the right way round', () => {
    expect(readStatementFilters('from=2026-05-01&to=2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-05-01', page: 1 });
  });
});
