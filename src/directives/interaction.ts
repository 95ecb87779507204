import type { ClientDirective } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first touch, click, focus or key press inside the island. */
    'client:interaction'?: boolean;
  }
}

const TRIGGERS = ['pointerdown', 'focusin', 'keydown'] as const;

/**
 * `client:interaction`: the island stays server-rendered HTML, with no framework JS, until the
 * patient first touches, clicks, focuses or types in it. A click that arrives while the island is
 * still loading is replayed once it has hydrated, so the first press is not lost.
 */
const interaction: ClientDirective = (load, _options, element) => {
  let pendingClick: HTMLElement | undefined;
  let hydrated = false;
  const holdClick = (event: Event) => {
    if (hydrated || !(event.target instanceof HTMLElement)) return;
    event.preventDefault();
    event.stopPropagation();
    pendingClick = event.target;
  };
  const start = async () => {
    for (const type of TRIGGERS) element.removeEventListener(type, start);
    element.addEventListener('click', holdClick, true);
    const hydrate = await load();
    await hydrate();
    hydrated = true;
    element.removeEventListener('click', holdClick, true);
    // React attaches its handlers on the next frames; replay after them.
    requestAnimationFrame(() => requestAnimationFrame(() => pendingClick?.click()));
  };
  for (const type of TRIGGERS) element.addEventListener(type, start, { once: true, passive: true });
};

export default interaction;
