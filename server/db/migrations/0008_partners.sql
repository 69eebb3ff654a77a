CREATE TABLE "partner_attributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"user_id" uuid,
	"profile_id" text,
	"source" text NOT NULL,
	"attributed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_attributions_one_subject" CHECK (("partner_attributions"."user_id" is null) <> ("partner_attributions"."profile_id" is null))
);
--> statement-breakpoint
CREATE TABLE "partner_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"slug" text NOT NULL,
	"contact_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_whitelist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"partner_name" text NOT NULL,
	"organisation_id" uuid,
	"added_by_user_id" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_attributions" ADD CONSTRAINT "partner_attributions_organisation_id_partner_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."partner_organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_attributions" ADD CONSTRAINT "partner_attributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_attributions" ADD CONSTRAINT "partner_attributions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_members" ADD CONSTRAINT "partner_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_members" ADD CONSTRAINT "partner_members_organisation_id_partner_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."partner_organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_whitelist" ADD CONSTRAINT "partner_whitelist_organisation_id_partner_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."partner_organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_whitelist" ADD CONSTRAINT "partner_whitelist_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_attributions_user_key" ON "partner_attributions" USING btree ("user_id") WHERE "partner_attributions"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_attributions_profile_key" ON "partner_attributions" USING btree ("profile_id") WHERE "partner_attributions"."profile_id" is not null;--> statement-breakpoint
CREATE INDEX "partner_attributions_organisation_idx" ON "partner_attributions" USING btree ("organisation_id","attributed_at");--> statement-breakpoint
CREATE INDEX "partner_members_organisation_idx" ON "partner_members" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_organisations_slug_key" ON "partner_organisations" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_whitelist_email_lower_key" ON "partner_whitelist" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "partner_whitelist_partner_name_idx" ON "partner_whitelist" USING btree (lower("partner_name"));