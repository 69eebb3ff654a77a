-- Profiles per status, kept by statement triggers (one row touched per status per statement, so a
-- batch of 10,000 new profiles is one upsert). The admin list reads totals from here.
INSERT INTO profile_status_counts (status, count)
SELECT status, count(*) FROM profiles GROUP BY status
ON CONFLICT (status) DO UPDATE SET count = EXCLUDED.count;
--> statement-breakpoint
CREATE FUNCTION profile_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profile_status_counts (status, count)
  SELECT status, count(*) FROM new_rows GROUP BY status
  ON CONFLICT (status) DO UPDATE SET count = profile_status_counts.count + EXCLUDED.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION profile_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profile_status_counts c SET count = c.count - d.n
  FROM (SELECT status, count(*) AS n FROM old_rows GROUP BY status) d
  WHERE c.status = d.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION profile_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profile_status_counts (status, count)
  SELECT status, sum(delta) FROM (
    SELECT status, -1 AS delta FROM old_rows
    UNION ALL
    SELECT status, 1 AS delta FROM new_rows
  ) moved
  GROUP BY status
  HAVING sum(delta) <> 0
  ON CONFLICT (status) DO UPDATE SET count = profile_status_counts.count + EXCLUDED.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_counts_insert AFTER INSERT ON profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_counts_add();
--> statement-breakpoint
CREATE TRIGGER profiles_counts_delete AFTER DELETE ON profiles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_counts_remove();
--> statement-breakpoint
CREATE TRIGGER profiles_counts_update AFTER UPDATE ON profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_counts_move();
--> statement-breakpoint
-- Every change of a profile is announced on the channel `profile_changed` (at commit), so every
-- process drops its cached copy of that page, whoever made the change.
CREATE FUNCTION notify_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('profile_changed', COALESCE(NEW.id, OLD.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_notify_change AFTER UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION notify_profile_changed();
--> statement-breakpoint
-- Prefix search in the admin list: by profile id and by owner e-mail.
CREATE INDEX profiles_id_prefix_idx ON profiles (id text_pattern_ops);
--> statement-breakpoint
CREATE INDEX users_email_prefix_idx ON users (lower(email) text_pattern_ops);
