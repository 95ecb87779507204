import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * One-time login codes sent by SMS (SECURITY.md). Only an HMAC of the code is kept. The rows are
 * also the send log that the per-phone and per-address limits count, so the limits hold across
 * processes: the send limits count the rows the SMS provider did not refuse, the attempt caps all.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Canonical '09xxxxxxxxx'. */
    phoneNumber: text('phone_number').notNull(),
    /** The address that asked for the code. */
    ip: text('ip').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong tries so far; the code is dead at 5. */
    attempts: integer('attempts').notNull().default(0),
    /** Set when the code was used (a successful check) or replaced by a newer code. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Set with consumedAt by a successful check: opens the registration window. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Set (with consumedAt) when the SMS provider refused the message: it counts as an attempt, not a send. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('otp_codes_phone_number_created_at_idx').on(table.phoneNumber, table.createdAt),
    index('otp_codes_ip_created_at_idx').on(table.ip, table.createdAt),
    // At most one usable code per phone: a resend replaces the old one.
    uniqueIndex('otp_codes_one_live_code_per_phone').on(table.phoneNumber).where(sql`${table.consumedAt} is null`),
  ],
);

/**
 * Every failed code check (wrong, expired, used or missing code), for the per-address limit. The
 * phone is kept for the operator's eyes; no rule counts a phone's failed checks.
 */
export const otpFailedChecks = pgTable(
  'otp_failed_checks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phoneNumber: text('phone_number').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('otp_failed_checks_phone_number_created_at_idx').on(table.phoneNumber, table.createdAt), index('otp_failed_checks_ip_created_at_idx').on(table.ip, table.createdAt)],
);

/** Bearer tokens. Only the SHA-256 of a token is kept; a token opens exactly one account. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('auth_tokens_token_hash_key'),
    /**
     * The verified code (otp_codes.id) that issued this token. The tokens one login hands out (one
     * per account of the phone) are revoked together at logout. Not a foreign key: old codes are
     * deleted while their tokens live on.
     */
    loginId: bigint('login_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('auth_tokens_account_id_idx').on(table.accountId), index('auth_tokens_login_id_idx').on(table.loginId)],
);
