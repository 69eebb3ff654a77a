// Reminders (ADR 029): /api/kammare/anniversary-reminders, the owner's or an editor's own choice of
// e-mails before a page's anniversaries (in the signed-in area); and /k/{id}/calendar.ics, the page's
// days as a calendar file for anyone who can see the page (a public resource, not a page: answered
// before the pages' renderer).
import { Hono } from "hono";
import { profileIdSchema } from "../../../contract/profiles";
import {
  anniversaryRemindersQuerySchema,
  anniversaryRemindersRequestSchema,
} from "../../../contract/reminders";
import type { Database } from "../../db/client";
import { DomainError } from "../../domain/core";
import { anniversaryReminders, pageCalendar, setAnniversaryReminders } from "../../domain/reminders";
import { assertMayEnterPage } from "../../domain/private-pages";
import { resolveViewer } from "../../http/auth";
import type { SignedInEnv } from "../../http/guards";
import { visitorPassOf } from "../../http/visitor-pass";
import { readJson, readQuery } from "../../http/errors";

export function anniversaryReminderRoutes({ db }: { db: Database }) {
  return new Hono<SignedInEnv>()
    .get("/anniversary-reminders", async (c) => {
      const { profileId } = readQuery(c, anniversaryRemindersQuerySchema);
      return c.json(await anniversaryReminders(db, profileId, c.get("viewer")));
    })
    .post("/anniversary-reminders", async (c) => {
      const input = await readJson(c, anniversaryRemindersRequestSchema);
      return c.json(await setAnniversaryReminders(db, input, c.get("viewer")));
    });
}

/** GET /k/{id}/calendar.ics: text/calendar, or a plain 404 where visitors see no page (or no days). */
export function calendarFileRoutes({ db, publicUrl }: { db: Database; publicUrl: string }) {
  return new Hono().get("/k/:id/calendar.ics", async (c) => {
    const id = profileIdSchema.safeParse(c.req.param("id"));
    const notFound = () => c.text("Not found", 404, { "Cache-Control": "no-store" });
    if (!id.success) return notFound();
    try {
      // A private page's days are its family's and its let-in visitors' only (ADR 043): the same 404.
      const headers = c.req.raw.headers;
      const viewer = await resolveViewer(db, headers);
      const { visibility } = await assertMayEnterPage(db, id.data, viewer, visitorPassOf(headers, id.data));
      const file = await pageCalendar(db, id.data, { publicUrl });
      return c.body(file.body, 200, {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        // A change of the dates (or of the page's status) reaches a calendar app within minutes.
        "Cache-Control": visibility === "private" ? "private, max-age=300" : "public, max-age=300",
      });
    } catch (error) {
      if (error instanceof DomainError && (error.code === "not_found" || error.code === "forbidden")) {
        return notFound();
      }
      throw error;
    }
  });
}
