-- A life in pictures (decisions "A life in pictures"): albums a family names, and photos in them or
-- with a visitor's memory. The files are in the image store; the rows name them.
CREATE TABLE "albums" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"cover_photo_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"album_id" uuid,
	"memory_id" uuid,
	"chapter_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"taken" text,
	"state" text DEFAULT 'shown' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sizes" jsonb NOT NULL,
	"original_key" text NOT NULL,
	"original_type" text NOT NULL,
	"original_bytes" integer NOT NULL,
	"bytes" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_cover_photo_id_photos_id_fk" FOREIGN KEY ("cover_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "albums_profile_idx" ON "albums" USING btree ("profile_id","position");
--> statement-breakpoint
CREATE INDEX "photos_profile_album_idx" ON "photos" USING btree ("profile_id","album_id","position");
--> statement-breakpoint
CREATE INDEX "photos_memory_idx" ON "photos" USING btree ("memory_id");
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_state_check" CHECK ("state" IN ('shown', 'pending'));
--> statement-breakpoint
-- A family's photo is in an album, a visitor's with a memory: never both, never neither.
ALTER TABLE "photos" ADD CONSTRAINT "photos_album_or_memory_check" CHECK (("album_id" IS NULL) <> ("memory_id" IS NULL));
--> statement-breakpoint
-- What visitors see changes with every album and every shown photo: announced on `profile_changed`
-- (at commit), so every process drops its cached copies of the page and its photo pages.
CREATE FUNCTION notify_picture_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('profile_changed', COALESCE(NEW.profile_id, OLD.profile_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER albums_notify_change AFTER INSERT OR UPDATE OR DELETE ON albums
  FOR EACH ROW EXECUTE FUNCTION notify_picture_changed();
--> statement-breakpoint
CREATE TRIGGER photos_notify_change AFTER INSERT OR UPDATE OR DELETE ON photos
  FOR EACH ROW EXECUTE FUNCTION notify_picture_changed();
