import { setErrors } from '@formisch/react';
import { describeFailure } from '#lib/api/failure.ts';
import { failureMessage } from './failure-message.ts';

// formisch types a path from the form's schema; these fields come from a runtime list of its
// keys, so the call is typed once here.
const setFieldErrors = setErrors as unknown as (form: unknown, config: { path: string[]; errors: [string, ...string[]] }) => void;

/**
 * Puts the server's field errors (the API's `errors` object) on the form's own fields, so they show
 * beside the inputs; returns whether any field got one. A nested field is named as the API names
 * it, with dots (`for.first_name`).
 */
export function showServerFieldErrors(form: unknown, fieldErrors: Record<string, string[]>, fields: readonly string[]): boolean {
  let shown = false;
  for (const field of fields) {
    const [first, ...rest] = fieldErrors[field] ?? [];
    if (first === undefined) continue;
    setFieldErrors(form, { path: field.split('.'), errors: [first, ...rest] });
    shown = true;
  }
  return shown;
}

/**
 * After a form's call failed: the server's field errors go on the fields; returns the message for
 * the form's alert when nothing else tells the patient (401 and 5xx are the error policy's: the
 * login popup, a toast).
 */
export function showFormFailure(form: unknown, error: unknown, fields: readonly string[]): string | undefined {
  if (showServerFieldErrors(form, describeFailure(error).fieldErrors, fields)) return undefined;
  return failureMessage(error);
}
