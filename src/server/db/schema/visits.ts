import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One page view reported by a browser (spec §3 visit tracking payload). */
export const visits = pgTable(
  'visits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    visitorId: uuid('visitor_id').notNull(),
    path: text('path').notNull(),
    referrer: text('referrer').notNull(),
    userAgent: text('user_agent').notNull(),
    screenWidth: integer('screen_width').notNull(),
    screenHeight: integer('screen_height').notNull(),
    deviceType: text('device_type', { enum: ['mobile', 'tablet', 'desktop'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('visits_visitor_id_idx').on(table.visitorId),
    index('visits_created_at_idx').on(table.createdAt),
    check('visits_device_type_check', sql`${table.deviceType} in ('mobile', 'tablet', 'desktop')`),
  ],
);
