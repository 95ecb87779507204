/**
 * Test results: filed by the hospital (our JSON or FHIR), read by their patient, claimed
 * with the reception code and national code when they were filed under no account of the patient's,
 * and shown to a doctor elsewhere through an expiring, revocable link.
 */
import {
  MAX_LIVE_SHARES,
  MAX_RESULT_OBSERVATIONS,
  MAX_RESULT_PANELS,
  RESULT_SHARE_TOKEN_PATTERN,
  TEST_RESULT_STATUS_NAMES,
  resultTooLargeMessages,
  type ClaimTestResultBody,
  type ObservationComponent,
  type ShareHours,
  type SharedTestResult,
  type TestResult,
  type TestResultStatus,
  type TestResultSummary,
  type TestResultsQuery,
} from '#lib/api/contracts/test-results.ts';
import { storedInstant, isResultDay, type FileTestResultBody, type ObservationInput } from '#lib/api/contracts/test-results-filing.ts';
import { computeFlag, isCritical } from '#lib/test-results/flags.ts';
import { findAccount, findAccountByNationalCode } from '../accounts/repository.ts';
import { ago, rateLimited, transactionThenRefuse, windowOpensAt } from '../auth/limits.ts';
import { hashToken } from '../auth/secrets.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { advisoryLock } from '../db/locks.ts';
import { AppError } from '../errors.ts';
import { invoiceIssuer, maskName } from '../invoices/present.ts';
import { isBusinessKey, newCapabilityId, withFreshKey } from '../keys.ts';
import { logError } from '../log.ts';
import { notify } from '../sms/notify.ts';
import type { LabKnowledge } from './knowledge.ts';
import { testResultMessages as M, testResultSms } from './messages.ts';
import { countsOf, panelNamesOf, toOrderingDoctor, toPanels, toShare, toSummary } from './present.ts';
import {
  RECEPTION_CODE_CONSTRAINT,
  TEST_RESULT_KEY_CONSTRAINT,
  findResultOf,
  historyOf,
  insertClaimFailure,
  insertResult,
  insertShare,
  listResultsOf,
  liveSharesOf,
  lockResult,
  lockResultByReception,
  observationFlagsOf,
  observationsOf,
  recentClaimFailures,
  replaceObservations,
  resultByShareTokenHash,
  revokeShare,
  updateResult,
  type NewObservation,
  type ObservationRow,
  type TestResultRow,
} from './repository.ts';

/** Where the patient reads results: the address in the SMS. */
export const RESULTS_PATH = '/test-response/give-response';
export const sharedResultPath = (token: string) => `/test-response/shared/${token}`;

const STATUS_RANK: Record<TestResultStatus, number> = { pending: 0, partial: 1, final: 2 };

/** What the pages need beyond the database: what we know of tests, and whether a doctor is in the catalogue. */
export interface ResultContext {
  knowledge: LabKnowledge;
  doctorExists: (doctorId: string) => boolean;
}

export function checkedResultKey(key: string): string {
  if (!isBusinessKey('TR', key)) throw new AppError('not_found', M.notFound);
  return key;
}

// Filing (the hospital).

export interface FiledResult {
  key: string;
  status: TestResultStatus;
  /** Whether it went to an account (else it waits to be claimed). */
  linked: boolean;
  /** Whether this filing created the result (else it added to or corrected it). */
  created: boolean;
  /** Whether it changed anything the patient sees (else nobody is told). */
  changed: boolean;
  /** Whether the patient was sent an SMS about it. */
  notified: boolean;
}

/** One observation as stored: the value in its column, the flag the lab sent or the one we compute. */
function observationRow(input: ObservationInput, where: { resultId: number; panel: string; panelPosition: number; position: number; collectedAt: Date }, knowledge: LabKnowledge): NewObservation {
  const unit = input.unit ?? '';
  const known = knowledge.lookup(input.code, input.name, unit);
  const components = input.components?.map((component): ObservationComponent => {
    const judged = computeFlag(component, knowledge.lookup(component.code, component.name, component.unit ?? '')?.critical);
    return {
      code: component.code,
      name: component.name,
      value: component.value,
      unit: component.unit ?? '',
      ...(component.reference_low !== undefined ? { reference_low: component.reference_low } : {}),
      ...(component.reference_high !== undefined ? { reference_high: component.reference_high } : {}),
      ...(component.reference_text !== undefined ? { reference_text: component.reference_text } : {}),
      flag: judged.flag,
      flag_source: judged.source,
    };
  });
  // A group without a value of its own is as far out as its farthest part (critical first).
  const worst = components?.find((c) => isCritical(c.flag)) ?? components?.find((c) => c.flag !== 'normal');
  const { flag, source } =
    input.value === undefined && input.flag ? { flag: input.flag, source: 'lab' as const }
    : input.value === undefined ? { flag: worst?.flag ?? 'normal', source: worst?.flag_source ?? components?.find((c) => c.flag_source !== 'none')?.flag_source ?? 'none' } : computeFlag({ ...input, value: input.value }, known?.critical);
  return {
    ...where,
    code: input.code,
    name: input.name,
    valueNumber: typeof input.value === 'number' ? input.value : null,
    valueText: typeof input.value === 'number' ? null : (input.value ?? ''),
    unit,
    referenceLow: input.reference_low ?? null,
    referenceHigh: input.reference_high ?? null,
    referenceText: input.reference_text ?? null,
    referenceBands: input.reference_bands?.length ? input.reference_bands : null,
    components: components ?? null,
    flag,
    flagSource: source,
  };
}

/**
 * The filed panels merged into what the result already has: a filed observation replaces the one
 * with the same panel and code, new panels and codes are added after the others.
 */
function mergedObservations(existing: ObservationRow[], body: FileTestResultBody, resultId: number, collectedAt: Date, knowledge: LabKnowledge): NewObservation[] {
  const panels = new Map<string, Map<string, NewObservation | ObservationRow>>();
  for (const row of existing) {
    if (!panels.has(row.panel)) panels.set(row.panel, new Map());
    panels.get(row.panel)!.set(row.code, row);
  }
  for (const panel of body.panels) {
    if (!panels.has(panel.name)) panels.set(panel.name, new Map());
    const codes = panels.get(panel.name)!;
    for (const observation of panel.observations) codes.set(observation.code, observationRow(observation, { resultId, panel: panel.name, panelPosition: 0, position: 0, collectedAt }, knowledge));
  }
  return [...panels.entries()].flatMap(([, codes], panelPosition) =>
    [...codes.values()].map((row, position) => {
      const { id: _id, ...values } = row as ObservationRow;
      return { ...values, resultId, panelPosition, position, collectedAt } as NewObservation;
    }),
  );
}

/**
 * Refuses a result that merging made larger than its caps (422, the filing not stored): re-filing
 * one reception code with new codes or panel names must not grow a result without limit.
 */
function checkResultSize(merged: NewObservation[]): void {
  const limit =
    new Set(merged.map((row) => row.panel)).size > MAX_RESULT_PANELS
      ? resultTooLargeMessages.panels
      : merged.length > MAX_RESULT_OBSERVATIONS
        ? resultTooLargeMessages.observations
        : undefined;
  if (limit === undefined) return;
  const message = M.resultTooLarge(limit);
  throw new AppError('invalid_input', message, { errors: { panels: [message] } });
}

/** What the patient would see of a result's values: a filing that changes none of it tells nobody. */
function fingerprint(rows: Array<NewObservation | ObservationRow>): string {
  return JSON.stringify(rows.map((row) => [row.panel, row.code, row.name, row.valueNumber, row.valueText, row.unit, row.referenceLow, row.referenceHigh, row.referenceText, row.flag, row.components ?? null, row.referenceBands ?? null]));
}

/** Who is told about a filing, and what. */
function smsOf(before: TestResultStatus | undefined, after: TestResultStatus, hasValues: boolean): keyof typeof testResultSms | undefined {
  if (!hasValues) return undefined;
  if (after === 'final') return before === 'final' ? 'corrected' : 'ready';
  if (after === 'partial') return before === 'partial' ? 'corrected' : 'partReady';
  return undefined;
}

/**
 * `POST /test-results` (hospital): files a result, or adds to or corrects the result with that
 * reception code. It goes to the account that has both the filed national code and the filed
 * mobile; otherwise it waits to be claimed. The patient is told by SMS when values arrive.
 */
export async function fileTestResult(
  db: Db,
  context: ResultContext,
  body: FileTestResultBody,
  options: { filedBy: string; format: 'json' | 'fhir'; siteUrl: string; now: Date },
): Promise<FiledResult> {
  const { now } = options;
  const collectedAt = storedInstant(body.collected_at);
  const file = () => db.transaction(async (tx) => {
    const existing = await lockResultByReception(tx, body.reception_code);
    if (existing && existing.internationalCode !== body.patient.international_code) throw new AppError('conflict', M.otherPatient);
    if (existing && STATUS_RANK[body.status] < STATUS_RANK[existing.status]) {
      throw new AppError('conflict', M.statusBackwards(TEST_RESULT_STATUS_NAMES[existing.status], TEST_RESULT_STATUS_NAMES[body.status]));
    }
    const fields = {
      phoneNumber: body.patient.phone_number,
      lab: body.lab,
      collectedAt,
      collectedDateOnly: isResultDay(body.collected_at),
      reportedAt: body.reported_at ? storedInstant(body.reported_at) : (existing?.reportedAt ?? null),
      ...(body.reported_at ? { reportedDateOnly: isResultDay(body.reported_at) } : {}),
      status: body.status,
      filedBy: options.filedBy,
      format: options.format,
      updatedAt: now,
      ...(body.patient.first_name ? { patientFirstName: body.patient.first_name } : {}),
      ...(body.patient.last_name ? { patientLastName: body.patient.last_name } : {}),
      ...(body.ordered_by ? { orderedByName: body.ordered_by.name, orderedByDoctorId: body.ordered_by.doctor_id ?? null } : {}),
    };
    let row: TestResultRow;
    if (existing) {
      row = await updateResult(tx, existing.id, fields);
    } else {
      const owner = await findAccountByNationalCode(tx, body.patient.international_code);
      const accountId = owner && owner.phoneNumber === body.patient.phone_number ? owner.id : null;
      row = await withFreshKey(tx, 'TR', TEST_RESULT_KEY_CONSTRAINT, (db, key) =>
        insertResult(db, { key, accountId, internationalCode: body.patient.international_code, receptionCode: body.reception_code, createdAt: now, ...fields }),
      );
    }
    const previous = existing ? await observationsOf(tx, [row.id]) : [];
    const merged = mergedObservations(previous, body, row.id, collectedAt, context.knowledge);
    checkResultSize(merged);
    await replaceObservations(tx, row.id, merged);
    const phone = row.accountId === null ? row.phoneNumber : ((await findAccount(tx, row.accountId))?.phoneNumber ?? row.phoneNumber);
    const changed = !existing || existing.status !== row.status || fingerprint(previous) !== fingerprint(merged);
    return { row, before: existing?.status, hasValues: merged.length > 0, changed, phone };
  });
  // Two first filings of one reception code at once: the loser's insert hits the unique code; filed
  // again, it finds the winner's row under its lock and adds to it.
  let outcome: Awaited<ReturnType<typeof file>>;
  for (let attempt = 0; ; attempt++) {
    try {
      outcome = await file();
      break;
    } catch (error) {
      if (attempt >= 2 || !isUniqueViolation(error, RECEPTION_CODE_CONSTRAINT)) throw error;
    }
  }
  const sms = outcome.changed ? smsOf(outcome.before, outcome.row.status, outcome.hasValues) : undefined;
  let notified = false;
  if (sms) {
    const url = new URL(RESULTS_PATH, options.siteUrl).href;
    const text = outcome.row.accountId === null && !outcome.before ? testResultSms.toClaim(outcome.row.receptionCode, url) : testResultSms[sms](outcome.row.receptionCode, url);
    try {
      await notify(db, { to: outcome.phone, text, now });
      notified = true;
    } catch (error) {
      logError('Telling the patient about a test result failed', error);
    }
  }
  return { key: outcome.row.key, status: outcome.row.status, linked: outcome.row.accountId !== null, created: !outcome.before, changed: outcome.changed, notified };
}

// Reading (the patient).

/** The name on a result: the filed one, else the account's own when the result is theirs. */
async function patientOf(db: Db, row: TestResultRow, accountName?: { firstName: string; lastName: string; internationalCode: string }) {
  if (row.patientFirstName || row.patientLastName) return { first_name: row.patientFirstName ?? '', last_name: row.patientLastName ?? '' };
  const account = accountName ?? (row.accountId !== null ? await findAccount(db, row.accountId) : undefined);
  if (account && account.internationalCode === row.internationalCode) return { first_name: account.firstName, last_name: account.lastName };
  return { first_name: '', last_name: '' };
}

/**
 * The list's summaries: counts and panel names from the observations read once for them all, and
 * the owner's name from `owner` when the caller already has their account (the list's caller).
 */
export async function summariesOf(db: Db, rows: TestResultRow[], owner?: ResultOwner): Promise<TestResultSummary[]> {
  const observations = await observationFlagsOf(db, rows.map((row) => row.id));
  const byResult = new Map<number, typeof observations>();
  for (const observation of observations) {
    const list = byResult.get(observation.resultId);
    if (list) list.push(observation);
    else byResult.set(observation.resultId, [observation]);
  }
  const names = panelNamesOf(observations);
  const ownerId = rows[0]?.accountId;
  const account = ownerId == null ? undefined : owner?.id === ownerId ? owner : await findAccount(db, ownerId);
  return Promise.all(
    rows.map(async (row) => {
      const own = byResult.get(row.id);
      return toSummary(row, own ? countsOf(own) : undefined, names.get(row.id) ?? [], await patientOf(db, row, row.accountId === account?.id ? account : undefined));
    }),
  );
}

/** Whose results a list shows: the caller's account as the session has it. */
export interface ResultOwner {
  id: number;
  firstName: string;
  lastName: string;
  internationalCode: string;
}

/** `GET /test-results`: the account's results, newest sample first. */
export async function listTestResults(db: Db, owner: ResultOwner | number, query: TestResultsQuery): Promise<{ items: TestResultSummary[]; total: number }> {
  const accountId = typeof owner === 'number' ? owner : owner.id;
  const { rows, total } = await listResultsOf(db, accountId, { limit: query.per_page, offset: (query.page - 1) * query.per_page });
  return { items: await summariesOf(db, rows, typeof owner === 'number' ? undefined : owner), total };
}

/** A result with its panels, each value's history and explanation, for its patient or a share link. */
async function detailOf(db: Db, context: ResultContext, row: TestResultRow) {
  const observations = await observationsOf(db, [row.id]);
  const codes = [...new Set(observations.map((o) => o.code))];
  const history = row.accountId === null ? [] : await historyOf(db, { accountId: row.accountId, internationalCode: row.internationalCode }, codes, row.collectedAt);
  const orderedBy = toOrderingDoctor(row, context.doctorExists);
  return {
    summary: toSummary(row, countsOf(observations), panelNamesOf(observations).get(row.id) ?? [], await patientOf(db, row)),
    panels: toPanels(observations, history, context.knowledge),
    ...(orderedBy ? { ordered_by: orderedBy } : {}),
    issuer: invoiceIssuer(),
  };
}

/** A patient's call about one of their results: who asks, which result, and when. */
export interface ResultRequest {
  accountId: number;
  key: string;
  now: Date;
}

/** `GET /test-results/{key}`: one of the account's results; 404 for anyone else's. */
export async function getTestResult(db: Db, context: ResultContext, { accountId, key, now }: ResultRequest): Promise<TestResult> {
  const row = await findResultOf(db, accountId, checkedResultKey(key));
  if (!row) throw new AppError('not_found', M.notFound);
  const [{ summary, ...detail }, shares] = await Promise.all([detailOf(db, context, row), liveSharesOf(db, row.id, now)]);
  return { ...summary, ...detail, shares: shares.map(toShare) };
}

// Share links.

/** `POST /test-results/{key}/share`: a link that opens the result without login for `hours`. */
export async function shareTestResult(db: Db, { accountId, key, hours, now }: ResultRequest & { hours: ShareHours }) {
  checkedResultKey(key);
  return db.transaction(async (tx) => {
    const found = await findResultOf(tx, accountId, key);
    const row = found && (await lockResult(tx, found.id));
    if (!row || row.accountId !== accountId) throw new AppError('not_found', M.notFound);
    if (row.status === 'pending') throw new AppError('conflict', M.notReadyToShare);
    if ((await liveSharesOf(tx, row.id, now)).length >= MAX_LIVE_SHARES) throw new AppError('conflict', M.tooManyShares(MAX_LIVE_SHARES));
    const token = newCapabilityId();
    const share = await insertShare(tx, { resultId: row.id, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + hours * 3600_000) });
    return { ...toShare(share), url: sharedResultPath(token), token };
  });
}

/** `POST /test-results/{key}/shares/{id}/revoke`: the link stops opening at once. */
export async function revokeTestResultShare(db: Db, { accountId, key, shareId, now }: ResultRequest & { shareId: number }): Promise<{ id: number; revoked: true }> {
  const row = await findResultOf(db, accountId, checkedResultKey(key));
  if (!row) throw new AppError('not_found', M.notFound);
  if (!(await revokeShare(db, row.id, shareId, now))) throw new AppError('not_found', M.shareMissing);
  return { id: shareId, revoked: true };
}

/** The result a share link opens: the name masked, no national code or phone; the same 404 for unknown, expired and revoked links. */
export async function sharedTestResult(db: Db, context: ResultContext, token: string, now: Date): Promise<SharedTestResult> {
  const found = RESULT_SHARE_TOKEN_PATTERN.test(token) ? await resultByShareTokenHash(db, hashToken(token), now) : undefined;
  if (!found) throw new AppError('not_found', M.shareNotFound);
  const { summary, ...detail } = await detailOf(db, context, found.result);
  const { key: _key, patient, ...rest } = summary;
  return { ...rest, ...detail, patient_masked: maskName(patient.first_name, patient.last_name), expires_at: found.share.expiresAt.toISOString() };
}
