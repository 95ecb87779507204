/**
 * Intl formatters made when first asked for, not when their module loads. The first Intl object a
 * page makes starts the browser's locale data, one of the longest steps of a page's start on a slow
 * phone; made at load, every page whose shared script imports a formatting helper paid it before
 * its first paint, whether or not it ever formatted anything.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/** The hospital's time zone (UTC+03:30, no DST since 2022): every date the portal shows is Tehran's. */
export const TEHRAN_TIME_ZONE = 'Asia/Tehran';

/**
 * A date formatter in the Tehran time zone, made on first use: date.ts's formatters, and those of
 * the pages and boards that put dates together their own way without loading date.ts.
 */
export function tehranFormatter(locale: string, options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): () => Intl.DateTimeFormat {
  return onFirstUse(() => new Intl.DateTimeFormat(locale, { ...options, timeZone: TEHRAN_TIME_ZONE }));
}
