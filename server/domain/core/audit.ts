// The security audit log: who did what to whom, when and from where.
import type { Executor } from "../../db/client";
import { auditLog } from "../../db/schema";

export type AuditAction =
  | "login.success"
  | "login.failure"
  | "signup"
  | "logout"
  | "password.change"
  | "password.reset_request"
  | "password.reset"
  | "password.console_reset"
  | "admin.user_fetch"
  | "admin.set_password"
  | "admin.bootstrap"
  | "admin.profiles_create"
  | "admin.profile_status"
  | "admin.checkout_link_create"
  | "admin.checkout_link_revoke"
  | "admin.creditor_save"
  | "admin.invoice_issue"
  | "admin.invoice_payment"
  | "admin.invoice_credit"
  | "admin.invoice_reminder"
  | "admin.partner_whitelist_add"
  | "admin.partner_whitelist_update"
  | "admin.partner_whitelist_remove"
  | "admin.partner_whitelist_invite"
  | "admin.plaques_sent"
  | "admin.qr_printed"
  | "admin.memory_hidden"
  | "admin.memory_kept"
  // A candle its page's owner (or an editor) took away.
  | "memory.candle_remove"
  | "partner.signup"
  | "partner.signup_refused"
  | "partner.organisation_name"
  // A partner's colleagues.
  | "partner.colleague_invite"
  | "partner.invitation_withdraw"
  | "partner.colleague_remove"
  // The pages a partner makes for its families, their QR sheet and claim links.
  | "partner.pages_create"
  | "partner.qr_printed"
  | "partner.page_send"
  | "partner.page_take_back"
  | "profile.claim"
  // A page a customer started themselves (POST /api/kammare/start).
  | "profile.start"
  // A page's family: invitations, editors, a hand-over.
  | "family.invite"
  | "family.invite_revoke"
  | "family.invite_accept"
  | "family.editor_remove"
  | "family.editor_leave"
  | "family.handover"
  | "trial_ending_notice"
  | "account.delete"
  | "account.export"
  // A payment booked for a page whose status no payment may change (suspended): kept on its order.
  | "payment.status_kept"
  | "subscription.cancel"
  | "subscription.resume"
  | "subscription.switch"
  | "subscription.card_updated"
  | "subscription.withdraw";

export type RequestOrigin = { ip: string | null; userAgent: string | null };

export type AuditEntry = RequestOrigin & {
  action: AuditAction;
  actorUserId?: string | null;
  targetUserId?: string | null;
  details?: Record<string, unknown>;
};

export async function audit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    targetUserId: entry.targetUserId ?? null,
    ip: entry.ip,
    userAgent: entry.userAgent?.slice(0, 500) ?? null,
    details: entry.details ?? {},
  });
}
