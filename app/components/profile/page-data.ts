// What the profile page (`/k/{id}`, app/routes/profile/page.tsx) hands its views: the route's
// loader returns it and the views take it, both importing it from here (the views do not import
// the route).
import type { CustomerSubscription } from "../../../contract/subscriptions";
import type { CustomerInvoice } from "../../../contract/invoices";
import type { Ceremony, ProfileView } from "../../../contract/profiles";
import type { RestingSummary } from "../../../contract/owner-pages";
import type { PublicPhotos } from "../../../contract/public-photos";
import type { MemoryFormPlace, MemoryOutcome, PublicMemories } from "../../../contract/memories";
import type { Video } from "../../../contract/videos";
import type { PageDoor } from "../../../contract/private-pages";

/**
 * A suspended page, as its owner and editors see it (decisions "Where money meets people"): that it
 * is suspended and whom to contact; nothing of its content. Everyone else gets the 404.
 */
export type SuspendedPageData = {
  suspended: true;
  id: string;
  name: string;
  supportEmail: string;
};

export type RestingPage = RestingSummary & {
  ceremony: Ceremony | null;
  /**
   * Null when the owner turned candles off; else the count and names, and the form to light one (a
   * resting page still takes candles: decisions "Where money meets people").
   */
  candles:
    (Pick<PublicMemories, "moderation"> & { summary: PublicMemories["candles"]; formToken: string }) | null;
};

export type ProfilePageData = {
  id: string;
  status: ProfileView["status"];
  /** The public sees the page itself (liveStatuses). */
  live: boolean;
  /** Null for a page that is not live, unless the viewer may edit it. */
  content: ProfileView["content"] | null;
  /**
   * A resting (expired) page's name, dates, portrait and first lines, its ceremony if one is ahead,
   * and its candles: what visitors still see (decisions "Where money meets people").
   */
  resting: RestingPage | null;
  visibility: ProfileView["metadata"]["visibility"];
  /** The language the owner writes the page in. */
  language: ProfileView["metadata"]["language"];
  /** The walkthrough steps done, for an owner or admin; empty otherwise. */
  walkthroughDone: ProfileView["walkthrough"][number]["step"][];
  trialEndsAt: string | null;
  /** ISO: the end of the time paid for, for the owner; after a hand-over, paid by the owner before. */
  paidUntil: string | null;
  canEdit: boolean;
  isOwner: boolean;
  /** One of the page's editors: edits and moderates, but sees no payment or orders. */
  isEditor: boolean;
  viewer: { id: string; email: string } | null;
  pageUrl: string;
  publicUrl: string;
  /** The videos visitors see (links, and clips once converted), in the family's order. */
  videos: Video[];
  /** The owner's unpaid invoice for the page: while it runs, it is how the page is paid. */
  unpaidInvoice: CustomerInvoice | null;
  /** The owner's subscription of the page, if one runs (its plan, next charge, or end). */
  subscription: CustomerSubscription | null;
  /** For its owner, a past-due page's day to pay by: it rests then unless paid (null otherwise). */
  payBy: string | null;
  /**
   * The memories and candles visitors see on a live page (null otherwise), with the token its forms
   * carry; `before` is the list's position when the visitor paged back (`?before=`).
   */
  memories: (PublicMemories & { formToken: string; before: string | null }) | null;
  /** The albums and shown photos visitors see on a live page (or its editors on theirs); null otherwise. */
  photos: PublicPhotos | null;
  /** What a visitor's form post came back with (`?memory=`), and a refused memory's fields. */
  memoryOutcome: {
    outcome: MemoryOutcome;
    /** Which part of the page says it: the list, the candles or the memory's form. */
    at: MemoryFormPlace;
    name: string;
    relation: string;
    text: string;
  } | null;
  /**
   * An unclaimed page a partner made for its family: the partner's name, and whether it took the
   * page's link back (the claim view then says so instead of offering the page).
   */
  madeBy: { organisation: string; takenBack: boolean } | null;
  /** For whoever may decide them: the memories waiting for a decision (the owner bar's count). */
  memoriesWaiting: number;
};

/** A private page to a visitor who is not let in (ADR 043): its door, and nothing of its content. */
export type DoorPageData = { door: PageDoor };
