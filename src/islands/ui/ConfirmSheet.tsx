import { type ReactNode, useState } from 'react';
import { notify } from '#client/toasts.ts';
import { describeFailure } from '#lib/api/failure.ts';
import { ConfirmActions } from './Buttons.tsx';
import { FormAlert } from './FormAlert.tsx';
import { failureMessage } from './failure-message.ts';
import { Sheet } from './Sheet.tsx';

export interface ConfirmSheetProps<T> {
  /** What is to be confirmed; the sheet is open while there is one. */
  subject: T | undefined;
  /** Called when the patient keeps things as they are, and after the action succeeded. */
  onClose: () => void;
  title: string;
  /** The question: what confirming changes, shown above the answers. */
  children: ReactNode;
  confirmLabel: string;
  /**
   * Does it; resolves to the success toast's text (`undefined`: the page shows the outcome itself),
   * rejects with the failed call, whose message stays in the sheet.
   */
  action: (subject: T) => Promise<string | undefined>;
  /** The alert when the failure brings no message the patient can act on. */
  failure: string;
  /** A 409 means the server will never do it (the state changed meanwhile): only «بستن» is left. */
  refusalIsFinal?: boolean;
}

/**
 * The sheet that asks before an action that cannot be undone: busy while it runs, a failure shown
 * in the sheet (401 and 5xx are the error policy's), a toast and closing on success.
 */
export function ConfirmSheet<T>({ subject, onClose, title, children, confirmLabel, action, failure, refusalIsFinal = false }: ConfirmSheetProps<T>) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [refused, setRefused] = useState(false);

  const close = () => {
    if (busy) return;
    setProblem(undefined);
    setRefused(false);
    onClose();
  };
  const confirm = async (confirmed: T) => {
    setBusy(true);
    setProblem(undefined);
    try {
      const done = await action(confirmed);
      if (done !== undefined) notify.success(done);
      onClose();
    } catch (error) {
      setRefused(refusalIsFinal && describeFailure(error).status === 409);
      setProblem(failureMessage(error) ?? failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet open={subject !== undefined} title={title} onDismiss={close}>
      {subject !== undefined && (
        <div className="flex flex-col gap-4">
          {children}
          <FormAlert message={problem} />
          <ConfirmActions confirmLabel={confirmLabel} busy={busy} onConfirm={() => void confirm(subject)} onKeep={close} refused={refused} />
        </div>
      )}
    </Sheet>
  );
}
