-- Issue 33: a candle's name waits for the owner where memories wait; a memory has one open report,
-- which later reports add their address to. Only additions (ADR 030): old code runs on this schema.
-- The names already lit were shown: the column comes with 'shown' for them (no rewrite of the
-- table), and 'pending' is the default for the rows that come after.
ALTER TABLE "candles" ADD COLUMN "name_state" text DEFAULT 'shown' NOT NULL;--> statement-breakpoint
ALTER TABLE "candles" ALTER COLUMN "name_state" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "candles" ADD CONSTRAINT "candles_name_state_check" CHECK ("name_state" IN ('pending', 'shown', 'hidden'));--> statement-breakpoint
ALTER TABLE "memory_reports" ADD COLUMN "reporter_hashes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "memory_reports" ADD COLUMN "later_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "candles_named_idx" ON "candles" USING btree ("profile_id","name_state","created_at") WHERE "candles"."name" is not null;--> statement-breakpoint
-- Each report so far names its one address.
UPDATE "memory_reports" SET "reporter_hashes" = ARRAY["reporter_hash"];--> statement-breakpoint
-- A memory's open reports become its oldest open one, holding every address (50 at most, as the
-- code counts them: server/domain/memories/reports.ts) and the next five reasons.
WITH "ranked" AS (
  SELECT "id", "memory_id", "reporter_hash", "reason",
    row_number() OVER (PARTITION BY "memory_id" ORDER BY "created_at", "id") AS "rank"
  FROM "memory_reports" WHERE "state" = 'open'
), "merged" AS (
  SELECT "memory_id",
    (array_agg("id" ORDER BY "rank"))[1] AS "keeper",
    (array_agg("reporter_hash" ORDER BY "rank"))[1:50] AS "hashes",
    (array_agg("reason" ORDER BY "rank"))[2:6] AS "reasons"
  FROM "ranked" GROUP BY "memory_id" HAVING count(*) > 1
), "kept" AS (
  UPDATE "memory_reports" AS "r" SET "reporter_hashes" = "m"."hashes", "later_reasons" = "m"."reasons"
  FROM "merged" AS "m" WHERE "r"."id" = "m"."keeper"
  RETURNING "r"."id"
)
DELETE FROM "memory_reports" AS "r" USING "merged" AS "m"
  WHERE "r"."memory_id" = "m"."memory_id" AND "r"."state" = 'open' AND "r"."id" <> "m"."keeper";--> statement-breakpoint
CREATE UNIQUE INDEX "memory_reports_open_idx" ON "memory_reports" USING btree ("memory_id") WHERE "memory_reports"."state" = 'open';--> statement-breakpoint
-- A candle's name shown or taken down changes what visitors see: announced like a memory's
-- (0014), at commit. A new candle is announced by the app (candleAnnouncer), a few seconds late.
CREATE FUNCTION notify_candle_name_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS NOT NULL AND (OLD.name_state = 'shown' OR NEW.name_state = 'shown') THEN
    PERFORM pg_notify('profile_changed', NEW.profile_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER candles_notify_name_change AFTER UPDATE OF name_state ON candles
  FOR EACH ROW WHEN (OLD.name_state IS DISTINCT FROM NEW.name_state)
  EXECUTE FUNCTION notify_candle_name_changed();
