import type { Page } from '@playwright/test';

/**
 * Records every layout shift of the pages `page` opens from now on, from their first paint: each as
 * its value and the start of the text (or the name) of what moved, so a failure says what shifted.
 */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { shifts: string[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[]) {
        shifts.push(`${entry.value.toFixed(4)}: ${entry.sources.map((source) => source.node?.parentElement?.textContent?.slice(0, 40) ?? source.node?.nodeName).join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts recorded on the current page so far (see watchLayoutShifts). */
export const layoutShifts = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
