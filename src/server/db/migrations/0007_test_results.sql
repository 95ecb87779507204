CREATE TABLE "test_observations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_observations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"result_id" bigint NOT NULL,
	"panel" text NOT NULL,
	"panel_position" integer NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"value_number" double precision,
	"value_text" text,
	"unit" text NOT NULL,
	"reference_low" double precision,
	"reference_high" double precision,
	"reference_text" text,
	"flag" text NOT NULL,
	"flag_source" text NOT NULL,
	"collected_at" timestamp with time zone NOT NULL,
	CONSTRAINT "test_observations_value_check" CHECK (("test_observations"."value_number" is null) <> ("test_observations"."value_text" is null)),
	CONSTRAINT "test_observations_flag_check" CHECK ("test_observations"."flag" in ('normal', 'low', 'high', 'critical_low', 'critical_high', 'abnormal'))
);
--> statement-breakpoint
CREATE TABLE "test_result_claim_failures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_result_claim_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_result_shares" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_result_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"result_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "test_result_shares_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "test_results" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"account_id" bigint,
	"international_code" text NOT NULL,
	"phone_number" text NOT NULL,
	"patient_first_name" text,
	"patient_last_name" text,
	"reception_code" text NOT NULL,
	"lab" text NOT NULL,
	"collected_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone,
	"status" text NOT NULL,
	"ordered_by_name" text,
	"ordered_by_doctor_id" text,
	"filed_by" text NOT NULL,
	"format" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "test_results_key_key" UNIQUE("key"),
	CONSTRAINT "test_results_reception_code_key" UNIQUE("reception_code"),
	CONSTRAINT "test_results_status_check" CHECK ("test_results"."status" in ('pending', 'partial', 'final'))
);
--> statement-breakpoint
ALTER TABLE "test_observations" ADD CONSTRAINT "test_observations_result_id_test_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."test_results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_result_shares" ADD CONSTRAINT "test_result_shares_result_id_test_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."test_results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_observations_result_id_idx" ON "test_observations" USING btree ("result_id","panel_position","position");--> statement-breakpoint
CREATE INDEX "test_observations_code_collected_at_idx" ON "test_observations" USING btree ("code","collected_at");--> statement-breakpoint
CREATE INDEX "test_result_claim_failures_account_id_at_idx" ON "test_result_claim_failures" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "test_result_claim_failures_ip_at_idx" ON "test_result_claim_failures" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "test_result_shares_result_id_idx" ON "test_result_shares" USING btree ("result_id");--> statement-breakpoint
CREATE INDEX "test_results_account_id_collected_at_idx" ON "test_results" USING btree ("account_id","collected_at");--> statement-breakpoint
CREATE INDEX "test_results_international_code_idx" ON "test_results" USING btree ("international_code");