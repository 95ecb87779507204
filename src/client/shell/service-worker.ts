import type { WarmRequest } from '../../sw/sw.ts';
import { afterLoad } from './after-load.ts';
import { reloadOnce } from './reload.ts';

/**
 * Registers /sw.js (spec §1) and reloads the page when an updated worker takes over. Once a worker
 * is active it is told about this page, which loaded before any worker saw it, so that one visit
 * is enough to read it — and its section, such as the whole pregnancy timeline — offline. When the
 * worker has stored them, `<html data-offline-ready>` is set.
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const container = navigator.serviceWorker;
  const hadController = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    if (hadController) reloadOnce();
  });
  const register = () => {
    container.register('/sw.js').catch(() => {});
    void container.ready.then(({ active }) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (document.documentElement.dataset.offlineReady = '');
      const images = Array.from(document.images, (image) => image.currentSrc).filter(Boolean);
      const request: WarmRequest = { type: 'warm', url: location.href, images };
      active?.postMessage(request, [channel.port2]);
    });
  };
  afterLoad(register);
}
