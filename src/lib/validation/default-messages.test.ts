import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import './default-messages.ts';

const schema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  name: v.pipe(v.string(), v.maxLength(3)),
  size: v.pipe(v.number(), v.integer(), v.minValue(1)),
  kind: v.picklist(['a', 'b']),
});

describe('Persian defaults for valibot checks', () => {
  it.each([
    [{ id: 'x', name: 'ab', size: 1, kind: 'a' }, 'id', 'شناسه معتبر نیست'],
    [{ id: crypto.randomUUID(), name: 'abcd', size: 1, kind: 'a' }, 'name', 'حداکثر ۳ کاراکتر مجاز است'],
    [{ id: crypto.randomUUID(), name: 'ab', size: 0, kind: 'a' }, 'size', 'مقدار نباید کمتر از ۱ باشد'],
    [{ id: crypto.randomUUID(), name: 'ab', size: 1.5, kind: 'a' }, 'size', 'لطفاً عدد صحیح وارد کنید'],
    [{ id: crypto.randomUUID(), name: 'ab', size: 1, kind: 'c' }, 'kind', 'یکی از گزینه‌های مجاز را انتخاب کنید'],
    [{ id: crypto.randomUUID(), size: 1, kind: 'a' }, 'name', 'این فیلد الزامی است'],
    [{ id: crypto.randomUUID(), name: 5, size: 1, kind: 'a' }, 'name', 'مقدار واردشده معتبر نیست'],
  ])('%j → %s: %s', (input, field, message) => {
    const result = v.safeParse(schema, input);
    expect(result.success).toBe(false);
    const issue = result.issues?.find((i) => i.path?.[0]?.key === field);
    expect(issue?.message).toBe(message);
  });
});
