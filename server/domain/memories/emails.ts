// The e-mails memories bring: the writer's receipt with their link to delete the memory, and the
// owner's (and editors') word of the first memory at once (later ones come in the daily digest, lifecycle's sweep).
import { eq, isNull, and } from "drizzle-orm";
import { fallbackLocale, isLocale, type Locale } from "../../../contract/locale";
import { i18nFor } from "../../../i18n";
import type { Database } from "../../db/client";
import { memories, memoryReports, memorySettings, profileEditors, profiles, users } from "../../db/schema";
import type { EmailSender } from "../../providers/email/types";

const pageName = (content: { displayName?: string }, id: string) => content.displayName?.trim() || id;

/**
 * Whoever keeps the page, as its e-mails need them: the owner first, then its editors, each
 * with their address, their language's texts and the page's name.
 */
export async function pageKeepers(db: Database, profileId: string) {
  const owner = await pageOwner(db, profileId);
  if (!owner) return [];
  const editors = await db
    .select({ email: users.email, locale: users.locale })
    .from(profileEditors)
    .innerJoin(users, eq(users.id, profileEditors.userId))
    .where(and(eq(profileEditors.profileId, profileId), isNull(users.deletedAt)));
  return [
    owner,
    ...editors.map((editor) => ({
      email: editor.email,
      t: i18nFor(isLocale(editor.locale) ? editor.locale : fallbackLocale).t,
      name: owner.name,
    })),
  ];
}

/** The page's owner as its e-mails need them: the address, their language's texts, the page's name. */
export async function pageOwner(db: Database, profileId: string) {
  const [owner] = await db
    .select({ email: users.email, locale: users.locale, content: profiles.content })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.ownerUserId))
    .where(eq(profiles.id, profileId));
  if (!owner) return null;
  const { t } = i18nFor(isLocale(owner.locale) ? owner.locale : fallbackLocale);
  return { email: owner.email, t, name: pageName(owner.content, profileId) };
}

/** To a writer who left an address: their memory arrived, and the one link that deletes it. */
export async function sendMemoryReceipt(
  sender: EmailSender,
  input: { db: Database; to: string; token: string; profileId: string; publicUrl: string; locale: Locale },
): Promise<void> {
  const [page] = await input.db
    .select({ content: profiles.content })
    .from(profiles)
    .where(eq(profiles.id, input.profileId));
  const { t } = i18nFor(input.locale);
  const link = `${input.publicUrl}/memories/delete?token=${encodeURIComponent(input.token)}`;
  await sender.send({
    to: input.to,
    subject: t("email.memoryReceipt.subject", { name: pageName(page?.content ?? {}, input.profileId) }),
    text: t("email.memoryReceipt.body", {
      name: pageName(page?.content ?? {}, input.profileId),
      page: `${input.publicUrl}/k/${input.profileId}`,
      link,
    }),
  });
}

/**
 * The owner's first memory on a page, told at once: the settings row's mark is set in the same
 * statement that claims it, so two processes never both send it. Answers whether it was sent.
 */
export async function tellOwnerOfFirstMemory(
  db: Database,
  sender: EmailSender,
  input: { profileId: string; publicUrl: string; now?: Date },
): Promise<boolean> {
  const now = input.now ?? new Date();
  await db.insert(memorySettings).values({ profileId: input.profileId }).onConflictDoNothing();
  const claimed = await db
    .update(memorySettings)
    // The digest counts from here: what came before is in this e-mail.
    .set({ firstMemoryMailedAt: now, digestMailedAt: now })
    .where(and(eq(memorySettings.profileId, input.profileId), isNull(memorySettings.firstMemoryMailedAt)))
    .returning({ profileId: memorySettings.profileId });
  if (claimed.length === 0) return false;
  const keepers = await pageKeepers(db, input.profileId);
  if (keepers.length === 0) return false;
  for (const { email, t, name } of keepers) {
    await sender.send({
      to: email,
      subject: t("email.firstMemory.subject", { name }),
      text: t("email.firstMemory.body", {
        name,
        link: `${input.publicUrl}/k/${input.profileId}/memories`,
      }),
    });
  }
  return true;
}

/**
 * The owner hears that a visitor reported a memory on their page (the `memory.reported` event): who
 * wrote it, the reason given, and the link to their memories, where they may hide or remove it (the
 * owner moderates memories: server/domain/memories/moderation.ts). Answers whether it was sent.
 */
export async function tellOwnerOfReport(
  db: Database,
  sender: EmailSender,
  input: { reportId: string; memoryId: string; profileId: string; publicUrl: string },
): Promise<boolean> {
  const owner = await pageOwner(db, input.profileId);
  const [report] = await db
    .select({ reason: memoryReports.reason, writer: memories.writerName })
    .from(memoryReports)
    .innerJoin(memories, eq(memories.id, memoryReports.memoryId))
    .where(and(eq(memoryReports.id, input.reportId), eq(memoryReports.state, "open")));
  // No owner to tell, or the report was decided (or the memory deleted) before the e-mail left.
  if (!owner || !report) return false;
  const { t, name, email } = owner;
  await sender.send({
    to: email,
    subject: t("email.memoryReported.subject", { name }),
    text: t("email.memoryReported.body", {
      name,
      writer: report.writer,
      reason: report.reason,
      // The reported memory is a shown one: the owner's list of shown memories has it.
      link: `${input.publicUrl}/k/${input.profileId}/memories?state=shown`,
    }),
  });
  return true;
}
