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
