import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect } from 'react';
import { openLogin } from '#client/login-popup.ts';
import { $isLoggedIn } from '#client/state/auth.ts';

/**
 * Spec §2's authentication guard for the protected routes: logged out, a short prompt and the login
 * popup; logged in (also right after logging in, without a reload), the page's content.
 */
export function AuthGate({ children, what }: { children: ReactNode /** e.g. «پروفایل خود» */; what: string }) {
  const loggedIn = useStore($isLoggedIn);
  useEffect(() => {
    if (!loggedIn) openLogin();
  }, [loggedIn]);
  if (loggedIn) return <>{children}</>;
  return (
    <section className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-card p-8 text-center">
      <h1 className="text-xl font-bold">برای دیدن {what} وارد شوید</h1>
      <p className="text-muted">با شمارهٔ موبایل خود وارد شوید؛ اگر حساب ندارید، همان‌جا ساخته می‌شود.</p>
      <button type="button" onClick={openLogin} className="min-h-12 rounded-xl bg-btn-auth px-6 font-bold text-btn-auth-ink">
        ورود / ثبت‌نام
      </button>
    </section>
  );
}
