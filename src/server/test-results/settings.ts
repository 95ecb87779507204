import { getCatalogue } from '../catalogue/index.ts';
import { criticalLimitsOf, explanationOf, findLabTest } from './explanations.ts';
import type { LabKnowledge } from './knowledge.ts';
import type { ResultContext } from './service.ts';

/** Our explanations of common tests (src/content/lab-tests). */
export const labKnowledge: LabKnowledge = {
  lookup(code, name, unit) {
    const test = findLabTest(code, name);
    return test ? { nameFa: test.title, explanation: explanationOf(test), critical: criticalLimitsOf(test, unit) } : undefined;
  },
};

/** The process's context for results: the explanations and the doctors of the catalogue. */
export function resultContext(): ResultContext {
  return { knowledge: labKnowledge, doctorExists: (id) => getCatalogue().doctors.has(id) };
}
