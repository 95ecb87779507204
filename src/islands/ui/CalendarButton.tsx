import { useState } from 'react';
import { notify } from '#client/toasts.ts';

/**
 * «افزودن به تقویم»: downloads an appointment's calendar file (`download`, from the area's store).
 * Disabled while it comes, a toast if it does not; the caller gives the button's look.
 */
export function CalendarButton({ download, className }: { download: () => Promise<void>; className: string }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await download();
    } catch {
      notify.error('فایل تقویم دریافت نشد. دوباره تلاش کنید.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} disabled={busy} onClick={() => void onClick()}>
      افزودن به تقویم
    </button>
  );
}
