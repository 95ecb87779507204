/** `npm run hospital -- result <file>`: files a lab result from our JSON or a FHIR R4 Bundle (docs/examples/fhir). */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { TEST_RESULT_STATUS_NAMES } from '../../src/lib/api/contracts/test-results.ts';
import { env } from '../../src/server/env.ts';
import { CLI_KEY_NAME } from '../../src/server/hospital/keys.ts';
import { TestResultFilingSchema } from '../../src/server/test-results/filing.ts';
import { fileTestResult, type FiledResult } from '../../src/server/test-results/service.ts';
import { resultContext } from '../../src/server/test-results/settings.ts';
import { CliError, checked, options, perform } from './cli.ts';

export const RESULTS_HELP = `  result <file.json>              files a lab result: our JSON (spec/api.md POST /test-results) or a FHIR R4 Bundle
                                  of DiagnosticReport + Observation (e.g. docs/examples/fhir/cbc-final.json). Filing the
                                  same reception code again adds to it or corrects it (pending → partial → final).
                                  The patient gets an SMS when values arrive; a result whose national code and mobile
                                  match no account waits until the patient claims it with the reception code`;

const RESULT_USAGE = 'result <file.json>';

export async function fileResult(args: string[]): Promise<void> {
  const { words, flags } = options(args);
  const [file, ...rest] = words;
  if (!file || rest.length > 0 || Object.keys(flags).length > 0) throw new CliError(`usage: npm run hospital -- ${RESULT_USAGE}`);
  let text: string;
  let parsed: unknown;
  try {
    text = readFileSync(file, 'utf8');
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file}: ${(error as Error).message}`);
  }
  // Checked here first, so a broken file is explained the same way with or without a running portal.
  const filing = checked(TestResultFilingSchema, parsed);
  const { data } = await perform<FiledResult>({
    method: 'POST',
    path: '/test-results',
    body: parsed,
    contentType: filing.format === 'fhir' ? 'application/fhir+json' : 'application/json',
    // The same file filed twice is one filing (and one SMS); a changed file is a new one.
    idempotencyKey: `cli-result-${createHash('sha256').update(text).digest('hex').slice(0, 40)}`,
    status: 201,
    direct: async (db, now) => ({ data: await fileTestResult(db, resultContext(), filing.body, { filedBy: CLI_KEY_NAME, format: filing.format, siteUrl: env().PUBLIC_SITE_URL, now }) }),
  });
  console.log(
    [
      `جواب آزمایش ${data.key} (کد پذیرش ${filing.body.reception_code}): ${TEST_RESULT_STATUS_NAMES[data.status]}، ${data.created ? 'ثبت شد' : 'به‌روز شد'} (${filing.format === 'fhir' ? 'FHIR' : 'JSON'})`,
      data.linked ? 'به حساب بیمار رفت؛ بیمار پیامک می‌گیرد.' : 'حسابی با این کد ملی و این موبایل نیست: بیمار با کد پذیرش و کد ملی آن را به حساب خود می‌افزاید.',
    ].join('\n'),
  );
}
