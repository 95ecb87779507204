CREATE TABLE "queue_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queue_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"doctor_id" text NOT NULL,
	"day" date NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"appointment_key" text,
	"minutes" integer,
	"source" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "queue_events_doctor_day_seq_key" UNIQUE("doctor_id","day","seq"),
	CONSTRAINT "queue_events_type_check" CHECK ("queue_events"."type" in ('session_started', 'checked_in', 'called', 'visit_ended', 'no_show', 'delay', 'paused', 'resumed', 'session_ended')),
	CONSTRAINT "queue_events_minutes_check" CHECK ("queue_events"."minutes" is null or ("queue_events"."minutes" >= 0 and "queue_events"."minutes" <= 600))
);
--> statement-breakpoint
CREATE TABLE "queue_notices" (
	"appointment_key" text NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "queue_notices_appointment_key_kind_pk" PRIMARY KEY("appointment_key","kind")
);
