import type { ClientDirective } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first touch, click, focus or key press inside the island. */
    'client:interaction'?: boolean;
  }
}

const TRIGGERS = ['pointerdown', 'focusin', 'keydown'] as const;

/** The child indexes that lead from `root` down to `node`. */
function pathTo(root: Element, node: Element): number[] {
  const path: number[] = [];
  for (let current = node; current !== root && current.parentElement; current = current.parentElement) {
    path.unshift(Array.prototype.indexOf.call(current.parentElement.children, current));
  }
  return path;
}

/**
 * `client:interaction`: the island stays server-rendered HTML, with no framework JS, until the
 * patient first touches, clicks, focuses or types in it. A click that arrives while the island is
 * still loading is held and replayed once it has hydrated, so the first press is not lost: on the
 * same element, or, should the framework have rebuilt the markup, on the element in its place.
 */
const interaction: ClientDirective = (load, _options, element) => {
  let pending: { target: Element; path: number[] } | undefined;
  const holdClick = (event: Event) => {
    if (!(event.target instanceof Element)) return;
    event.preventDefault();
    event.stopPropagation();
    pending = { target: event.target, path: pathTo(element, event.target) };
  };
  const replay = () => {
    if (!pending) return;
    let target: Element | undefined = pending.target;
    if (!target.isConnected) {
      target = element;
      for (const index of pending.path) target = target?.children[index];
    }
    target?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }));
  };
  const start = async () => {
    for (const type of TRIGGERS) element.removeEventListener(type, start);
    element.addEventListener('click', holdClick, true);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      element.removeEventListener('click', holdClick, true);
    }
    // React attaches its handlers on the next frames; replay after them.
    requestAnimationFrame(() => requestAnimationFrame(replay));
  };
  for (const type of TRIGGERS) element.addEventListener(type, start, { once: true, passive: true });
};

export default interaction;
