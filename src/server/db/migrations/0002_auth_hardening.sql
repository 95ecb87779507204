CREATE TABLE "national_code_conflicts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "national_code_conflicts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"phone_number" text NOT NULL,
	"account_id" bigint,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "national_code_conflicts_phone_number_created_at_idx" ON "national_code_conflicts" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "national_code_conflicts_ip_created_at_idx" ON "national_code_conflicts" USING btree ("ip","created_at");