CREATE TABLE "test_result_claim_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_result_claim_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"result_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "held_from" text;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD COLUMN "token_nonce" text;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "claim_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "claims_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "detached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "detach_reason" text;--> statement-breakpoint
ALTER TABLE "test_result_claim_codes" ADD CONSTRAINT "test_result_claim_codes_result_id_test_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."test_results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_result_claim_codes_result_id_account_id_idx" ON "test_result_claim_codes" USING btree ("result_id","account_id","id");--> statement-breakpoint
CREATE INDEX "appointments_unconfirmed_held_from_idx" ON "appointments" USING btree ("held_from") WHERE "appointments"."status" in ('held', 'awaiting_payment');