/**
 * The prompt a page behind the login shows a visitor who is not logged in: drawn by the server in
 * the page's fallback (components/IslandFallback.astro), so it paints with the page, and by the
 * island's guard (islands/auth/AuthGate.tsx) once it runs. Both draw it from here, word for word and
 * class for class, so the island's copy lands on the server's in the same place and size.
 */
export const loginPrompt = {
  /** `what`: e.g. «پروفایل خود». */
  title: (what: string) => `برای دیدن ${what} وارد شوید`,
  body: 'با شمارهٔ موبایل خود وارد شوید؛ اگر حساب ندارید، همان‌جا ساخته می‌شود.',
  button: 'ورود / ثبت‌نام',
  classes: {
    section: 'flex flex-col items-center gap-4 rounded-2xl border border-line bg-card p-8 text-center',
    title: 'text-xl font-bold',
    body: 'text-muted',
    button: 'min-h-12 rounded-xl bg-btn-auth px-6 font-bold text-btn-auth-ink',
  },
} as const;

/** What each page behind the login names in its prompt («برای دیدن … وارد شوید»): the page's fallback and its island say the same. */
export const promptWhat = {
  profile: 'پروفایل خود',
  wallet: 'کیف پول خود',
  transactions: 'تراکنش‌های کیف پول خود',
  invoices: 'صورت‌حساب‌های خود',
  invoice: 'صورت‌حساب خود',
  requests: 'درخواست‌های خود',
  request: 'این درخواست',
  requestForm: 'فرم درخواست خدمت',
  appointments: 'نوبت‌های خود',
  testResults: 'جواب آزمایش‌های خود',
} as const;
