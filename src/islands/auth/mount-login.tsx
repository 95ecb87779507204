import { createRoot } from 'react-dom/client';
import { LoginModals } from './LoginModals.tsx';

/** For the user menu, which loads the popup on demand (src/client/login-popup.ts). */
export { startPersonFlow } from '#stores/login.ts';

/** Mounts the login popup once per page, outside any island. */
export function mountLoginModals(): void {
  const element = document.createElement('div');
  element.id = 'login-root';
  document.body.append(element);
  createRoot(element).render(<LoginModals />);
}
