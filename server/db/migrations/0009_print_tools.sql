CREATE TABLE "profile_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"count" integer NOT NULL,
	"created_by_user_id" uuid,
	"partner_organisation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "qr_printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "plaque_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profile_batches" ADD CONSTRAINT "profile_batches_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_batches" ADD CONSTRAINT "profile_batches_partner_organisation_id_partner_organisations_id_fk" FOREIGN KEY ("partner_organisation_id") REFERENCES "public"."partner_organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_batches_created_idx" ON "profile_batches" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_batch_id_profile_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."profile_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "profiles_batch_idx" ON "profiles" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "profiles_claimed_idx" ON "profiles" USING btree ("claimed_at") WHERE "profiles"."claimed_at" is not null;--> statement-breakpoint
CREATE INDEX "profiles_trial_started_idx" ON "profiles" USING btree ("trial_started_at") WHERE "profiles"."trial_started_at" is not null;--> statement-breakpoint
CREATE INDEX "profiles_extended_trial_started_idx" ON "profiles" USING btree ("extended_trial_started_at") WHERE "profiles"."extended_trial_started_at" is not null;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
-- Pages made unclaimed before batches were kept: one batch per creating transaction (its pages share
-- one created_at) and admin, so the QR manager can pick them as the admin made them.
INSERT INTO "profile_batches" ("count", "created_by_user_id", "created_at")
SELECT count(*), h."actor_user_id", p."created_at"
FROM "profiles" p
JOIN "profile_status_history" h
  ON h."profile_id" = p."id" AND h."from_status" IS NULL AND h."to_status" = 'unclaimed'
GROUP BY p."created_at", h."actor_user_id";
--> statement-breakpoint
UPDATE "profiles" p SET "batch_id" = b."id"
FROM "profile_batches" b, "profile_status_history" h
WHERE h."profile_id" = p."id" AND h."from_status" IS NULL AND h."to_status" = 'unclaimed'
  AND b."created_at" = p."created_at" AND b."created_by_user_id" IS NOT DISTINCT FROM h."actor_user_id";
