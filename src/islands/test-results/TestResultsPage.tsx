import { lazy, Suspense } from 'react';
import { AuthGate } from '../auth/AuthGate.tsx';
import { promptWhat } from '#lib/site/login-prompt.ts';

// Everything past the login prompt (the list, the claim form, a result with its charts) loads once
// someone is logged in: logged out, the page is the prompt alone (DESIGN.md §6's budget).
const ResultsContent = lazy(() => import('./ResultsContent.tsx').then((module) => ({ default: module.ResultsContent })));

function Loading() {
  return (
    <p role="status" className="rounded-2xl border border-line bg-card p-5 text-muted">
      در حال بارگذاری جواب‌ها…
    </p>
  );
}

/** /test-response/give-response: the patient's test results, or one of them (`?key=`). */
export function TestResultsPage() {
  return (
    <AuthGate what={promptWhat.testResults}>
      <Suspense fallback={<Loading />}>
        <ResultsContent />
      </Suspense>
    </AuthGate>
  );
}
