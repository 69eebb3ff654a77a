ALTER TABLE "invoices" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider_error" text;