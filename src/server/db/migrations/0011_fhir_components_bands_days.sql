ALTER TABLE "test_observations" ADD COLUMN "components" jsonb;--> statement-breakpoint
ALTER TABLE "test_observations" ADD COLUMN "reference_bands" jsonb;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "collected_date_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "test_results" ADD COLUMN "reported_date_only" boolean DEFAULT false NOT NULL;