ALTER TABLE "invoice_links" ADD COLUMN "token_nonce" text;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD COLUMN "revoked_at" timestamp with time zone;