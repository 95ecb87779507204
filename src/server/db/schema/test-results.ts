import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ObservationComponent, ReferenceBand } from '#lib/api/contracts/test-results.ts';
import { accounts } from './accounts.ts';

/**
 * A lab result the hospital filed, one per reception code. It belongs to the account
 * with the filed national code, or waits (`account_id` null) until a patient claims it with the
 * reception code and that national code. Filing the same reception code again adds to it or
 * corrects it; `status` only moves forward (pending → partial → final).
 */
export const testResults = pgTable(
  'test_results',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** TR-XXXXXX */
    key: text('key').notNull().unique('test_results_key_key'),
    accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id),
    /** The national code and mobile the hospital filed it under. */
    internationalCode: text('international_code').notNull(),
    phoneNumber: text('phone_number').notNull(),
    patientFirstName: text('patient_first_name'),
    patientLastName: text('patient_last_name'),
    /** The lab's reception (accession) code, as on the patient's receipt: unique per hospital. */
    receptionCode: text('reception_code').notNull().unique('test_results_reception_code_key'),
    lab: text('lab').notNull(),
    collectedAt: timestamp('collected_at', { withTimezone: true }).notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    /** The lab sent only the day (stored as noon UTC of it): shown without a time. */
    collectedDateOnly: boolean('collected_date_only').notNull().default(false),
    reportedDateOnly: boolean('reported_date_only').notNull().default(false),
    status: text('status', { enum: ['pending', 'partial', 'final'] }).notNull(),
    orderedByName: text('ordered_by_name'),
    /** A doctor of the catalogue (src/content/doctors), when the orderer practises here. */
    orderedByDoctorId: text('ordered_by_doctor_id'),
    /** The hospital key that filed it last, and in which format. */
    filedBy: text('filed_by').notNull(),
    format: text('format', { enum: ['json', 'fhir'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * Failed claims that reached this result (its reception code with a wrong national code, a
     * wrong SMS code), counted under the row's lock since the hospital last released it. At the
     * bound `claims_locked_at` is set: only an account on the filed mobile may claim it then.
     */
    claimFailures: integer('claim_failures').notNull().default(0),
    claimsLockedAt: timestamp('claims_locked_at', { withTimezone: true }),
    /** The hospital's last detach from an account, and why (the audit log has the call). */
    detachedAt: timestamp('detached_at', { withTimezone: true }),
    detachReason: text('detach_reason'),
  },
  (table) => [
    index('test_results_account_id_collected_at_idx').on(table.accountId, table.collectedAt),
    index('test_results_international_code_idx').on(table.internationalCode),
    check('test_results_status_check', sql`${table.status} in ('pending', 'partial', 'final')`),
  ],
);

/**
 * One value of a result. Observations are matched by (panel, code) when a result is filed again.
 * `collected_at` repeats the result's, so a test's history is one indexed read.
 */
export const testObservations = pgTable(
  'test_observations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    resultId: bigint('result_id', { mode: 'number' })
      .notNull()
      .references(() => testResults.id),
    panel: text('panel').notNull(),
    /** Order of the panel in the result, and of the observation in its panel. */
    panelPosition: integer('panel_position').notNull(),
    position: integer('position').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Exactly one of the two; '' text for an observation that is only the group of its components. */
    valueNumber: doublePrecision('value_number'),
    valueText: text('value_text'),
    unit: text('unit').notNull(),
    referenceLow: doublePrecision('reference_low'),
    referenceHigh: doublePrecision('reference_high'),
    referenceText: text('reference_text'),
    flag: text('flag', { enum: ['normal', 'low', 'high', 'critical_low', 'critical_high', 'abnormal'] }).notNull(),
    flagSource: text('flag_source', { enum: ['lab', 'range', 'none'] }).notNull(),
    /** Its parts (blood pressure's systolic and diastolic), each flagged when filed. */
    components: jsonb('components').$type<ObservationComponent[]>(),
    /** The lab's other ranges than the normal one: shown, never used to flag. */
    referenceBands: jsonb('reference_bands').$type<ReferenceBand[]>(),
    collectedAt: timestamp('collected_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('test_observations_result_id_idx').on(table.resultId, table.panelPosition, table.position),
    index('test_observations_code_collected_at_idx').on(table.code, table.collectedAt),
    check('test_observations_value_check', sql`(${table.valueNumber} is null) <> (${table.valueText} is null)`),
    check('test_observations_flag_check', sql`${table.flag} in ('normal', 'low', 'high', 'critical_low', 'critical_high', 'abnormal')`),
  ],
);

/**
 * A link that shows one result without login (`/test-response/shared/<token>`), for a doctor
 * elsewhere: only the token's SHA-256 is kept; it expires and its patient may revoke it.
 */
export const testResultShares = pgTable(
  'test_result_shares',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    resultId: bigint('result_id', { mode: 'number' })
      .notNull()
      .references(() => testResults.id),
    tokenHash: text('token_hash').notNull().unique('test_result_shares_token_hash_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('test_result_shares_result_id_idx').on(table.resultId)],
);

/**
 * Each failed claim (`POST /test-results/claim`): the rows the per-account and per-address limits
 * count, across processes. Not foreign keys: the limits need the rows whatever happens to the account.
 */
export const testResultClaimFailures = pgTable(
  'test_result_claim_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('test_result_claim_failures_account_id_at_idx').on(table.accountId, table.at), index('test_result_claim_failures_ip_at_idx').on(table.ip, table.at)],
);

/**
 * A code sent by SMS to the mobile a result was filed under, so that an account on another phone
 * proves it controls that mobile before the result joins it. Bound to the result and the claiming
 * account; only its HMAC is kept. The newest live code of a (result, account) is the one checked.
 */
export const testResultClaimCodes = pgTable(
  'test_result_claim_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    resultId: bigint('result_id', { mode: 'number' })
      .notNull()
      .references(() => testResults.id),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong tries; the code is dead at the login rules' maximum. */
    attempts: integer('attempts').notNull().default(0),
    /** Used, replaced by a newer code, or not delivered: it completes nothing any more. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('test_result_claim_codes_result_id_account_id_idx').on(table.resultId, table.accountId, table.id)],
);
