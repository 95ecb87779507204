import { type ReactNode, Suspense } from 'react';
import { AuthGate } from './AuthGate.tsx';

/**
 * A page behind the login whose content (`children`, a lazily loaded component) is fetched only once
 * someone is logged in: logged out, the page is the prompt and the login popup alone, so a visitor
 * who never logs in downloads none of the page's lists, forms and their rules (DESIGN.md §6's budget).
 */
export function GatedPage({ what, children }: { what: string; children: ReactNode }) {
  return (
    <AuthGate what={what}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </AuthGate>
  );
}

/** The same box as the page's server-drawn fallback (IslandFallback.astro), so nothing moves when it is replaced. */
function PageLoading() {
  return (
    <div className="rounded-2xl border border-line bg-card p-5">
      <p className="text-muted" role="status">
        در حال بارگذاری…
      </p>
    </div>
  );
}
