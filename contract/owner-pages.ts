// An owner's pages (ADR 029): each page an account owns or helps keep as an editor,
// by name, portrait and status, with its next step; and what a resting (expired) page still shows
// visitors ("Never dark"). Plain types: the lists are read by the pages' loaders, not by an API call.
import type { ProfileStatus } from "./profile-values";

/** What the owner (or an editor) does next on a page, in the order a page lives. */
export const ownerPageSteps = ["publish", "pay", "renew", "invoice", "open", "edit"] as const;
export type OwnerPageStep = (typeof ownerPageSteps)[number];

export type OwnerPage = {
  id: string;
  /** Whether the account owns the page or helps keep it as an editor. */
  role: "owner" | "editor";
  status: ProfileStatus;
  /** The page's name; empty while a claimed page has none yet. */
  name: string;
  /** The portrait's small variant (or the stored address when it has none); null without a portrait. */
  portraitUrl: string | null;
  /** ISO: the trial's end, for a page in a trial. */
  trialEndsAt: string | null;
  /** ISO: the end of the paid period, for a paid page. */
  paidUntil: string | null;
  /** The owner's own card plan runs for the page (never after a hand-over until the new owner starts one). */
  hasPlan: boolean;
  /**
   * A card plan will charge again (running, not cancelled). False for a period paid by invoice, which
   * is one period and does not renew by itself, and for a cancelled plan.
   */
  renews: boolean;
  /** ISO: a past-due page's day to pay by (it rests then unless paid), for its owner; null otherwise. */
  payBy: string | null;
  /** The one thing to do next and where; null when there is nothing to do (a suspended page). */
  next: { step: OwnerPageStep; href: string } | null;
};

export type OwnerPages = {
  /** The pages the account owns, oldest first (the first is where "/" sends its owner). */
  owned: OwnerPage[];
  /** The pages it helps keep as an editor, in the order it joined them. */
  helping: OwnerPage[];
};

/** A resting page as visitors see it: the name, the dates, the portrait and the story's first lines. */
export type RestingSummary = {
  name: string;
  /** YYYY-MM-DD, when the owner gave them. */
  birthDate: string | null;
  deathDate: string | null;
  /** Shown in place of the dates when there are none. */
  subtitle: string;
  portraitImageUrl: string | null;
  /** The story's first paragraph (single line breaks kept), cut at a word past 600 characters. */
  firstParagraph: string;
};
