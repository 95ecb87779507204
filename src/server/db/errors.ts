/** True when `error` (or its cause: Drizzle wraps driver errors) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint: name, message } = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505' && (name === constraint || (typeof message === 'string' && message.includes(constraint)))) return true;
  }
  return false;
}

/**
 * SQLSTATEs of a server that is going away, restarting, or refusing connections for now. Of class
 * 08 only the connection failures: 08P01 (protocol violation) is what a statement too large for
 * the protocol gets (more than 65,535 parameters), a fault of the statement, not an outage.
 */
const UNAVAILABLE_STATES = /^(0800[01346]|08007|57P0[1-3]|53300|55000)$/;
/** Socket errors on the way to the server. */
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres's own words for a lost or unreachable server (it gives no code for these). */
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended unexpectedly|Client was closed/i;

/**
 * True when `error` (or a cause of it) says the database cannot be reached right now — a restart,
 * a failover, a dropped connection — rather than that the query was wrong. Answered with 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 10; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    // AggregateError (a failed connect to every address of a host name) keeps its causes in `errors`.
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
