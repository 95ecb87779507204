import { useState } from 'react';
import { notify } from '#client/toasts.ts';
import type { ServiceRequest } from '#lib/api/contracts/service-requests.ts';
import { describeFailure } from '#lib/api/failure.ts';
import { cancelShownServiceRequest } from '#stores/service-requests-detail.ts';
import { ConfirmActions } from '../ui/Buttons.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { Sheet } from '../ui/Sheet.tsx';
import { showFormFailure } from '../ui/server-errors.ts';
import { REQUEST_CANCELLED } from './labels.ts';

/** Asks before cancelling the request; a 409 (the hospital has scheduled it meanwhile) stays in the dialog with the server's words. */
export function CancelRequestDialog({ request, onClose }: { request: ServiceRequest; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  /** The server said no for good (409): only «close» is left. */
  const [refused, setRefused] = useState(false);

  const close = () => {
    if (busy) return;
    setProblem(undefined);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await cancelShownServiceRequest();
      notify.success(REQUEST_CANCELLED);
      onClose();
    } catch (error) {
      setRefused(describeFailure(error).status === 409);
      setProblem(showFormFailure(undefined, error, []) ?? 'درخواست لغو نشد. دوباره تلاش کنید.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet open title="لغو درخواست" onDismiss={close}>
      <div className="flex flex-col gap-4">
        <p className="leading-8">
          درخواست «{request.service.name}» (کد پیگیری{' '}
          <bdi dir="ltr" className="whitespace-nowrap">
            {request.key}
          </bdi>
          ) لغو شود؟
        </p>
        <p className="text-sm text-muted">پس از لغو، اگر باز به این خدمت نیاز داشتید، درخواست تازه‌ای ثبت کنید.</p>
        <FormAlert message={problem} />
        <ConfirmActions confirmLabel="بله، لغو شود" busy={busy} onConfirm={() => void confirm()} onKeep={close} refused={refused} />
      </div>
    </Sheet>
  );
}
