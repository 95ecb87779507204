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

/**
 * Most characters of a statement's text (and of any one message) written to the log: enough to
 * tell which statement failed, while a statement of thousands of rows stays one short line.
 */
export const MAX_LOGGED_TEXT = 500;

/** `text` cut to `MAX_LOGGED_TEXT` characters, saying how long it was. */
function bounded(text: string): string {
  return text.length <= MAX_LOGGED_TEXT ? text : `${text.slice(0, MAX_LOGGED_TEXT)}… [${text.length} characters]`;
}

/** Replaces every double-quoted or parenthesised value in a database message: `"0912…"` → `"…"`. */
function redactMessage(message: string): string {
  return message
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\)=\([^)]*\)/g, ')=(…)')
    .replace(/:\s*0x[0-9a-f]+/gi, ': 0x…');
}

function describeOne(error: ErrorLike): string {
  const name = typeof error.name === 'string' ? error.name : 'Error';
  // Drizzle's DrizzleQueryError and PGlite's errors carry the query: its SQL has placeholders,
  // its parameters are the patient's data.
  const own = typeof error.message === 'string' && !/^Failed query:/i.test(error.message) ? bounded(redactMessage(error.message)) : undefined;
  const message =
    typeof error.query === 'string'
      ? `failed query: ${bounded(error.query)} [${Array.isArray(error.params) ? error.params.length : 0} parameters not logged]${own ? `: ${own}` : ''}`
      : (own ?? bounded(String(error.message ?? error)));
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
