/** True when `error` (or its cause: Drizzle wraps driver errors) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint: name, message } = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505' && (name === constraint || (typeof message === 'string' && message.includes(constraint)))) return true;
  }
  return false;
}
