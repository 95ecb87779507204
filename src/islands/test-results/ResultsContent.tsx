import { useStore } from '@nanostores/react';
import { $testResultsView } from '#stores/test-results.ts';
import { ResultsList } from './ResultsList.tsx';
import { ResultView } from './ResultView.tsx';

/** The view the address names: one result, or the list with the claim form. */
export function ResultsContent() {
  const view = useStore($testResultsView);
  return view.key ? <ResultView key={view.key} resultKey={view.key} /> : <ResultsList />;
}
