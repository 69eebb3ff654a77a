// What the profile page (`/k/{id}`, app/routes/profile/page.tsx) hands its views: the route's
// loader returns it and the views take it, both importing it from here (the views do not import
// the route).
import type { CustomerSubscription } from "../../../contract/subscriptions";
import type { CustomerInvoice } from "../../../contract/invoices";
import type { ProfileView } from "../../../contract/profiles";

export type ProfilePageData = {
  id: string;
  status: ProfileView["status"];
  /** The public sees the page itself (liveStatuses). */
  live: boolean;
  /** Null for a page that is not live, unless the viewer may edit it. */
  content: ProfileView["content"] | null;
  visibility: ProfileView["metadata"]["visibility"];
  /** The language the owner writes the page in. */
  language: ProfileView["metadata"]["language"];
  /** The walkthrough steps done, for an owner or admin; empty otherwise. */
  walkthroughDone: ProfileView["walkthrough"][number]["step"][];
  trialEndsAt: string | null;
  canEdit: boolean;
  isOwner: boolean;
  viewer: { id: string; email: string } | null;
  pageUrl: string;
  publicUrl: string;
  /** The owner's unpaid invoice for the page: while it runs, it is how the page is paid. */
  unpaidInvoice: CustomerInvoice | null;
  /** The owner's subscription of the page, if one runs (its plan, next charge, or end). */
  subscription: CustomerSubscription | null;
};
