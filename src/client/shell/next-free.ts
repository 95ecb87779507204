/**
 * The doctor profile is prerendered, so its «next free time» comes from the slots API once the page
 * is shown: a plain fetch and no imports, so the page keeps within the public pages' script budget
 * (decision 003). The wording matches lib/appointments/when.ts `formatSoon` (the finder's cards). Without
 * an answer the page's own sentence (see the booking page) stays.
 */

// Made when the answer comes, once per page, not as the page starts (see lib/format/intl.ts).
function soon(start: Date): string {
  const day = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'Asia/Tehran', weekday: 'long', day: 'numeric', month: 'long' });
  const time = new Intl.DateTimeFormat('fa-IR', { timeZone: 'Asia/Tehran', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const now = Date.now();
  const label = { [day.format(now)]: 'امروز', [day.format(now + 86_400_000)]: 'فردا' }[day.format(start)] ?? day.format(start);
  return `${label}، ساعت ${time.format(start)}`;
}

for (const line of document.querySelectorAll<HTMLElement>('[data-next-free]')) {
  const doctorId = line.dataset.nextFree;
  if (!doctorId) continue;
  void fetch(`/api/appointments/slots?doctor_id=${encodeURIComponent(doctorId)}&days=31`, { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<{ meta?: { next_free?: string } }>) : undefined))
    .then((answer) => {
      if (!answer?.meta) return;
      const next = answer.meta.next_free;
      line.textContent = next ? `نزدیک‌ترین نوبت آزاد: ${soon(new Date(next))}` : 'در ۳۱ روز آینده نوبت آزادی ندارد.';
    })
    .catch(() => undefined);
}
