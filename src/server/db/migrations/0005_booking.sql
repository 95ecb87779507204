CREATE TABLE "appointments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"account_id" bigint NOT NULL,
	"doctor_id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"turn" integer NOT NULL,
	"fee" bigint NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone,
	"for_self" boolean NOT NULL,
	"patient_first_name" text,
	"patient_last_name" text,
	"patient_national_code" text,
	"paid_from_wallet" bigint DEFAULT 0 NOT NULL,
	"paid_by_bank" bigint DEFAULT 0 NOT NULL,
	"payment_id" text,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"refunded" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "appointments_key_key" UNIQUE("key"),
	CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('held', 'awaiting_payment', 'confirmed', 'cancelled', 'expired')),
	CONSTRAINT "appointments_fee_check" CHECK ("appointments"."fee" >= 0 and "appointments"."fee" <= 10000000000000),
	CONSTRAINT "appointments_paid_check" CHECK ("appointments"."paid_from_wallet" >= 0 and "appointments"."paid_by_bank" >= 0 and "appointments"."paid_from_wallet" + "appointments"."paid_by_bank" <= "appointments"."fee"),
	CONSTRAINT "appointments_times_check" CHECK ("appointments"."ends_at" > "appointments"."starts_at"),
	CONSTRAINT "appointments_unconfirmed_expire" CHECK ("appointments"."status" not in ('held', 'awaiting_payment') or "appointments"."expires_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "doctor_leaves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "doctor_leaves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"doctor_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "doctor_leaves_times_check" CHECK ("doctor_leaves"."ends_at" > "doctor_leaves"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"every_seconds" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "jobs_key_key" UNIQUE("key"),
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credited_to_wallet" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_active_slot_key" ON "appointments" USING btree ("doctor_id","starts_at") WHERE "appointments"."status" in ('held', 'awaiting_payment', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_one_hold_per_account_key" ON "appointments" USING btree ("account_id") WHERE "appointments"."status" in ('held', 'awaiting_payment');--> statement-breakpoint
CREATE INDEX "appointments_account_id_starts_at_idx" ON "appointments" USING btree ("account_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_doctor_id_starts_at_idx" ON "appointments" USING btree ("doctor_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_unconfirmed_expires_at_idx" ON "appointments" USING btree ("expires_at") WHERE "appointments"."status" in ('held', 'awaiting_payment');--> statement-breakpoint
CREATE INDEX "doctor_leaves_doctor_id_ends_at_idx" ON "doctor_leaves" USING btree ("doctor_id","ends_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'pending';