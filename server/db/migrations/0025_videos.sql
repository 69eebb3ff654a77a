-- A page's videos (decisions "A life in pictures", Video): links to YouTube or Vimeo and uploaded clips
-- converted to MP4 in the background. The clips' files are in the image store; the rows name them.
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"provider" text,
	"external_id" text,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"video_key" text,
	"poster_key" text,
	"width" integer,
	"height" integer,
	"duration_seconds" real,
	"bytes" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "videos_profile_idx" ON "videos" USING btree ("profile_id","position");
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_kind_check" CHECK ("kind" IN ('link', 'clip'));
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_status_check" CHECK ("status" IN ('waiting', 'converting', 'ready', 'failed'));
--> statement-breakpoint
-- A link names its site and its id there; a clip names neither.
ALTER TABLE "videos" ADD CONSTRAINT "videos_link_check" CHECK (("kind" = 'link') = ("provider" IS NOT NULL AND "external_id" IS NOT NULL));
--> statement-breakpoint
-- What visitors see changes when a video is added, becomes ready or goes: announced on
-- `profile_changed` at commit, so every process drops its cached copies of the page. A progress
-- update alone changes nothing a visitor sees, so it is not announced.
CREATE FUNCTION notify_video_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status = OLD.status AND NEW.title = OLD.title AND NEW.position = OLD.position THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('profile_changed', COALESCE(NEW.profile_id, OLD.profile_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER videos_notify_change AFTER INSERT OR UPDATE OR DELETE ON videos
  FOR EACH ROW EXECUTE FUNCTION notify_video_changed();
