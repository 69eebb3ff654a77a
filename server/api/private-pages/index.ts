// Private pages' routers (ADR 043): the door (open), the family's settings (signed in), and the public
// resources beside the pages: a page's calendar file, the sitemap and robots.txt.
import { Hono } from "hono";
import type { Database } from "../../db/client";
import { calendarFileRoutes } from "../reminders/routes";
import { sitemapRoutes } from "./sitemap";

export { pageAccessRoutes, privatePageRoutes } from "./page-access";

export function siteFileRoutes(deps: { db: Database; publicUrl: string }) {
  return new Hono().route("/", calendarFileRoutes(deps)).route("/", sitemapRoutes(deps));
}
