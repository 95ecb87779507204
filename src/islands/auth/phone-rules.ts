import * as v from 'valibot';
import { SendCodeSchema } from '#lib/api/contracts/auth.ts';

/**
 * The phone step's rule (the API's own schema), loaded on its first check: the popup opens by itself
 * on the account pages, and reading a number needs no rules until it is sent.
 */
export function checkPhone(input: string): { phone: string; errors?: undefined } | { phone?: undefined; errors: [string, ...string[]] } {
  const result = v.safeParse(SendCodeSchema, { phone_number: input });
  if (result.success) return { phone: result.output.phone_number };
  const [first, ...rest] = v.flatten<typeof SendCodeSchema>(result.issues).nested?.phone_number ?? [result.issues[0].message];
  return { errors: [first ?? result.issues[0].message, ...rest] };
}
