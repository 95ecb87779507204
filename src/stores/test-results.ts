import { atom } from 'nanostores';
import { claimTestResult, fetchTestResults } from '#client/api/test-results.ts';
import type { ClaimNeedsCode, ClaimTestResultBody, TestResultSummary } from '#lib/api/contracts/test-results.ts';
import { LAST_PAGE, type ListMeta } from '#lib/api/pages.ts';
import { queryOf, readPage, writeListQuery } from '#lib/list-view.ts';
import { TEST_RESULT_KEY_PATTERN } from '#lib/test-results/terms.ts';
import { createLoader, type Loadable, type Page, pushAddress, viewInAddress } from './loadable.ts';

/**
 * /test-response/give-response: the patient's results one page at a time, or one result when the
 * address names it (`?key=TR-XXXXXX`; `?page=` for the list). The address is the source of the
 * view, so Back returns from a result to the list and a reload opens the same view.
 */

/** Results per page of the list. */
export const TEST_RESULTS_PER_PAGE = 10;

export interface TestResultsView {
  /** The result shown; the list when undefined. */
  key?: string;
  page: number;
}

/** The view a query string names; anything unreadable falls back to the first page of the list. */
export function readTestResultsView(search: string | URLSearchParams): TestResultsView {
  const query = queryOf(search);
  const key = query.get('key')?.toUpperCase() ?? '';
  return { ...(TEST_RESULT_KEY_PATTERN.test(key) ? { key } : {}), page: readPage(query, LAST_PAGE) };
}

/** The query string for `view` ('' for the first page of the list). */
export function writeTestResultsView(view: TestResultsView): string {
  return writeListQuery({ key: view.key }, view.page);
}

export const $testResultsView = atom<TestResultsView>({ page: 1 });
export const $testResults = atom<Loadable<Page<TestResultSummary, ListMeta>>>({ status: 'loading' });

const list = createLoader({
  $store: $testResults,
  fetch: async () => {
    const { page } = $testResultsView.get();
    const { data, meta } = await fetchTestResults({ page, per_page: TEST_RESULTS_PER_PAGE });
    return { items: data, meta };
  },
});

/** Loads the page of the list the view names; an older answer arriving late is dropped. */
export const loadTestResults = list.load;

// The address is the source of the view: read at first, and again on Back and Forward. A result
// named in the address needs no list; the list read from the address keeps its rows on screen.
viewInAddress($testResultsView, {
  $view: $testResultsView,
  read: readTestResultsView,
  write: writeTestResultsView,
  load: (cause) => {
    if (!$testResultsView.get().key) void loadTestResults({ quiet: cause === 'address' });
  },
});

/** Shows `view` and writes it into the address (a new history entry: Back returns to the previous view). */
export function showTestResults(view: TestResultsView): void {
  const before = $testResultsView.get();
  $testResultsView.set(view);
  pushAddress(writeTestResultsView(view));
  if (!view.key) void loadTestResults({ quiet: before.page === view.page });
  if (view.key !== before.key) scrollTo({ top: 0 });
}

/**
 * `POST /test-results/claim`: the result joins the patient's results and opens, or (202) a code
 * went to the mobile the lab filed and is answered for the form to ask it. Rejects with the failed
 * call (the same 404 for any mismatch, 422 for a wrong code, 429 after too many).
 */
export async function claimShownTestResult(body: ClaimTestResultBody): Promise<TestResultSummary | ClaimNeedsCode> {
  const { data } = await claimTestResult(body);
  if ('needs_code' in data) return data;
  showTestResults({ key: data.key, page: 1 });
  // Back from the result finds it in the list.
  void loadTestResults({ quiet: true });
  return data;
}
