// What happened, recorded by the domain and acted on after the commit (ADR 033). A domain function
// records an event in the transaction that makes the change (`recordEvent(tx, ...)` inside
// `transaction(db, ...)`); the events of a transaction that rolls back are dropped, those of one that
// commits go, once each, to the handlers the app subscribed on its database (`onDomainEvents`: the
// page cache and e-mails, server/effects.ts). Recorded on the database itself, outside a transaction, an event goes at once:
// the change it names is already committed. So no router or loader carries a callback for effects.
import { PgTransaction } from "drizzle-orm/pg-core";
import type { InvitationKind } from "../../../contract/family-values";
import type { Locale } from "../../../contract/locale";
import type { OrderPlan } from "../../../contract/orders";
import type { Database, Executor, Transaction } from "../../db/client";

/**
 * A page's public content or status changed: its cached copies in this process go now. Other
 * processes hear of it from the database's own `profile_changed` notification at commit (ADR 008).
 */
export type PageChanged = { type: "page.changed"; profileId: string };

/**
 * A visitor's memory was kept: the page's keepers hear of its first memory, and a writer who left an
 * address gets the receipt with the one link that deletes it (in the language they wrote in).
 */
export type MemoryWritten = {
  type: "memory.written";
  memoryId: string;
  profileId: string;
  receipt: { to: string; token: string; locale: Locale } | null;
};

/**
 * A visitor's report opened a new report of a shown memory: the page's owner hears of it in their
 * language, with the link to where they can hide or remove it (the admin's queue has it too). Later
 * reports joining the open one tell nobody again: a flood is one e-mail.
 */
export type MemoryReported = {
  type: "memory.reported";
  reportId: string;
  memoryId: string;
  profileId: string;
};

/**
 * The owner invited an address to help keep the page or to take it over: the e-mail with the one
 * link that accepts it goes to that address, in the inviter's language (ADR 029).
 */
export type FamilyInvited = {
  type: "family.invited";
  invitationId: string;
  profileId: string;
  to: string;
  kind: InvitationKind;
  token: string;
  pageName: string;
  /** The inviter as the e-mail names them: the name they signed with, or their address. */
  inviter: string;
  note: string | null;
  locale: Locale;
};

/**
 * Money that concerns a customer changed (decisions "Where money meets people"): each is e-mailed to
 * its customer at once after the commit, in the account's language. The event carries what happened;
 * the e-mail looks up only who to write to and in which language.
 */
export type MoneyEvent =
  /** An order was paid: its receipt goes now (the sweep sends it only if this one did not go). */
  | { type: "payment.booked"; orderId: string; profileId: string }
  /** A renewal paid a later period: its own receipt goes now (renewal_receipts, one per payment). */
  | { type: "renewal.paid"; paymentEventId: string; profileId: string }
  /** A card kept for a trial's end: the first charge's date and amount, and how to cancel. */
  | (CustomerFacts & { type: "card.saved"; firstChargeAt: Date; amountOre: number; currency: string })
  | (CustomerFacts & { type: "subscription.cancelled"; endsAt: Date })
  | (CustomerFacts & {
      type: "subscription.resumed";
      nextCharge: { at: Date; amountOre: number } | null;
      endsAt: Date | null;
    })
  /** The plan from the next period (the one it had, when a switch was taken back). */
  | (CustomerFacts & { type: "subscription.switched"; plan: OrderPlan; from: Date | null; amountOre: number })
  /** A prepaid term runs out in six months or one month: its page's owner is reminded (ADR 041). */
  | (CustomerFacts & { type: "term.ending"; paidUntil: Date; monthsLeft: 6 | 1 })
  /** The first payment given back: the credit note for its receipt. */
  | (CustomerFacts & { type: "subscription.withdrawn"; orderId: string; amountOre: number })
  /** Someone gave the page a year (ADR 044): its owner and editors are told who (or that someone did). */
  | { type: "gift.given"; orderId: string; profileId: string }
  /** A page changed hands: the old owner and the new are each told what it means for them. */
  | { type: "page.handed-over"; profileId: string; fromUserId: string | null; toUserId: string };

/** The customer an event's e-mail goes to, about which page. */
type CustomerFacts = { customerUserId: string; profileId: string };

/**
 * An admin made a checkout link and asked for it to be e-mailed: its customer gets it, in their
 * language, once the link is stored (ADR 033).
 */
export type CheckoutLinkMade = { type: "checkout-link.made"; linkId: string };

/**
 * An address was put on the partner whitelist (by an admin, or by a colleague into their organisation),
 * or an admin sent its invitation again: the e-mail with the partner sign-up link goes to it once the
 * entry (and its audit) is committed (ADR 029, ADR 033).
 */
export type PartnerInvited = {
  type: "partner.invited";
  entryId: string;
  to: string;
  /** The organisation's name as the invitee knows it. */
  organisation: string;
  /** A colleague's address when a colleague invited; null when Kammare (an admin) did. */
  invitedBy: string | null;
  locale: Locale;
};

/**
 * The family invited an address to see their private page (ADR 043): the e-mail with the link that
 * lets its holder in goes to that address, in the inviter's language.
 */
export type PageVisitorInvited = {
  type: "page-visitor.invited";
  invitationId: string;
  profileId: string;
  to: string;
  token: string;
  pageName: string;
  /** The inviter's address, as the e-mail names them. */
  inviter: string;
  locale: Locale;
};

/**
 * A partner sent (or sent again) the claim link of a page it made to a family: the e-mail naming the
 * partner's organisation, with its note and the link, goes once the sending is committed.
 */
export type PartnerPageSent = {
  type: "partner-page.sent";
  profileId: string;
  /** Which sending of the page (1 for the first): a resend is an e-mail of its own. */
  sending: number;
  to: string;
  organisation: string;
  note: string | null;
  /** The extended trial's days when the partner gave the family that trial; null when it did not. */
  extendedTrialDays: number | null;
  locale: Locale;
};

export type DomainEvent =
  | PageChanged
  | PartnerPageSent
  | MemoryWritten
  | MemoryReported
  | FamilyInvited
  | CheckoutLinkMade
  | PartnerInvited
  | PageVisitorInvited
  | MoneyEvent;

export type DomainEventHandler = (event: DomainEvent) => void;

/** The events a transaction opened by `transaction` has recorded so far, and its database. */
type Unit = { root: Database; events: DomainEvent[] };

// Keyed by the executor's Drizzle session (one per opened database, one per transaction), not by the
// object: the same database reached through a wrapper (the tests' late-bound proxy) is the same one.
// So two apps on two databases in one process never hear each other's events, and a closed database
// takes its handlers with it.
type SessionKey = Executor["_"]["session"];
const handlersByDatabase = new WeakMap<SessionKey, Set<DomainEventHandler>>();
const openUnits = new WeakMap<SessionKey, Unit>();
const keyOf = (executor: Executor): SessionKey => executor._.session;

/** A page changed (its content, status, people or money). */
export const pageChanged = (profileId: string): PageChanged => ({ type: "page.changed", profileId });

// A subscription given an owner replaces that owner's earlier one on the same database: the dev server
// makes an app per request from the same providers, and each must not send every e-mail once more.
const ownedHandlers = new WeakMap<SessionKey, WeakMap<object, DomainEventHandler>>();

/**
 * Subscribes `handler` to every event dispatched on `db` (after commit). Answers the unsubscribe.
 * The app subscribes once (server/effects.ts, owned by its e-mail sender); tests subscribe to watch
 * what a change announced.
 */
export function onDomainEvents(db: Database, handler: DomainEventHandler, owner?: object): () => void {
  const key = keyOf(db);
  let handlers = handlersByDatabase.get(key);
  if (!handlers) {
    handlers = new Set();
    handlersByDatabase.set(key, handlers);
  }
  if (owner) {
    let owned = ownedHandlers.get(key);
    if (!owned) {
      owned = new WeakMap();
      ownedHandlers.set(key, owned);
    }
    const earlier = owned.get(owner);
    if (earlier) handlers.delete(earlier);
    owned.set(owner, handler);
  }
  handlers.add(handler);
  const subscribed = handlers;
  return () => {
    subscribed.delete(handler);
  };
}

/** The same event twice in one transaction is one effect (two status writes, one cache drop). */
function eventKey(event: DomainEvent): string {
  switch (event.type) {
    case "page.changed":
      return `${event.type} ${event.profileId}`;
    case "memory.written":
      return `${event.type} ${event.memoryId}`;
    case "memory.reported":
      return `${event.type} ${event.reportId} ${event.memoryId}`;
    case "family.invited":
      return `${event.type} ${event.invitationId}`;
    case "payment.booked":
    case "gift.given":
      return `${event.type} ${event.orderId}`;
    case "renewal.paid":
      return `${event.type} ${event.paymentEventId}`;
    case "page.handed-over":
      return `${event.type} ${event.profileId} ${event.toUserId}`;
    case "checkout-link.made":
      return `${event.type} ${event.linkId}`;
    case "partner.invited":
      return `${event.type} ${event.entryId}`;
    case "page-visitor.invited":
      return `${event.type} ${event.invitationId}`;
    case "partner-page.sent":
      return `${event.type} ${event.profileId} ${event.sending}`;
    default:
      return `${event.type} ${event.profileId} ${event.customerUserId}`;
  }
}

function dispatch(db: Database, events: readonly DomainEvent[]): void {
  const handlers = handlersByDatabase.get(keyOf(db));
  if (!handlers || events.length === 0) return;
  const seen = new Set<string>();
  const failures: unknown[] = [];
  for (const event of events) {
    const key = eventKey(event);
    if (seen.has(key)) continue;
    seen.add(key);
    for (const handler of handlers) {
      // One failing effect does not keep the others from running; the commit stands either way.
      try {
        handler(event);
      } catch (error) {
        failures.push(error);
      }
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, "a domain event's effect failed");
}

/**
 * Records what happened. In a transaction opened by `transaction`, it waits for that transaction's
 * commit (and is dropped if it rolls back); on the database itself, it is dispatched now. A
 * transaction opened by `db.transaction` directly cannot tell us when it commits, so recording in
 * one is a programming error, refused loudly rather than acted on too early.
 */
export function recordEvent(executor: Executor, event: DomainEvent): void {
  const unit = openUnits.get(keyOf(executor));
  if (unit) {
    unit.events.push(event);
    return;
  }
  if (executor instanceof PgTransaction) {
    throw new Error(`recordEvent(${event.type}) in a transaction not opened with transaction()`);
  }
  dispatch(executor as Database, [event]);
}

/**
 * Runs `work` in a transaction and dispatches the events it recorded once it has committed. Given a
 * transaction already opened by `transaction`, it opens a savepoint inside it, whose events join the
 * outer transaction's when the savepoint holds (and go only at the outer commit).
 */
export async function transaction<T>(executor: Executor, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const outer = openUnits.get(keyOf(executor));
  if (!outer && executor instanceof PgTransaction) {
    throw new Error("transaction() inside a transaction not opened with transaction()");
  }
  const root = outer ? outer.root : (executor as Database);
  const unit: Unit = { root, events: [] };
  const result = await executor.transaction(async (tx) => {
    openUnits.set(keyOf(tx), unit);
    try {
      return await work(tx);
    } finally {
      openUnits.delete(keyOf(tx));
    }
  });
  if (outer) outer.events.push(...unit.events);
  else dispatch(root, unit.events);
  return result;
}
