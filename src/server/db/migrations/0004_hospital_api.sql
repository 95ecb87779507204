CREATE TABLE "hospital_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hospital_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key_name" text,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"idempotency_key" text,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospital_idempotency" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hospital_idempotency_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key_name" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "hospital_audit_created_at_idx" ON "hospital_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "hospital_audit_key_name_created_at_idx" ON "hospital_audit" USING btree ("key_name","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hospital_idempotency_key_name_idempotency_key_idx" ON "hospital_idempotency" USING btree ("key_name","idempotency_key");--> statement-breakpoint
CREATE INDEX "hospital_idempotency_created_at_idx" ON "hospital_idempotency" USING btree ("created_at");