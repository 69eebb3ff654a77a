// The family's refusals (issue 25), without zod: the domain throws them, the browser's screens know them
// by their text to say them in the reader's language.
import { maxEditorsPerPage } from "./family-values";

/** The refusals the invitation page and its tests name; each has its own status (see the domain). */
export const familyMessages = {
  wrongAccount: "This invitation was sent to another address.",
  expired: "This invitation has expired. Ask for a new one.",
  used: "This invitation has been used already.",
  revoked: "This invitation was withdrawn (a newer one may have been sent).",
  invalid: "This invitation link is not valid.",
  tooMany: `A page has at most ${maxEditorsPerPage} editors and open invitations.`,
  yourself: "You cannot invite yourself.",
  alreadyEditor: "This person already helps keep the page.",
  alreadyOwner: "You own this page already.",
  noSuchEditor: "This person is not an editor of the page.",
  noSuchInvitation: "There is no such open invitation.",
} as const;
