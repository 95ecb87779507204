import type { TestExplanation } from '#lib/api/contracts/test-results.ts';
import type { CriticalLimits } from '#lib/test-results/flags.ts';

/** What the portal knows about a test (src/content/lab-tests): its Persian name, our explanation, its critical limits. */
export interface KnownTest {
  nameFa: string;
  explanation: TestExplanation;
  /** In the observation's unit; empty when the units differ or there are none. */
  critical: CriticalLimits;
}

/** Looks a test up by its code (LOINC) or the lab's name for it; `unit` decides whether the critical limits apply. */
export interface LabKnowledge {
  lookup(code: string, name: string, unit: string): KnownTest | undefined;
}

/** Knows nothing: every flag comes from the lab or the range alone. */
export const NO_KNOWLEDGE: LabKnowledge = { lookup: () => undefined };
