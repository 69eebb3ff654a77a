-- A partner makes pages for its families (decisions "Pages a family can start, and funeral homes that
-- hand them out"): each page it made, by whom and when, whether it gives the family the extended trial,
-- and where its claim link was sent (to whom, when, how often) or that it was taken back. Whether it is
-- claimed is the page's own owner. Only an addition (ADR 030).
CREATE TABLE "partner_made_pages" (
	"profile_id" text PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"made_by_user_id" uuid,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	"extended_trial" boolean DEFAULT false NOT NULL,
	"sent_to" text,
	"note" text,
	"sent_at" timestamp with time zone,
	"sent_by_user_id" uuid,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"taken_back_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "partner_made_pages" ADD CONSTRAINT "partner_made_pages_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_made_pages" ADD CONSTRAINT "partner_made_pages_organisation_id_partner_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."partner_organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_made_pages" ADD CONSTRAINT "partner_made_pages_made_by_user_id_users_id_fk" FOREIGN KEY ("made_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_made_pages" ADD CONSTRAINT "partner_made_pages_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_made_pages_organisation_idx" ON "partner_made_pages" USING btree ("organisation_id","made_at");
