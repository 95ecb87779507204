/**
 * `npm run hospital -- result <file> | detach-result | release-result`: files a lab result from our
 * JSON or a FHIR R4 Bundle (docs/examples/fhir), takes one from the account it went to, and lets a
 * result locked by failed claims take claims again.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DetachTestResultSchema, type ResultClaimState } from '../../src/lib/api/contracts/test-result-claims.ts';
import { TEST_RESULT_STATUS_NAMES } from '../../src/lib/api/contracts/test-results.ts';
import { env } from '../../src/server/env.ts';
import { CLI_KEY_NAME } from '../../src/server/hospital/keys.ts';
import { detachTestResult, releaseTestResultClaims } from '../../src/server/test-results/claim.ts';
import { TestResultFilingSchema } from '../../src/server/test-results/filing.ts';
import { type FiledResult, fileTestResult } from '../../src/server/test-results/service.ts';
import { resultContext } from '../../src/server/test-results/settings.ts';
import { CliError, checked, onlyOptions, options, perform, typedKey } from './cli.ts';

export const RESULTS_HELP = `  result <file.json>              files a lab result: our JSON (spec/api.md POST /test-results) or a FHIR R4 Bundle
                                  of DiagnosticReport + Observation (e.g. docs/examples/fhir/cbc-final.json). Filing the
                                  same reception code again adds to it or corrects it (pending → partial → final).
                                  The patient gets an SMS when values arrive; a result whose national code and mobile
                                  match no account waits until the patient claims it with the reception code
  detach-result <TR-key> --reason "…"
                                  takes a result from the account it went to (a wrong claim): it waits to be claimed
                                  again, its share links stop opening, the account holder gets an SMS; audited
  release-result <TR-key>         lets a result locked by too many failed claims take claims again`;

const DETACH_USAGE = 'detach-result <TR-key> --reason "…"';
const RELEASE_USAGE = 'release-result <TR-key>';

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
      data.linked ? 'به حساب بیمار رفت.' : 'حسابی با این کد ملی و این موبایل نیست: بیمار با کد پذیرش و کد ملی آن را به حساب خود می‌افزاید.',
      // Older portals (a running one not yet updated) answer without `changed` / `notified`.
      data.changed === false ? 'چیزی تغییر نکرد؛ پیامکی فرستاده نشد.' : data.notified === false ? 'پیامکی فرستاده نشد (جوابی برای خبر دادن نیست).' : 'به بیمار پیامک رفت.',
    ].join('\n'),
  );
}

function printClaimState(state: ResultClaimState): void {
  console.log(
    [
      `جواب آزمایش ${state.key} (کد پذیرش ${state.reception_code})`,
      state.linked ? 'به حسابی وصل است.' : 'به حسابی وصل نیست و منتظر است بیمار آن را به حساب خود بیفزاید.',
      state.claims_locked ? 'به‌خاطر تلاش‌های ناموفق زیاد قفل است: فقط حسابِ همان موبایلی که آزمایشگاه ثبت کرده آن را برمی‌دارد.' : 'قفل نیست.',
    ].join('\n'),
  );
}

export async function detachResult(args: string[]): Promise<void> {
  const { words, flags } = options(args);
  const [key, ...rest] = words;
  if (!key || rest.length > 0 || flags.reason === undefined) throw new CliError(`usage: npm run hospital -- ${DETACH_USAGE}`);
  onlyOptions(flags, ['reason'], DETACH_USAGE);
  const body = checked(DetachTestResultSchema, { reason: flags.reason });
  const { data } = await perform<ResultClaimState>({
    method: 'POST',
    path: `/test-results/${encodeURIComponent(typedKey(key))}/detach`,
    body,
    direct: async (db, now) => ({ data: await detachTestResult(db, { key: typedKey(key), body, now }) }),
  });
  printClaimState(data);
}

export async function releaseResult(args: string[]): Promise<void> {
  const { words, flags } = options(args);
  const [key, ...rest] = words;
  if (!key || rest.length > 0 || Object.keys(flags).length > 0) throw new CliError(`usage: npm run hospital -- ${RELEASE_USAGE}`);
  const { data } = await perform<ResultClaimState>({
    method: 'POST',
    path: `/test-results/${encodeURIComponent(typedKey(key))}/release`,
    direct: async (db, now) => ({ data: await releaseTestResultClaims(db, { key: typedKey(key), now }) }),
  });
  printClaimState(data);
}
