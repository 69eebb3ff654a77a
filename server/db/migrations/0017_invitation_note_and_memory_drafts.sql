-- An invitation names its inviter as they chose to sign it, and may carry a personal note; both are
-- shown in the e-mail and on the invitation's page. Only additions (ADR 030): old code runs on this
-- schema, and invitations sent before show the inviter's address, as they did.
ALTER TABLE "profile_invitations" ADD COLUMN "inviter_name" text;--> statement-breakpoint
ALTER TABLE "profile_invitations" ADD COLUMN "note" text;
--> statement-breakpoint
-- A refused memory's draft, kept a short while under a secret so that the light page's form gets
-- its text back without the text travelling in the address.
CREATE TABLE "memory_drafts" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "memory_drafts" ADD CONSTRAINT "memory_drafts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memory_drafts_created_idx" ON "memory_drafts" USING btree ("created_at");
