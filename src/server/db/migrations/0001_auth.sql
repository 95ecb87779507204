CREATE TABLE "accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"phone_number" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"international_code" text NOT NULL,
	"birthday" date,
	"gender" text NOT NULL,
	"profile_path" text,
	"wallet_balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_international_code_key" UNIQUE("international_code"),
	CONSTRAINT "accounts_gender_check" CHECK ("accounts"."gender" in ('male', 'female')),
	CONSTRAINT "accounts_wallet_balance_check" CHECK ("accounts"."wallet_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"login_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "auth_tokens_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otp_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"phone_number" text NOT NULL,
	"ip" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "otp_failed_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otp_failed_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"phone_number" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_phone_number_idx" ON "accounts" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "auth_tokens_account_id_idx" ON "auth_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "auth_tokens_login_id_idx" ON "auth_tokens" USING btree ("login_id");--> statement-breakpoint
CREATE INDEX "otp_codes_phone_number_created_at_idx" ON "otp_codes" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "otp_codes_ip_created_at_idx" ON "otp_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "otp_codes_one_live_code_per_phone" ON "otp_codes" USING btree ("phone_number") WHERE "otp_codes"."consumed_at" is null;--> statement-breakpoint
CREATE INDEX "otp_failed_checks_phone_number_created_at_idx" ON "otp_failed_checks" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "otp_failed_checks_ip_created_at_idx" ON "otp_failed_checks" USING btree ("ip","created_at");