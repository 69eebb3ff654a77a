// An account's pages (ADR 029): the pages it owns and those it helps keep as an
// editor, each by name, portrait and status with its next step (publish, pay, renew, open). One query,
// whatever the number of pages: the editor rows are joined, whether a plan runs or an invoice waits is
// asked in the same statement.
import { and, asc, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import type { OwnerPage, OwnerPages } from "../../../contract/owner-pages";
import type { ProfileStatus } from "../../../contract/profile-values";
import type { Executor } from "../../db/client";
import { invoices, profileEditors, profiles, subscriptions } from "../../db/schema";
import { unpaidInvoiceStatuses } from "../billing";
import { pastDueSince, restsOn } from "../lifecycle";

/** A plan that runs: the page is paid for, or will be at the trial's end. */
const runningPlanStatuses = ["trialing", "active", "past_due"] as const;

type PageFacts = {
  id: string;
  status: ProfileStatus;
  /** A card plan runs for the page (kept card during a trial, or paid). */
  hasPlan: boolean;
  /** The owner's invoice for the page waits to be paid: paying it is how the page is kept. */
  invoiceDue: boolean;
  trialEndsAt: Date | null;
  paidUntil: Date | null;
};

/**
 * The page's next step for its owner, as the page's own banners offer it (owner-area.tsx): a draft is
 * published, a trial without a plan paid for, a lapsed page renewed, an unpaid invoice paid.
 */
export function ownerNextStep(page: PageFacts): OwnerPage["next"] {
  const home = `/k/${page.id}`;
  const checkout = `${home}/checkout/card`;
  switch (page.status) {
    case "draft":
      return { step: "publish", href: home };
    case "trial":
    case "extended_trial":
      if (page.invoiceDue) return { step: "invoice", href: home };
      // Paid past the trial already (an invoice for the period after it): nothing to choose now.
      if (page.paidUntil && page.trialEndsAt && page.paidUntil > page.trialEndsAt) {
        return { step: "open", href: home };
      }
      return page.hasPlan ? { step: "open", href: home } : { step: "pay", href: checkout };
    case "past_due":
      return page.invoiceDue ? { step: "invoice", href: home } : { step: "pay", href: checkout };
    case "expired":
      return page.invoiceDue ? { step: "invoice", href: home } : { step: "renew", href: checkout };
    case "active":
      return { step: "open", href: home };
    default:
      // Suspended (gone to everyone but an admin), unclaimed or removed: nothing the owner can do here.
      return null;
  }
}

/** An editor keeps the content: never pays; a suspended page is gone for them too. */
export function editorNextStep(page: Pick<PageFacts, "id" | "status">): OwnerPage["next"] {
  return page.status === "suspended" ? null : { step: "edit", href: `/k/${page.id}` };
}

/** The small variant of an uploaded image (…-large.webp), for a list's thumbnail. */
function smallImage(url: string | null): string | null {
  if (!url) return null;
  return url.replace(/-large\.webp$/, "-small.webp");
}

/**
 * Every page `userId` owns or helps keep (never a removed one), with each one's next step; a past-due
 * page its owner has says by when to pay (GRACE_DAYS from configuration).
 */
export async function ownerPages(
  db: Executor,
  userId: string,
  { graceDays }: { graceDays: number },
): Promise<OwnerPages> {
  const rows = await db
    .select({
      id: profiles.id,
      status: profiles.status,
      updatedAt: profiles.updatedAt,
      ownerUserId: profiles.ownerUserId,
      name: sql<string | null>`${profiles.content}->>'displayName'`,
      portrait: sql<string | null>`${profiles.content}->>'portraitImageUrl'`,
      trialEndsAt: profiles.trialEndsAt,
      paidUntil: profiles.paidUntil,
      editorSince: profileEditors.addedAt,
      // The owner's running card plan, in one look: null without one, else whether it will charge
      // again (not cancelled at its period's end, and periods left: a prepaid term is all paid).
      planRenews: sql<
        boolean | null
      >`(select bool_or(not ${subscriptions.cancelAtPeriodEnd} and (${subscriptions.iterations} = 0 or ${subscriptions.periodsPaid} < ${subscriptions.iterations})) from ${subscriptions} where ${subscriptions.profileId} = ${profiles.id} and ${subscriptions.customerUserId} = ${profiles.ownerUserId} and ${inArray(subscriptions.status, [...runningPlanStatuses])})`,
      invoiceDue:
        sql<boolean>`exists (select 1 from ${invoices} where ${invoices.profileId} = ${profiles.id} and ${invoices.customerUserId} = ${profiles.ownerUserId} and ${inArray(invoices.status, unpaidInvoiceStatuses)})`.mapWith(
          Boolean,
        ),
    })
    .from(profiles)
    .leftJoin(
      profileEditors,
      and(eq(profileEditors.profileId, profiles.id), eq(profileEditors.userId, userId)),
    )
    .where(
      and(
        or(eq(profiles.ownerUserId, userId), isNotNull(profileEditors.userId)),
        ne(profiles.status, "removed"),
      ),
    )
    .orderBy(asc(profiles.createdAt), asc(profiles.id));

  const owned: OwnerPage[] = [];
  const helping: (OwnerPage & { since: number })[] = [];
  for (const { planRenews, ...facts } of rows) {
    const row = { ...facts, hasPlan: planRenews !== null, renews: planRenews === true };
    const isOwner = row.ownerUserId === userId;
    const page: OwnerPage = {
      id: row.id,
      role: isOwner ? "owner" : "editor",
      status: row.status,
      name: row.name ?? "",
      portraitUrl: smallImage(row.portrait),
      trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
      paidUntil: row.paidUntil?.toISOString() ?? null,
      hasPlan: isOwner && row.hasPlan,
      renews: row.renews,
      payBy:
        isOwner && row.status === "past_due"
          ? restsOn(await pastDueSince(db, row), graceDays).toISOString()
          : null,
      next: isOwner ? ownerNextStep(row) : editorNextStep(row),
    };
    if (isOwner) owned.push(page);
    else helping.push({ ...page, since: row.editorSince?.getTime() ?? 0 });
  }
  helping.sort((a, b) => a.since - b.since);
  return { owned, helping: helping.map(({ since: _since, ...page }) => page) };
}
