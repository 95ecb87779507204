/**
 * Logging of unexpected server errors. Database errors carry the query's parameters (Drizzle puts
 * them in its message) and the offending values (PostgreSQL's `detail`, `where`, and quoted parts
 * of some messages): phone numbers, names, national codes. Only the shape of the failure is logged.
 */

/** PostgreSQL error fields that never hold row values, worth keeping. */
const SAFE_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'routine'] as const;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  errno?: unknown;
  syscall?: unknown;
  [key: string]: unknown;
}

/** Replaces every double-quoted or parenthesised value in a database message: `"0912…"` → `"…"`. */
function redactMessage(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"').replace(/\)=\([^)]*\)/g, ')=(…)').replace(/:\s*0x[0-9a-f]+/gi, ': 0x…');
}

function describeOne(error: ErrorLike): string {
  const name = typeof error.name === 'string' ? error.name : 'Error';
  // Drizzle's DrizzleQueryError and PGlite's errors carry the query: its SQL has placeholders,
  // its parameters are the patient's data.
  const own = typeof error.message === 'string' && !/^Failed query:/i.test(error.message) ? redactMessage(error.message) : undefined;
  const message =
    typeof error.query === 'string'
      ? `failed query: ${error.query} [${Array.isArray(error.params) ? error.params.length : 0} parameters not logged]${own ? `: ${own}` : ''}`
      : (own ?? String(error.message ?? error));
  const fields = SAFE_FIELDS.flatMap((field) => (typeof error[field] === 'string' && error[field] !== '' ? [`${field}=${error[field]}`] : []));
  if (typeof error.syscall === 'string') fields.push(`syscall=${error.syscall}`);
  return `${name}: ${message}${fields.length > 0 ? ` (${fields.join(', ')})` : ''}`;
}

/** The stack's frames (`at …` lines) without its first line, which repeats the message. */
function frames(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  const lines = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return lines.length > 0 ? `\n${lines.join('\n')}` : '';
}

/** A loggable description of `error` and its causes, without personal data. */
export function describeError(error: unknown): string {
  if (!error || typeof error !== 'object') return String(error);
  const parts: string[] = [];
  const seen = new Set<unknown>();
  for (let current: unknown = error; current && typeof current === 'object' && !seen.has(current); current = (current as ErrorLike).cause) {
    seen.add(current);
    parts.push(describeOne(current as ErrorLike));
  }
  return parts.join('\n  caused by ') + frames((error as ErrorLike).stack);
}

/** Logs an unexpected error, with what was being done, without personal data. */
export function logError(doing: string, error: unknown): void {
  console.error(`${doing}: ${describeError(error)}`);
}
