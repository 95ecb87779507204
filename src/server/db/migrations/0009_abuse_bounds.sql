ALTER TABLE "appointments" ADD COLUMN "held_from" text;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD COLUMN "token_nonce" text;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "appointments_unconfirmed_held_from_idx" ON "appointments" USING btree ("held_from") WHERE "appointments"."status" in ('held', 'awaiting_payment');