import { lazy, type ReactNode, Suspense, useState } from 'react';

// The confirmation's sheet loads when a link is to be revoked, not with the list.
const ConfirmSheet = lazy(() => import('./ConfirmSheet.tsx').then((module) => ({ default: module.ConfirmSheet })));

export interface LiveLink {
  id: number;
}

export interface LiveLinksProps<T extends LiveLink> {
  links: readonly T[];
  /** The link made on this visit, marked as such. */
  newId?: number | undefined;
  /** One line about a link (when it was made, until when it opens). */
  describe: (link: T) => ReactNode;
  /** The dialog's question: what revoking this link ends. */
  question: (link: T) => ReactNode;
  /** Revokes it; rejects with the failed call (shown in the dialog). */
  revoke: (link: T) => Promise<void>;
}

/**
 * The links that open something without login (a shared result, an invoice to pay) and still open,
 * each with a way to revoke it after a confirmation.
 */
export function LiveLinks<T extends LiveLink>({ links, newId, describe, question, revoke }: LiveLinksProps<T>) {
  const [revoking, setRevoking] = useState<T>();
  if (links.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-bold">پیوندهای باز</h3>
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
        {links.map((link) => (
          <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 p-3" data-share={link.id}>
            <p className="text-sm leading-6">
              {link.id === newId && <span className="font-bold text-success">همین حالا ساخته شد؛ </span>}
              {describe(link)}
            </p>
            <button
              type="button"
              className="inline-flex min-h-11 items-center rounded-xl border border-danger px-3 text-sm font-bold text-danger hover:bg-danger/10"
              onClick={() => setRevoking(link)}
            >
              باطل کردن
            </button>
          </li>
        ))}
      </ul>
      {revoking && (
        // No toast: the link leaves the list, which says it.
        <Suspense fallback={null}>
          <ConfirmSheet
            subject={revoking}
            onClose={() => setRevoking(undefined)}
            title="باطل کردن پیوند"
            confirmLabel="بله، باطل شود"
            action={async () => {
              await revoke(revoking);
              return undefined;
            }}
            failure="پیوند باطل نشد. دوباره تلاش کنید."
          >
            <p className="leading-8">{question(revoking)}</p>
          </ConfirmSheet>
        </Suspense>
      )}
    </div>
  );
}
