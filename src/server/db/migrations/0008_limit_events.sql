CREATE TABLE "limit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "limit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bucket" text NOT NULL,
	"subject" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "limit_events_bucket_subject_at_idx" ON "limit_events" USING btree ("bucket","subject","at");--> statement-breakpoint
CREATE INDEX "limit_events_at_idx" ON "limit_events" USING btree ("at");