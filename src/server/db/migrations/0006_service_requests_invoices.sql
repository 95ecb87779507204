CREATE TABLE "invoice_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_links_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"account_id" bigint NOT NULL,
	"service_request_id" bigint,
	"items" jsonb NOT NULL,
	"total" bigint NOT NULL,
	"insurance_total" bigint NOT NULL,
	"discount_total" bigint NOT NULL,
	"payable" bigint NOT NULL,
	"status" text NOT NULL,
	"due_at" timestamp with time zone,
	"issued_by" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"paid_from_wallet" bigint DEFAULT 0 NOT NULL,
	"paid_by_bank" bigint DEFAULT 0 NOT NULL,
	"paid_by_link" boolean DEFAULT false NOT NULL,
	"payment_id" text,
	"settled_payment_id" text,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	CONSTRAINT "invoices_key_key" UNIQUE("key"),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('unpaid', 'paid', 'void')),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."payable" >= 0 and "invoices"."payable" <= "invoices"."total" and "invoices"."total" <= 10000000000000),
	CONSTRAINT "invoices_paid_check" CHECK ("invoices"."paid_from_wallet" >= 0 and "invoices"."paid_by_bank" >= 0 and "invoices"."paid_from_wallet" + "invoices"."paid_by_bank" <= "invoices"."payable")
);
--> statement-breakpoint
CREATE TABLE "service_request_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_request_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"by" text NOT NULL,
	"scheduled_at" timestamp with time zone,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"account_id" bigint NOT NULL,
	"service_id" text NOT NULL,
	"for_self" boolean NOT NULL,
	"patient_first_name" text NOT NULL,
	"patient_last_name" text NOT NULL,
	"patient_national_code" text,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"preferred_date" date NOT NULL,
	"preferred_window" text NOT NULL,
	"notes" text,
	"status" text NOT NULL,
	"scheduled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "service_requests_key_key" UNIQUE("key"),
	CONSTRAINT "service_requests_status_check" CHECK ("service_requests"."status" in ('submitted', 'reviewing', 'scheduled', 'in_progress', 'done', 'cancelled', 'rejected')),
	CONSTRAINT "service_requests_window_check" CHECK ("service_requests"."preferred_window" in ('morning', 'afternoon', 'evening'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "returned_to_payer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_refund_reference" text;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD CONSTRAINT "invoice_links_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_events" ADD CONSTRAINT "service_request_events_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_links_invoice_id_idx" ON "invoice_links" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_account_id_issued_at_idx" ON "invoices" USING btree ("account_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_service_request_id_idx" ON "invoices" USING btree ("service_request_id");--> statement-breakpoint
CREATE INDEX "invoices_open_payment_idx" ON "invoices" USING btree ("id") WHERE "invoices"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "service_request_events_request_id_idx" ON "service_request_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "service_requests_account_id_created_at_idx" ON "service_requests" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_returned_to_payer_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."returned_to_payer";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_check" CHECK ("payments"."payer" in ('account', 'link') and ("payments"."payer" = 'account' or "payments"."purpose" = 'invoice'));