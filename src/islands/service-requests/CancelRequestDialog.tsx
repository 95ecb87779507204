import type { ServiceRequest } from '#lib/api/contracts/service-requests.ts';
import { cancelShownServiceRequest } from '#stores/service-requests-detail.ts';
import { ConfirmSheet } from '../ui/ConfirmSheet.tsx';
import { REQUEST_CANCELLED } from './labels.ts';

/** Asks before cancelling the request; a 409 (the hospital has scheduled it meanwhile) stays in the dialog with the server's words. */
export function CancelRequestDialog({ request, onClose }: { request: ServiceRequest; onClose: () => void }) {
  return (
    <ConfirmSheet
      subject={request}
      onClose={onClose}
      title="لغو درخواست"
      confirmLabel="بله، لغو شود"
      action={async () => {
        await cancelShownServiceRequest();
        return REQUEST_CANCELLED;
      }}
      failure="درخواست لغو نشد. دوباره تلاش کنید."
      refusalIsFinal
    >
      <p className="leading-8">
        درخواست «{request.service.name}» (کد پیگیری{' '}
        <bdi dir="ltr" className="whitespace-nowrap">
          {request.key}
        </bdi>
        ) لغو شود؟
      </p>
      <p className="text-sm text-muted">پس از لغو، اگر باز به این خدمت نیاز داشتید، درخواست تازه‌ای ثبت کنید.</p>
    </ConfirmSheet>
  );
}
