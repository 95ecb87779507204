import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A patient's account (spec §3 User). One phone may own several accounts: the patient and the
 * family members they look after; each national code belongs to one account only.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Canonical '09xxxxxxxxx'. */
    phoneNumber: text('phone_number').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** کد ملی: 10 Latin digits. */
    internationalCode: text('international_code').notNull().unique('accounts_international_code_key'),
    /** Gregorian date of birth. */
    birthday: date('birthday', { mode: 'string' }),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    profilePath: text('profile_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('accounts_phone_number_idx').on(table.phoneNumber), check('accounts_gender_check', sql`${table.gender} in ('male', 'female')`)],
);

/**
 * Each time a national code was refused because another account has it (409): the rows that the
 * per-phone and per-address limits of nationalCodePolicy count, across processes.
 */
export const nationalCodeConflicts = pgTable(
  'national_code_conflicts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The phone that asked: the registering phone, or the edited account's phone. */
    phoneNumber: text('phone_number').notNull(),
    /** The edited account; null at registration. Not a foreign key: the limits need the row even if the account goes. */
    accountId: bigint('account_id', { mode: 'number' }),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('national_code_conflicts_phone_number_created_at_idx').on(table.phoneNumber, table.createdAt),
    index('national_code_conflicts_ip_created_at_idx').on(table.ip, table.createdAt),
  ],
);
