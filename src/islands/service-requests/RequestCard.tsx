import type { ServiceRequest } from '#lib/api/contracts/service-requests.ts';
import { Fact, Facts } from '../ui/Facts.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { STATUS_LABELS, STATUS_TONES } from './labels.ts';
import { PatientText, WhenText } from './parts.tsx';

/** One request of the patient's list: what, for whom, when, where it stands, and a link to its page. */
export function RequestCard({ request }: { request: ServiceRequest }) {
  const titleId = `request-${request.key}`;
  const href = `/sr/request/${encodeURIComponent(request.key)}`;
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-4" data-request={request.key}>
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="min-w-0 text-lg font-bold">
          {request.service.name}
        </h2>
        <StatusChip status={request.status} label={STATUS_LABELS[request.status]} tone={STATUS_TONES[request.status]} />
      </div>
      <Facts>
        <Fact term="کد پیگیری">
          <bdi dir="ltr">{request.key}</bdi>
        </Fact>
        <Fact term={request.scheduled_at ? 'زمان مراجعه' : 'زمان دلخواه'}>
          <WhenText request={request} />
        </Fact>
        <Fact term="برای">
          <PatientText patient={request.patient} />
        </Fact>
      </Facts>
      <a href={href} className="inline-flex min-h-11 items-center justify-center self-start rounded-xl border border-line px-4 text-sm font-bold text-brand hover:bg-page">
        جزئیات و پیگیری
        <span className="sr-only">
          {' '}
          درخواست <bdi dir="ltr">{request.key}</bdi>
        </span>
      </a>
    </article>
  );
}
