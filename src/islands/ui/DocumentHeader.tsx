import type { ReactNode } from 'react';
import { toPersianDigits } from '#lib/format/digits.ts';

export interface DocumentIssuer {
  name: string;
  address?: string | undefined;
  phone?: string | undefined;
}

export interface DocumentHeaderProps {
  /** The id of the issuer's heading, which names the document's `<article>`. */
  titleId: string;
  issuer: DocumentIssuer;
  /** What the paper is: «صورت‌حساب خدمات», «جواب آزمایش». */
  kind: string;
  /** Its number, when this viewer may see it. */
  number?: string | undefined;
  /** The status chip. */
  status: ReactNode;
}

/**
 * The head of a hospital document (an invoice, a test result): the hospital at the start, what the
 * paper is, its number and status at the end. Pure, so the documents' server-drawn pages use it too;
 * document-print.css lays it out for paper.
 */
export function DocumentHeader({ titleId, issuer, kind, number, status }: DocumentHeaderProps) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4 border-b border-line pb-4">
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id={titleId} className="text-lg font-black">
          {issuer.name}
        </h2>
        {issuer.address && <p className="text-sm text-muted">{issuer.address}</p>}
        {issuer.phone && (
          <p className="text-sm text-muted">
            تلفن: <bdi dir="ltr">{toPersianDigits(issuer.phone)}</bdi>
          </p>
        )}
      </div>
      <div className="flex flex-col items-start gap-1 sm:items-end">
        <p className="font-bold">{kind}</p>
        {number && (
          <p className="text-sm">
            شماره:{' '}
            <bdi dir="ltr" className="font-bold">
              {number}
            </bdi>
          </p>
        )}
        {status}
      </div>
    </header>
  );
}
