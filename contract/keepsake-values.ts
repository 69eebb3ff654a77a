// Where the keepsake is found (decisions "A page that lasts as long as the grave"). A plain module (no
// zod): the owner's page and the account screen load it on their first load; contract/keepsake.ts
// re-exports it beside the API's schemas.

/** Where on its page the owner finds the keepsake panel: the e-mails link there (a signed-in download). */
export const keepsakeAnchor = "keepsake";
export function keepsakePagePath(profileId: string): string {
  return `/k/${encodeURIComponent(profileId)}#${keepsakeAnchor}`;
}
