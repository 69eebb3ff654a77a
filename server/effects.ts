// The app's one dispatcher of domain events (ADR 033): what each recorded event does in this process
// once its transaction has committed. Subscribed once per app, on its database, by createApp; the
// domain records events and never learns who acts on them.
import type { BackgroundTasks } from "./background";
import type { Database } from "./db/client";
import { sendCheckoutLinkEmail, type Seller, tellCustomer } from "./domain/billing";
import { onDomainEvents, type DomainEvent } from "./domain/core";
import { sendInvitationEmail } from "./domain/family";
import { sendPartnerInvitation } from "./domain/partners";
import { sendPartnerPageEmail } from "./domain/partner-pages";
import { sendPageInvitationEmail } from "./domain/private-pages";
import { sendMemoryReceipt, tellOwnerOfFirstMemory, tellOwnerOfReport } from "./domain/memories";
import type { KeptPages } from "./http/kept-pages";
import type { PageCache } from "./http/page-cache";
import type { EmailSender } from "./providers/email/types";

export type EffectProviders = {
  /** This process's cached `/k/{id}` pages; other processes drop theirs on the database's NOTIFY. */
  pageCache?: PageCache;
  /** This process's kept page data (ADR 047), dropped with the page. */
  keptPages?: KeptPages;
  email: EmailSender;
  /** E-mails go here, after the answer: a slow mail server never holds a visitor's request. */
  background: BackgroundTasks;
  publicUrl: string;
  /** The seller on receipts and credit notes while no creditor is set up (SELLER_*). */
  seller: Seller;
};

function runEffect(db: Database, event: DomainEvent, providers: EffectProviders): void {
  switch (event.type) {
    case "page.changed":
      // Dropped before the API's answer goes out, so the change's author never sees the old page.
      providers.pageCache?.invalidate(event.profileId);
      providers.keptPages?.invalidate(event.profileId);
      return;
    case "memory.written": {
      const { profileId, receipt } = event;
      const { email, background, publicUrl } = providers;
      if (receipt) {
        const message = { db, ...receipt, profileId, publicUrl };
        background.run("memory receipt", () => sendMemoryReceipt(email, message));
      }
      background.run("first memory", () =>
        tellOwnerOfFirstMemory(db, email, { profileId, publicUrl }).then(() => undefined),
      );
      return;
    }
    case "memory.reported": {
      const { reportId, memoryId, profileId } = event;
      const { email, background, publicUrl } = providers;
      background.run("memory report", () =>
        tellOwnerOfReport(db, email, { reportId, memoryId, profileId, publicUrl }).then(() => undefined),
      );
      return;
    }
    case "family.invited": {
      const { email, background, publicUrl } = providers;
      background.run("family invitation", () => sendInvitationEmail(email, event, publicUrl));
      return;
    }
    case "page-visitor.invited": {
      const { email, background, publicUrl } = providers;
      background.run("private page invitation", () => sendPageInvitationEmail(email, event, publicUrl));
      return;
    }
    case "checkout-link.made": {
      const { email, background, publicUrl } = providers;
      background.run("checkout link", () =>
        sendCheckoutLinkEmail(db, email, { linkId: event.linkId, publicUrl }),
      );
      return;
    }
    case "partner.invited": {
      const { email, background, publicUrl } = providers;
      background.run("partner invitation", () => sendPartnerInvitation(email, publicUrl, event));
      return;
    }
    case "partner-page.sent": {
      const { email, background, publicUrl } = providers;
      background.run("partner page link", () => sendPartnerPageEmail(email, event, publicUrl));
      return;
    }
    default: {
      // A money event: its customer is e-mailed at once (decisions "Where money meets people").
      const { email, background, publicUrl, seller } = providers;
      background.run(event.type, () => tellCustomer(db, email, event, { publicUrl, seller }));
      return;
    }
  }
}

/**
 * Subscribes the app's effects to `db`'s events. Answers the unsubscribe. An app made again from the
 * same e-mail sender on the same database replaces the earlier one (the dev server makes one per
 * request); apps with senders of their own (tests' outboxes) each act, as each sent its own before.
 */
export function dispatchDomainEvents(db: Database, providers: EffectProviders): () => void {
  return onDomainEvents(db, (event) => runEffect(db, event, providers), providers.email);
}
