// The feature's face (ADR 023): what other modules use of it, by name; the rest stays inside the feature.
export {
  assertMayEditProfile,
  assertOwnsProfile,
  type EditorsOnlyRefusal,
  type OwnerOnlyRefusal,
  claimProfile,
  isProfileEditor,
  ownerEmailOf,
  pageMissing,
  saveWalkthroughStep,
  setProfileStatus,
  updateProfileContent,
  updateProfileMetadata,
} from "./profiles";
export { createProfiles } from "./create-profiles";
export { liveStatuses, profileView } from "./profile-view";
export { newProfileId } from "./profile-ids";
export { listProfiles, profileSearch } from "./profile-list";
export {
  changeStatus,
  changeStatusOfMany,
  mayChangeStatus,
  type ReasonOf,
  StatusTransitionError,
} from "./status-machine";
export { attribute, attributeClaim, organisationIdBySlug } from "./attribution";
export { addFirstName, findFirstName, listFirstNames, removeFirstName } from "./first-names";
export { imageKeysOf, uploadProfileImage } from "./images";
export {
  isEmailVerified,
  startExtendedTrial,
  startFreeTrial,
  trialChoices,
  type TrialProvider,
} from "./trials";
export { adminCreateProfiles, adminProfileDetail } from "./admin-profiles";
export { setProfileOwner } from "./ownership";
export { restingSummary } from "./resting";
export { startPage, type StartPageLimit } from "./start-page";
export { chaptersOf, pageChapters, type ChapterSummary } from "./chapters";
