import { afterEach, describe, expect, it, vi } from 'vitest';
import { onFirstUse } from './intl.ts';

describe('onFirstUse', () => {
  it('makes the value on the first call and hands the same one after', () => {
    const make = vi.fn(() => ({}));
    const get = onFirstUse(make);
    expect(make).not.toHaveBeenCalled();
    const first = get();
    expect(get()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });
});

describe('the formatting modules', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  // Every page's shared script imports some of them; a formatter made at load would start the
  // browser's locale data before the first paint on pages that never format anything.
  it('make no Intl formatter until one is used', async () => {
    const made = [vi.spyOn(Intl, 'NumberFormat'), vi.spyOn(Intl, 'DateTimeFormat')];
    vi.resetModules();
    const modules = await Promise.all([
      import('./number.ts'),
      import('./date.ts'),
      import('./toman.ts'),
      import('../appointments/when.ts'),
      import('../catalogue/schedule.ts'),
      import('../../islands/appointments/when.ts'),
      import('../../islands/queue-board/place.ts'),
      import('../../islands/service-requests/labels.ts'),
    ]);
    expect(modules).toHaveLength(8);
    for (const spy of made) expect(spy).not.toHaveBeenCalled();

    const [number] = modules;
    expect(number.formatRial(1000)).toBe('۱٬۰۰۰ ریال');
    expect(made[0]).toHaveBeenCalledTimes(1);
  });
});
