// The anniversary e-mails a page's owner or editor asked for (ADR 029): on or off, per person and page.
import { and, eq } from "drizzle-orm";
import type { AnniversaryReminders, AnniversaryRemindersRequest } from "../../../contract/reminders";
import type { Database } from "../../db/client";
import { anniversarySubscriptions } from "../../db/schema";
import type { Actor } from "../core";
import { pageKeptBy } from "./access";

/** Whether the actor gets the page's anniversary e-mails. */
export async function anniversaryReminders(
  db: Database,
  profileId: string,
  actor: Actor,
): Promise<AnniversaryReminders> {
  const page = await pageKeptBy(db, profileId, actor);
  const [row] = await db
    .select({ userId: anniversarySubscriptions.userId })
    .from(anniversarySubscriptions)
    .where(
      and(eq(anniversarySubscriptions.profileId, page.id), eq(anniversarySubscriptions.userId, actor.id)),
    );
  return { profileId: page.id, on: Boolean(row) };
}

/** Turns the actor's anniversary e-mails for the page on or off (either twice is the same as once). */
export async function setAnniversaryReminders(
  db: Database,
  input: AnniversaryRemindersRequest,
  actor: Actor,
): Promise<AnniversaryReminders> {
  const page = await pageKeptBy(db, input.profileId, actor);
  if (input.on) {
    await db
      .insert(anniversarySubscriptions)
      .values({ profileId: page.id, userId: actor.id })
      .onConflictDoNothing();
  } else {
    await db
      .delete(anniversarySubscriptions)
      .where(
        and(eq(anniversarySubscriptions.profileId, page.id), eq(anniversarySubscriptions.userId, actor.id)),
      );
  }
  return { profileId: page.id, on: input.on };
}
