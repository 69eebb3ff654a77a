// The fixed values of profiles: statuses, walkthrough steps, visibilities, sorts and limits. No zod
// here: the public page and its editor use them in their first load.
export const profileStatuses = [
  "unclaimed",
  "draft",
  "trial",
  "extended_trial",
  "active",
  "past_due",
  "expired",
  "suspended",
] as const;
export type ProfileStatus = (typeof profileStatuses)[number];

/**
 * Why the system itself changed a page's status, kept as a code in the status history and shown in
 * the reader's language. An admin's own reason is free text, kept beside the code (never as one).
 */
export const statusReasonCodes = [
  "created", // a new page (unclaimed, or a draft for its owner)
  "claimed", // an unclaimed page taken by its owner (or given to one by an admin)
  "trial_started_on_publish", // the first publishing started the free trial
] as const;
export type StatusReasonCode = (typeof statusReasonCodes)[number];

export const walkthroughSteps = ["welcome", "name", "story", "images", "links", "publish"] as const;
export type WalkthroughStep = (typeof walkthroughSteps)[number];

export const profileVisibilities = ["public", "unlisted"] as const;

export const profileSorts = ["created_desc", "created_asc", "updated_desc", "id_asc"] as const;

export const maxBatchSize = 10_000;
