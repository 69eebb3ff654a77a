// Each page's version for the static copy (ADR 046): kept by triggers (migration 0031) on every
// table whose rows visitors see on the page, so the export renders again only what changed.
import { bigint, pgTable, text } from "drizzle-orm/pg-core";

export const pageVersions = pgTable("page_versions", {
  // No foreign key: the profile's own trigger removes the row when the profile goes.
  profileId: text("profile_id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});
