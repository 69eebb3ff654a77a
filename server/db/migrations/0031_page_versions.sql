-- The static copy (`npm run export:static`, ADR 046) writes only the pages that changed since its last
-- run. A page's version is a number from one sequence, taken again by every change of what its
-- visitors see: the page itself, its memories, its memory settings, its albums, photos and videos.
-- Candles are left out on purpose: a rush of candles would otherwise queue on one row per page, and
-- a copy that shows the candles of its page's last change is still the page.
CREATE SEQUENCE "page_version_seq";
--> statement-breakpoint
CREATE TABLE "page_versions" (
  "profile_id" text PRIMARY KEY NOT NULL,
  "version" bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION note_profile_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM page_versions WHERE profile_id = OLD.id;
  ELSE
    INSERT INTO page_versions (profile_id, version) VALUES (NEW.id, nextval('page_version_seq'))
    ON CONFLICT (profile_id) DO UPDATE SET version = EXCLUDED.version;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION note_page_part_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO page_versions (profile_id, version)
  SELECT p.id, nextval('page_version_seq') FROM profiles p
  WHERE p.id = COALESCE(NEW.profile_id, OLD.profile_id)
  ON CONFLICT (profile_id) DO UPDATE SET version = EXCLUDED.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_note_version AFTER INSERT OR UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION note_profile_version();
--> statement-breakpoint
CREATE TRIGGER memories_note_version AFTER INSERT OR UPDATE OR DELETE ON memories
  FOR EACH ROW EXECUTE FUNCTION note_page_part_version();
--> statement-breakpoint
CREATE TRIGGER memory_settings_note_version AFTER INSERT OR UPDATE ON memory_settings
  FOR EACH ROW EXECUTE FUNCTION note_page_part_version();
--> statement-breakpoint
CREATE TRIGGER albums_note_version AFTER INSERT OR UPDATE OR DELETE ON albums
  FOR EACH ROW EXECUTE FUNCTION note_page_part_version();
--> statement-breakpoint
CREATE TRIGGER photos_note_version AFTER INSERT OR UPDATE OR DELETE ON photos
  FOR EACH ROW EXECUTE FUNCTION note_page_part_version();
--> statement-breakpoint
CREATE TRIGGER videos_note_version AFTER INSERT OR UPDATE OR DELETE ON videos
  FOR EACH ROW EXECUTE FUNCTION note_page_part_version();
--> statement-breakpoint
-- Pages made before this migration start at one version each.
INSERT INTO page_versions (profile_id, version) SELECT id, nextval('page_version_seq') FROM profiles;
