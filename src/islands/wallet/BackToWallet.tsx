/** The way back to /financial from the wallet's inner pages. */
export function BackToWallet() {
  return (
    <nav aria-label="مسیر صفحه" className="text-sm">
      <a href="/financial" className="inline-flex min-h-11 items-center font-bold text-brand underline-offset-4 hover:underline">
        کیف پول
      </a>
    </nav>
  );
}
