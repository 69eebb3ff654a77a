CREATE TABLE "candles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"writer_name" text NOT NULL,
	"relation" text,
	"body" text NOT NULL,
	"writer_email" text,
	"state" text NOT NULL,
	"reply" text,
	"delete_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "memory_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"memory_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"reporter_hash" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "memory_settings" (
	"profile_id" text PRIMARY KEY NOT NULL,
	"moderation" text DEFAULT 'review' NOT NULL,
	"candles_on" boolean DEFAULT true NOT NULL,
	"allow_links" boolean DEFAULT false NOT NULL,
	"first_memory_mailed_at" timestamp with time zone,
	"digest_mailed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candles" ADD CONSTRAINT "candles_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_reports" ADD CONSTRAINT "memory_reports_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_reports" ADD CONSTRAINT "memory_reports_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_settings" ADD CONSTRAINT "memory_settings_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candles_profile_idx" ON "candles" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "memories_profile_state_idx" ON "memories" USING btree ("profile_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "memories_pending_idx" ON "memories" USING btree ("created_at") WHERE "memories"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "memories_delete_token_idx" ON "memories" USING btree ("delete_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "memory_reports_reporter_idx" ON "memory_reports" USING btree ("memory_id","reporter_hash");--> statement-breakpoint
CREATE INDEX "memory_reports_state_idx" ON "memory_reports" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "memories" ADD CONSTRAINT "memories_state_check" CHECK ("state" IN ('pending', 'shown', 'hidden', 'removed'));--> statement-breakpoint
ALTER TABLE "memory_reports" ADD CONSTRAINT "memory_reports_state_check" CHECK ("state" IN ('open', 'kept', 'hidden'));--> statement-breakpoint
ALTER TABLE "memory_settings" ADD CONSTRAINT "memory_settings_moderation_check" CHECK ("moderation" IN ('review', 'open', 'off'));--> statement-breakpoint
-- What visitors see of a page changes when a memory is shown or stops being shown, or its settings
-- change: announced on `profile_changed` (at commit) like a change of the page itself, so every
-- process drops its cached copy. Candles are announced by the app, a few seconds late at most
-- (server/domain/memories/candles.ts), so a rush of candles does not empty the cache at every one.
CREATE FUNCTION notify_memory_shown_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP <> 'INSERT' AND OLD.state = 'shown') OR (TG_OP <> 'DELETE' AND NEW.state = 'shown') THEN
    PERFORM pg_notify('profile_changed', COALESCE(NEW.profile_id, OLD.profile_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER memories_notify_change AFTER INSERT OR UPDATE OR DELETE ON memories
  FOR EACH ROW EXECUTE FUNCTION notify_memory_shown_changed();
--> statement-breakpoint
CREATE FUNCTION notify_memory_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('profile_changed', NEW.profile_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the choices visitors see: the e-mail marks (first memory, digest) change nothing on the page.
CREATE TRIGGER memory_settings_notify_change AFTER INSERT OR UPDATE OF moderation, candles_on, allow_links ON memory_settings
  FOR EACH ROW EXECUTE FUNCTION notify_memory_settings_changed();
