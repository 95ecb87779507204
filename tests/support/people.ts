/** A valid national code (checksum) for the n-th person a test makes; the same n gives the same code. */
export function nationalCode(n: number): string {
  const body = String(300_000_000 + n).slice(-9);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * (10 - i);
  const r = sum % 11;
  return `${body}${r < 2 ? r : 11 - r}`;
}

/** A 5-digit code other than `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, '0');
