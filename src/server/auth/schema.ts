/** Largest body of the auth and profile endpoints; the longest valid one is well under 1 KB. */
export const AUTH_MAX_BYTES = 4 * 1024;
