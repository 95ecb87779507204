/** Spec §9: the page reloads itself at most once per path within 10 seconds. */
export const RELOAD_GUARD_MS = 10_000;
const KEY = 'reload-guard';

/** Reloads the page unless this path was already reloaded in the last 10 s; returns whether it did. */
export function reloadOnce(now = Date.now()): boolean {
  const path = location.pathname;
  let guard: Record<string, number> = {};
  try {
    guard = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, number>;
  } catch {
    // A broken guard must not block the reload forever.
  }
  if (now - (guard[path] ?? 0) < RELOAD_GUARD_MS) return false;
  guard[path] = now;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(guard));
  } catch {
    return false; // Without storage the guard cannot hold, so a reload could loop.
  }
  location.reload();
  return true;
}
