import { describe, expect, it } from 'vitest';
import { computeFlag } from './flags.ts';

describe('computeFlag', () => {
  it.each([
    [{ value: 5, reference_low: 4, reference_high: 10 }, {}, 'normal', 'range'],
    [{ value: 4, reference_low: 4, reference_high: 10 }, {}, 'normal', 'range'],
    [{ value: 3.9, reference_low: 4, reference_high: 10 }, {}, 'low', 'range'],
    [{ value: 10.1, reference_low: 4, reference_high: 10 }, {}, 'high', 'range'],
    [{ value: 10.1, reference_high: 10 }, {}, 'high', 'range'],
    [{ value: 0, reference_low: 1 }, {}, 'low', 'range'],
    [{ value: 2.4, reference_low: 3.5, reference_high: 5.1 }, { low: 2.5, high: 6.5 }, 'critical_low', 'range'],
    [{ value: 6.6, reference_low: 3.5, reference_high: 5.1 }, { low: 2.5, high: 6.5 }, 'critical_high', 'range'],
    [{ value: 6.6 }, { high: 6.5 }, 'critical_high', 'range'],
    [{ value: 42 }, {}, 'normal', 'none'],
    [{ value: 42, reference_low: 1, flag: 'critical_high' as const }, {}, 'critical_high', 'lab'],
    [{ value: 'Negative', reference_text: 'negative.' }, {}, 'normal', 'range'],
    [{ value: 'Neg', reference_text: 'Negative' }, {}, 'normal', 'range'],
    [{ value: 'منفی', reference_text: 'Negative' }, {}, 'normal', 'range'],
    [{ value: 'Trace', reference_text: 'Negative' }, {}, 'abnormal', 'range'],
    [{ value: 'Yellow' }, {}, 'normal', 'none'],
  ])('%j with critical limits %j → %s (%s)', (observation, critical, flag, source) => {
    expect(computeFlag(observation, critical)).toEqual({ flag, source });
  });
});
