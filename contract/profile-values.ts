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

export const walkthroughSteps = ["welcome", "name", "story", "images", "links", "publish"] as const;
export type WalkthroughStep = (typeof walkthroughSteps)[number];

export const profileVisibilities = ["public", "unlisted"] as const;

export const profileSorts = ["created_desc", "created_asc", "updated_desc", "id_asc"] as const;

export const maxBatchSize = 10_000;
