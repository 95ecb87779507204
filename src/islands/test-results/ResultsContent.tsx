import { useStore } from '@nanostores/react';
import { lazy } from 'react';
import { $testResultsView } from '#stores/test-results.ts';

// The list (with the claim form) and one result (with its charts and share links) load apart: each
// view carries only its own code (DESIGN.md §6's budget holds logged in too). Both suspend to the
// page's loading line (TestResultsPage).
const ResultsList = lazy(() => import('./ResultsList.tsx').then((module) => ({ default: module.ResultsList })));
const ResultView = lazy(() => import('./ResultView.tsx').then((module) => ({ default: module.ResultView })));

/** The view the address names: one result, or the list with the claim form. */
export function ResultsContent() {
  const view = useStore($testResultsView);
  return view.key ? <ResultView key={view.key} resultKey={view.key} /> : <ResultsList />;
}
