CREATE TABLE "service_request_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_request_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"account_id" bigint NOT NULL,
	"request_id" bigint,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "service_request_files_public_id_key" UNIQUE("public_id"),
	CONSTRAINT "service_request_files_type_check" CHECK ("service_request_files"."content_type" in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf'))
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "prescription_code" text;--> statement-breakpoint
ALTER TABLE "service_request_files" ADD CONSTRAINT "service_request_files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_files" ADD CONSTRAINT "service_request_files_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_request_files_request_id_idx" ON "service_request_files" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "service_request_files_account_id_idx" ON "service_request_files" USING btree ("account_id","created_at");