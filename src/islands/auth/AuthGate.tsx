import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect } from 'react';
import { openLogin } from '#client/login-popup.ts';
import { $isLoggedIn } from '#client/state/auth.ts';
import { loginPrompt } from '#lib/site/login-prompt.ts';

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
  const { classes } = loginPrompt;
  return (
    <section className={classes.section}>
      <h1 className={classes.title}>{loginPrompt.title(what)}</h1>
      <p className={classes.body}>{loginPrompt.body}</p>
      <button type="button" onClick={openLogin} className={classes.button}>
        {loginPrompt.button}
      </button>
    </section>
  );
}
