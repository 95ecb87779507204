import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { validationMessages as M } from './messages.ts';
import { Max100Schema, Min0Schema, Min1Schema, Min1000000Schema, NumericSchema } from './numeric.ts';

function run(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true as const, output: result.output } : { ok: false as const, messages: result.issues.map((i) => i.message) };
}

describe('NumericSchema', () => {
  it.each<[unknown, number]>([
    [0, 0],
    [12.5, 12.5],
    ['۱۲', 12],
    ['1,234', 1234],
    ['۱٬۰۰۰٬۰۰۰', 1000000],
    [' -3 ', -3],
  ])('accepts %j → %s', (input, output) => {
    expect(run(NumericSchema, input)).toEqual({ ok: true, output });
  });

  it.each<[unknown, string]>([
    ['', M.required],
    ['  ', M.required],
    [undefined, M.required],
    [null, M.required],
    ['abc', M.number],
    ['12a', M.number],
    [Number.NaN, M.number],
    [Number.POSITIVE_INFINITY, M.number],
    [true, M.number],
  ])('rejects %j with %j', (input, message) => {
    expect(run(NumericSchema, input)).toEqual({ ok: false, messages: [message] });
  });
});

describe.each<[string, v.GenericSchema, [unknown, number][], [unknown, string[]][]]>([
  [
    'min0',
    Min0Schema,
    [
      [0, 0],
      ['۰', 0],
      [0.5, 0.5],
      ['۲۵', 25],
    ],
    [
      [-1, [M.min0]],
      ['-0.01', [M.min0]],
      ['x', [M.number]],
    ],
  ],
  [
    'min1 (count)',
    Min1Schema,
    [
      [1, 1],
      ['۳', 3],
      [1000, 1000],
    ],
    [
      [0, [M.min1]],
      ['۰', [M.min1]],
      [-2, [M.min1]],
      [1.5, [M.integer]],
      [0.5, [M.integer]],
      ['', [M.required]],
    ],
  ],
  [
    'min1000000 (rial amount)',
    Min1000000Schema,
    [
      [1000000, 1000000],
      ['۱٬۰۰۰٬۰۰۰', 1000000],
      ['2,500,000', 2500000],
      [1000000000, 1000000000],
    ],
    [
      [999999, [M.min1000000]],
      ['۹۹۹٬۹۹۹', [M.min1000000]],
      [0, [M.min1000000]],
      [1000000.5, [M.integer]],
    ],
  ],
  [
    'max100',
    Max100Schema,
    [
      [100, 100],
      ['۱۰۰', 100],
      [0, 0],
      [99.9, 99.9],
    ],
    [
      [100.01, [M.max100]],
      ['۱۰۱', [M.max100]],
      [1000, [M.max100]],
    ],
  ],
])('%s', (_name, schema, valid, invalid) => {
  it.each(valid)('accepts %j → %s', (input, output) => {
    expect(run(schema, input)).toEqual({ ok: true, output });
  });

  it.each(invalid)('rejects %j with %j', (input, messages) => {
    expect(run(schema, input)).toEqual({ ok: false, messages });
  });
});
