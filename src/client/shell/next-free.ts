import { formatSoon } from '#lib/booking/when.ts';

/**
 * The doctor profile is prerendered, so its «next free time» comes from the slots API once the page
 * is shown: a plain fetch, no framework (the public pages' script budget). Without an answer the
 * server's sentence (see the booking page) stays.
 */
for (const line of document.querySelectorAll<HTMLElement>('[data-next-free]')) {
  const doctorId = line.dataset.nextFree;
  if (!doctorId) continue;
  void fetch(`/api/appointments/slots?doctor_id=${encodeURIComponent(doctorId)}&days=31`, { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<{ meta?: { next_free?: string } }>) : undefined))
    .then((answer) => {
      if (!answer?.meta) return;
      const next = answer.meta.next_free;
      line.textContent = next ? `نزدیک‌ترین نوبت آزاد: ${formatSoon(next)}` : 'در ۳۱ روز آینده نوبت آزادی ندارد.';
    })
    .catch(() => undefined);
}
