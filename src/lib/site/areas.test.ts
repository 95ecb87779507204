import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { accountAreas, allAreas, isCurrent, portalAreas, serviceCards, shown, userMenuAreas } from './areas.ts';

const pages = fileURLToPath(new URL('../../pages', import.meta.url));
const extensions = ['astro', 'md', 'mdx', 'html', 'ts'];

/** Whether src/pages has a static route for `href` (`/a/b` → a/b.astro or a/b/index.astro). */
function hasPage(href: string): boolean {
  const base = href === '/' ? '/index' : href;
  return extensions.some((ext) => existsSync(`${pages}${base}.${ext}`) || existsSync(`${pages}${base}/index.${ext}`));
}

describe('the area registry', () => {
  it.each([...new Map(allAreas.map((area) => [area.href, area] as const))])('%s is marked built exactly when its page exists', (href, area) => {
    expect(area.built, area.built ? `${href} is marked built but src/pages has no page for it` : `${href} has a page now: set built: true`).toBe(hasPage(href));
  });

  it('shows only built areas', () => {
    for (const list of [portalAreas, serviceCards, accountAreas, userMenuAreas]) {
      for (const area of shown(list)) expect(hasPage(area.href)).toBe(true);
    }
    expect(shown(portalAreas).map((area) => area.href)).toContain('/appointment');
  });

  it('marks an area current on its page and the pages below it, not on a sibling that shares a prefix', () => {
    const appointment = { href: '/appointment' };
    expect(isCurrent(appointment, '/appointment')).toBe(true);
    expect(isCurrent(appointment, '/appointment/')).toBe(true);
    expect(isCurrent(appointment, '/appointment/doctor-profile/maryam-ahmadi')).toBe(true);
    expect(isCurrent(appointment, '/appointments')).toBe(false);
    expect(isCurrent(appointment, null)).toBe(false);
    expect(isCurrent({ href: '/patient-profile' }, '/patient-profile/services', { exact: true })).toBe(false);
  });
});
