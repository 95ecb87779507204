/**
 * Numeric rules: min0, min1 (count), min1000000 (rial amount), max100.
 * Accept a number or a numeric string in any digit set with separators
 * ("۱٬۰۰۰٬۰۰۰", "1,000,000"); output is a number. Required by themselves.
 */
import * as v from 'valibot';
import { parseNumber } from '../format/number.ts';
import { stopIfInvalid } from './base.ts';
import { validationMessages as M } from './messages.ts';

function numericInputMessage(issue: v.BaseIssue<unknown>): string {
  if (issue.input === undefined || issue.input === null) return M.required;
  return M.number;
}

/** A finite number, from a number or a numeric string. Blank string → «الزامی». */
export const NumericSchema = v.pipe(
  v.union([v.number(), v.string()], numericInputMessage),
  v.check((x) => typeof x === 'number' || x.trim() !== '', M.required),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const n = typeof dataset.value === 'number' ? dataset.value : parseNumber(dataset.value);
    if (Number.isFinite(n)) return n;
    addIssue({ message: M.number });
    return NEVER;
  }),
);
export type Numeric = v.InferOutput<typeof NumericSchema>;

const IntegerSchema = v.pipe(NumericSchema, v.integer(M.integer), stopIfInvalid<number>());

/** min0: not negative. */
export const Min0Schema = v.pipe(NumericSchema, v.minValue(0, M.min0));
export type Min0 = v.InferOutput<typeof Min0Schema>;

/** min1: a count — an integer, at least 1. */
export const Min1Schema = v.pipe(IntegerSchema, v.minValue(1, M.min1));
export type Min1 = v.InferOutput<typeof Min1Schema>;

export const MIN_AMOUNT_RIAL = 1_000_000;

/** min1000000: a whole-rial amount not below 1,000,000 rials. */
export const Min1000000Schema = v.pipe(IntegerSchema, v.minValue(MIN_AMOUNT_RIAL, M.min1000000));
export type Min1000000 = v.InferOutput<typeof Min1000000Schema>;

/** max100: at most 100 (e.g. a percentage). */
export const Max100Schema = v.pipe(NumericSchema, v.maxValue(100, M.max100));
export type Max100 = v.InferOutput<typeof Max100Schema>;
