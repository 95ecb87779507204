CREATE TABLE "waitlist_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"account_id" bigint NOT NULL,
	"doctor_id" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"part_of_day" text NOT NULL,
	"for_self" boolean NOT NULL,
	"patient_first_name" text NOT NULL,
	"patient_last_name" text NOT NULL,
	"patient_national_code" text,
	"person_code" text NOT NULL,
	"status" text NOT NULL,
	"joined_from" text,
	"first_free_at" timestamp with time zone,
	"lapses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "waitlist_entries_key_key" UNIQUE("key"),
	CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'booked', 'expired', 'left')),
	CONSTRAINT "waitlist_entries_part_check" CHECK ("waitlist_entries"."part_of_day" in ('morning', 'afternoon', 'any')),
	CONSTRAINT "waitlist_entries_range_check" CHECK ("waitlist_entries"."to_day" >= "waitlist_entries"."from_day")
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"doctor_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"appointment_id" bigint NOT NULL,
	"status" text NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"sms_claimed_at" timestamp with time zone,
	CONSTRAINT "waitlist_offers_once_per_entry_key" UNIQUE("entry_id","doctor_id","starts_at"),
	CONSTRAINT "waitlist_offers_status_check" CHECK ("waitlist_offers"."status" in ('live', 'accepted', 'booked', 'declined', 'lapsed', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_scans" (
	"doctor_id" text PRIMARY KEY NOT NULL,
	"seen_until" timestamp with time zone NOT NULL,
	"schedule_fingerprint" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_check";--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_unconfirmed_expire";--> statement-breakpoint
DROP INDEX "appointments_active_slot_key";--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_doctor_open_idx" ON "waitlist_entries" USING btree ("doctor_id","id") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_account_idx" ON "waitlist_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_joined_from_idx" ON "waitlist_entries" USING btree ("joined_from") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_open_key" ON "waitlist_entries" USING btree ("account_id","doctor_id","person_code") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_open_per_slot_key" ON "waitlist_offers" USING btree ("doctor_id","starts_at") WHERE "waitlist_offers"."status" in ('live', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_open_per_entry_key" ON "waitlist_offers" USING btree ("entry_id") WHERE "waitlist_offers"."status" in ('live', 'accepted');--> statement-breakpoint
CREATE INDEX "waitlist_offers_appointment_idx" ON "waitlist_offers" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "waitlist_offers_live_expires_idx" ON "waitlist_offers" USING btree ("expires_at") WHERE "waitlist_offers"."status" = 'live';--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_active_slot_key" ON "appointments" USING btree ("doctor_id","starts_at") WHERE "appointments"."status" in ('held', 'awaiting_payment', 'confirmed', 'offered');--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('held', 'awaiting_payment', 'confirmed', 'cancelled', 'expired', 'offered'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_unconfirmed_expire" CHECK ("appointments"."status" not in ('held', 'awaiting_payment', 'offered') or "appointments"."expires_at" is not null);