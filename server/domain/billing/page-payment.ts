// What a payment does to its page, through the status machine (ADR 020).
import { eq } from "drizzle-orm";
import type { ProfileStatus } from "../../../contract/profiles";
import type { Executor } from "../../db/client";
import { profiles } from "../../db/schema";
import { audit } from "../core";
import { changeStatus, mayChangeStatus, type ReasonOf } from "../profiles";

/**
 * Applies a booked payment (or failure) to its page through the status machine. Where the machine
 * lets no payment change the page (a suspended page, decisions "Subscriptions a customer can trust"),
 * the status stays: the payment is kept on its order, the period it paid is kept as the page's
 * paid-until date, and the audit log tells the admin. A removed page is left as it is (ADR 016).
 * Answers whether the page changed.
 */
export async function applyPaymentToPage(
  tx: Executor,
  request: {
    profile: { id: string; status: ProfileStatus; ownerUserId: string | null };
    to: ProfileStatus;
    reason: ReasonOf<"payment">;
    paidUntil?: Date;
    orderNumber: string;
    actorUserId?: string | null;
    now: Date;
  },
): Promise<boolean> {
  const { profile, to, now } = request;
  const fields = request.paidUntil ? { paidUntil: request.paidUntil } : {};
  if (mayChangeStatus(profile.status, to, "payment")) {
    await changeStatus(tx, {
      profile,
      to,
      cause: "payment",
      reason: request.reason,
      actorUserId: request.actorUserId ?? null,
      fields,
      now,
    });
    return true;
  }
  if (profile.status === "removed") return false;
  if (request.paidUntil) {
    await tx
      .update(profiles)
      .set({ ...fields, updatedAt: now })
      .where(eq(profiles.id, profile.id));
  }
  await audit(tx, {
    action: "payment.status_kept",
    actorUserId: request.actorUserId ?? null,
    targetUserId: profile.ownerUserId,
    details: {
      profileId: profile.id,
      status: profile.status,
      refused: to,
      reason: request.reason,
      orderNumber: request.orderNumber,
    },
    ip: null,
    userAgent: null,
  });
  return !!request.paidUntil;
}
