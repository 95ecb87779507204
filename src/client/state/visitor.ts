const KEY = 'visitor_id';

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; a hospital LAN may serve plain http.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The device's visitor id (spec §3): a random UUID made once and kept in localStorage. */
export function getVisitorId(): string | undefined {
  try {
    let id = localStorage.getItem(KEY);
    if (!id) {
      id = randomUuid();
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    // Storage blocked (private mode on some browsers): no id, so no tracking (spec §7).
    return undefined;
  }
}
