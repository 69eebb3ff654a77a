// A private page's door (ADR 043): its limits and the outcomes the door shows. A plain module (no zod):
// the public page and the owner's editor load it in the browser on their first load, the schemas in
// contract/private-pages.ts (which re-exports these) only when they call the API.

/** A visitor let in stays let in on that browser this long (decisions "A page that lasts as long as the grave"). */
export const visitorAccessDays = 30;

/** The shortest visitor password: the family shares it by word of mouth, so it may be short, not trivial. */
export const visitorPasswordMinLength = 6;

/** At most this many open invitations per page. */
export const maxPageInvitations = 200;

/** The form field and query parameter the door's outcome comes back in (`/k/{id}?door=wrong#door`). */
export const doorOutcomeParam = "door";
export const doorOutcomes = ["wrong", "limited", "revoked", "missing"] as const;
export type DoorOutcome = (typeof doorOutcomes)[number];

/** The id of the door's form, where a refusal is said. */
export const doorAnchor = "door";

/** The cookie that lets a visitor in, one per page (its name carries the page's code). */
export function visitorAccessCookieName(profileId: string): string {
  return `kammare_door_${profileId}`;
}
