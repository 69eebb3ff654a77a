ALTER TABLE "profile_status_history" ADD COLUMN "reason_code" text;--> statement-breakpoint
-- The reasons the system wrote as text before they were codes become codes, and leave `reason` to
-- admins' own words. Each is matched with the change it goes with, so the same word an admin wrote
-- on another change stays text (a status is never changed from nothing by hand; an admin who moved
-- an unclaimed page to draft with the reason "claimed" meant the same).
UPDATE "profile_status_history" SET "reason_code" = 'created', "reason" = NULL
WHERE "reason" = 'created' AND "from_status" IS NULL;--> statement-breakpoint
UPDATE "profile_status_history" SET "reason_code" = 'claimed', "reason" = NULL
WHERE "reason" = 'claimed' AND "from_status" = 'unclaimed' AND "to_status" = 'draft';--> statement-breakpoint
UPDATE "profile_status_history" SET "reason_code" = 'trial_started_on_publish', "reason" = NULL
WHERE "reason" = 'free trial started on publishing' AND "from_status" = 'draft' AND "to_status" = 'trial';
