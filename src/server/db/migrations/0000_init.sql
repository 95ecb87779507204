CREATE TABLE "visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"visitor_id" uuid NOT NULL,
	"path" text NOT NULL,
	"referrer" text NOT NULL,
	"user_agent" text NOT NULL,
	"screen_width" integer NOT NULL,
	"screen_height" integer NOT NULL,
	"device_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_device_type_check" CHECK ("visits"."device_type" in ('mobile', 'tablet', 'desktop'))
);
--> statement-breakpoint
CREATE INDEX "visits_visitor_id_idx" ON "visits" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "visits_created_at_idx" ON "visits" USING btree ("created_at");