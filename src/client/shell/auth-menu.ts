import { $phoneAccountCount, $token, $user, logout } from '#client/state/auth.ts';
import { formatRial } from '#lib/format/number.ts';
import { openLogin, startPersonFlow } from '../login-popup.ts';

/**
 * The header's login button and user menu (name, profile, wallet, another person of the same phone,
 * logout), kept in step with the session.
 */
export function startAuthMenu(): void {
  const root = document.documentElement;
  const menus = [...document.querySelectorAll<HTMLDetailsElement>('[data-user-menu]')];
  // Rials alone here: the toman words would weigh on every page's script; the wallet page shows both.
  // Written when a menu is open: the first figure a page formats starts the browser's locale data
  // (lib/format/intl.ts), which no page should pay for a menu nobody has opened.
  const showWallet = () => {
    if (!menus.some((menu) => menu.open)) return;
    const wallet = formatRial($user.get()?.wallet ?? 0);
    for (const figure of document.querySelectorAll('[data-user-wallet]')) figure.textContent = wallet;
  };
  for (const menu of menus) menu.addEventListener('toggle', showWallet);
  const render = () => {
    const user = $user.get();
    const loggedIn = Boolean(user && $token.get());
    if (loggedIn) root.dataset.auth = 'in';
    else delete root.dataset.auth;
    // A long name is cut with «…» on narrow screens; the whole of it stays in the title and the menu's accessible name.
    for (const name of document.querySelectorAll<HTMLElement>('[data-user-name]')) {
      name.textContent = user?.full_name || 'حساب من';
      name.title = name.textContent;
    }
    showWallet();
    // «تغییر فرد» only when this phone is known to have several people.
    for (const item of document.querySelectorAll<HTMLElement>('[data-switch-person]')) item.hidden = $phoneAccountCount.get() < 2;
  };
  $user.subscribe(render);
  $token.subscribe(render);
  $phoneAccountCount.subscribe(render);

  for (const button of document.querySelectorAll('[data-login-button]')) button.addEventListener('click', openLogin);
  for (const button of document.querySelectorAll('[data-logout]')) button.addEventListener('click', () => logout());
  const menuAction = (selector: string, action: () => void) => {
    for (const button of document.querySelectorAll<HTMLElement>(selector)) {
      button.addEventListener('click', () => {
        button.closest('details')?.removeAttribute('open');
        action();
      });
    }
  };
  menuAction('[data-add-person]', () => startPersonFlow('add-person'));
  menuAction('[data-switch-person]', () => startPersonFlow('switch-person'));

  // The menu closes on Escape and on a click elsewhere, like any menu.
  document.addEventListener('click', (event) => {
    for (const menu of menus) if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of menus) {
      if (menu.open) {
        menu.open = false;
        menu.querySelector('summary')?.focus();
      }
    }
  });
}
