import { describe, expect, it } from 'vitest';
import { readTestResultsView, writeTestResultsView } from './test-results.ts';

describe('the /test-response/give-response view in the address', () => {
  it('reads a result key and a page, and ignores what it cannot read', () => {
    expect(readTestResultsView('?key=TR-ABC123')).toEqual({ key: 'TR-ABC123', page: 1 });
    expect(readTestResultsView('?key=tr-abc123&page=3')).toEqual({ key: 'TR-ABC123', page: 3 });
    expect(readTestResultsView('?key=IN-ABC123&page=0')).toEqual({ page: 1 });
    expect(readTestResultsView('?page=2.5')).toEqual({ page: 1 });
    expect(readTestResultsView('')).toEqual({ page: 1 });
  });

  it('writes nothing for the first page of the list', () => {
    expect(writeTestResultsView({ page: 1 })).toBe('');
    expect(writeTestResultsView({ page: 2 })).toBe('page=2');
    expect(writeTestResultsView({ key: 'TR-ABC123', page: 2 })).toBe('key=TR-ABC123&page=2');
  });
});
