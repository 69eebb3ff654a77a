// Deleting an account (ADR 016): every session ends, personal data is erased, the pages'
// content and images go and the pages say they were removed (their ids stay taken: they are printed on
// plaques), while orders, invoices and receipts stay with only what bookkeeping law needs. All of it in
// one transaction; the image files are deleted after the commit (a file is never missing for a row).
import { and, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  albums,
  auditLog,
  checkoutLinks,
  emailVerificationTokens,
  candles,
  invoices,
  memories,
  orders,
  partnerAttributions,
  partnerMadePages,
  partnerMembers,
  passwordResetTokens,
  paymentEvents,
  photos,
  profileImages,
  videos,
  profiles,
  sessions,
  subscriptions,
  users,
  walkthroughSteps,
} from "../../db/schema";
import type { ImageStore } from "../../providers/images/index";
import type { PaymentProvider } from "../../providers/payments/types";
import { audit, type RequestOrigin, refuse, consume, type Actor } from "../core";
import { photoStoreKeys } from "../../../contract/photo-values";
import { imageKeysOf, changeStatusOfMany } from "../profiles";
import { verifyPassword } from "../accounts";
import { pageChanged, recordEvent, transaction } from "../core";

export type ErasureDeps = {
  db: Database;
  images: ImageStore;
  /** The card provider, to stop renewals it charges itself (Stripe); optional for the others. */
  payments?: Pick<PaymentProvider, "endAfterCurrentPeriod">;
};

export type ErasureResult = {
  /** The pages that now say they were removed. */
  removedPages: string[];
  /** Orders kept for bookkeeping (without the erased fields). */
  keptOrders: number;
};

/** Password attempts at deleting one's account, per minute: it is the sign-in check again. */
export const deletionAttemptsPerMinute = 5;

/** The address an erased account keeps: unique, never deliverable (.invalid), saying nothing of who. */
export const erasedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/** A customer deletes their own account, after entering their password again. */
export async function deleteOwnAccount(
  deps: ErasureDeps,
  viewer: Actor,
  password: string,
  origin: RequestOrigin,
): Promise<ErasureResult> {
  await consume(deps.db, [
    { key: `delete-account:${viewer.id}`, max: deletionAttemptsPerMinute, windowSeconds: 60 },
  ]);
  const [user] = await deps.db.select().from(users).where(eq(users.id, viewer.id)).limit(1);
  if (!user || user.deletedAt) throw refuse("account.missing");
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw refuse("account.password-wrong");
  }
  return eraseAccount(deps, user.id, viewer, origin);
}

/** An admin deletes a customer's account on the customer's request. */
export async function adminEraseAccount(
  deps: ErasureDeps,
  actor: Actor,
  userId: string,
  origin: RequestOrigin,
): Promise<ErasureResult> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.deletedAt) throw refuse("account.missing", {}, { field: "userId" });
  if (user.id === actor.id) {
    throw refuse("account.erase-yourself");
  }
  if (user.roles.includes("admin")) {
    throw refuse("account.erase-admin");
  }
  return eraseAccount(deps, user.id, actor, origin);
}

async function eraseAccount(
  { db, images, payments }: ErasureDeps,
  userId: string,
  actor: Actor,
  origin: RequestOrigin,
): Promise<ErasureResult> {
  const now = new Date();
  const bySelf = actor.id === userId;
  const { removedPages, imageKeys, keptOrders, providerSubscriptions } = await transaction(db, async (tx) => {
    // Taken first, so two deletions of one account at once run one after the other; the second finds
    // the account already deleted.
    const [locked] = await tx
      .select({ deletedAt: users.deletedAt, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!locked || locked.deletedAt) throw refuse("account.missing");

    const owned = await tx
      .select({ id: profiles.id, status: profiles.status })
      .from(profiles)
      .where(eq(profiles.ownerUserId, userId));
    const pageIds = owned.map((page) => page.id);
    let imageKeys: string[] = [];
    if (pageIds.length > 0) {
      const imageRows = await tx
        .delete(profileImages)
        .where(inArray(profileImages.profileId, pageIds))
        .returning({ variants: profileImages.variants });
      imageKeys = imageRows.flatMap((row) => imageKeysOf(row.variants));
      // The life in pictures: every photo (the family's and visitors') with all its files; the albums go
      // with the page's rows below. Before the memories, whose deletion would take visitors' photos along.
      const photoRows = await tx.delete(photos).where(inArray(photos.profileId, pageIds)).returning({
        id: photos.id,
        profileId: photos.profileId,
        originalKey: photos.originalKey,
        sizes: photos.sizes,
      });
      imageKeys.push(...photoRows.flatMap((row) => photoStoreKeys(row)));
      await tx.delete(albums).where(inArray(albums.profileId, pageIds));
      // The pages' videos: the uploaded clips' files go with the images (ADR 040).
      const videoRows = await tx
        .delete(videos)
        .where(inArray(videos.profileId, pageIds))
        .returning({ videoKey: videos.videoKey, posterKey: videos.posterKey });
      for (const row of videoRows) {
        imageKeys.push(...[row.videoKey, row.posterKey].filter((key): key is string => !!key));
      }
      await tx.delete(walkthroughSteps).where(inArray(walkthroughSteps.profileId, pageIds));
      // What visitors wrote on the pages goes with them: memories (with their reports) and candles.
      await tx.delete(memories).where(inArray(memories.profileId, pageIds));
      await tx.delete(candles).where(inArray(candles.profileId, pageIds));
      // A partner's record of a page it made for this family keeps the page, not whom it was sent to.
      await tx
        .update(partnerMadePages)
        .set({ sentTo: null, note: null })
        .where(inArray(partnerMadePages.profileId, pageIds));
      // A page removed already (it cannot be owned, but were it) stays as it is.
      await changeStatusOfMany(tx, {
        pages: owned.filter((page) => page.status !== "removed"),
        to: "removed",
        cause: "deletion",
        reason: "account_deleted",
        actorUserId: actor.id,
        fields: { ownerUserId: null, content: {}, metadata: {} },
        now,
      });
    }

    // Renewals stop: nothing is charged for a page that is gone.
    const stopped = await tx
      .update(subscriptions)
      .set({ status: "cancelled", nextChargeAt: null, updatedAt: now })
      .where(
        and(
          eq(subscriptions.customerUserId, userId),
          notInArray(subscriptions.status, ["cancelled", "ended"]),
        ),
      )
      .returning({
        provider: subscriptions.provider,
        providerSubscriptionId: subscriptions.providerSubscriptionId,
      });
    const providerSubscriptions = stopped
      .filter((row) => row.provider === "stripe" && row.providerSubscriptionId)
      .map((row) => row.providerSubscriptionId as string);

    // Bookkeeping keeps the orders and invoices (name and address are required on an invoice); the
    // e-mail address on invoices is not, nor what the card provider reported about the payer.
    const kept = await tx.select({ id: orders.id }).from(orders).where(eq(orders.customerUserId, userId));
    await tx.update(invoices).set({ customerEmail: "" }).where(eq(invoices.customerUserId, userId));
    // Nor is where a printed plaque was to be posted (an invoice keeps its own billing address).
    await tx.update(orders).set({ deliveryAddress: null }).where(eq(orders.customerUserId, userId));
    if (kept.length > 0) {
      await tx
        .update(paymentEvents)
        .set({ payload: { erased: true } })
        .where(
          inArray(
            paymentEvents.orderId,
            kept.map((order) => order.id),
          ),
        );
    }

    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
    await tx.delete(checkoutLinks).where(eq(checkoutLinks.customerUserId, userId));
    await tx.delete(partnerAttributions).where(eq(partnerAttributions.userId, userId));
    await tx.delete(partnerMembers).where(eq(partnerMembers.userId, userId));
    // A partner's link sent to this address and not claimed by it: the address goes, the page stays.
    await tx
      .update(partnerMadePages)
      .set({ sentTo: null, note: null })
      .where(sql`lower(${partnerMadePages.sentTo}) = ${locked.email.toLowerCase()}`);
    // The security log keeps what happened, not where from or the address it named.
    await tx
      .update(auditLog)
      .set({ ip: null, userAgent: null, details: sql`${auditLog.details} - 'email'` })
      .where(or(eq(auditLog.actorUserId, userId), eq(auditLog.targetUserId, userId)));
    await tx
      .update(users)
      .set({
        email: erasedEmail(userId),
        // No password verifies against an empty hash: nobody signs in to the account again.
        passwordHash: "",
        roles: [],
        emailVerifiedAt: null,
        deletedAt: now,
      })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    await audit(tx, {
      action: "account.delete",
      actorUserId: actor.id,
      targetUserId: userId,
      details: { by: bySelf ? "self" : "admin", removedPages: pageIds, keptOrders: kept.length },
      ...(bySelf ? { ip: null, userAgent: null } : origin),
    });
    // Their cached copies go after the commit (ADR 033).
    for (const id of pageIds) recordEvent(tx, pageChanged(id));
    return { removedPages: pageIds, imageKeys, keptOrders: kept.length, providerSubscriptions };
  });

  // After the commit: the files of rows that are gone, and the provider's own renewals.
  await Promise.allSettled(imageKeys.map((key) => images.delete(key)));
  if (payments?.endAfterCurrentPeriod) {
    await Promise.allSettled(providerSubscriptions.map((id) => payments.endAfterCurrentPeriod?.(id)));
  }
  return { removedPages, keptOrders };
}
