// How often a partner may e-mail families the claim link of the pages it made.
import type { Database } from "../../db/client";
import { countAttempt, refuse } from "../core";

/**
 * How many claim e-mails an organisation sends in a day, and one page in an hour: a whitelisted
 * partner is trusted, but an account taken over must not become a way to send mail to anyone.
 */
export const partnerSendLimits = {
  organisation: { max: 300, hours: 24 },
  page: { max: 5, hours: 1 },
} as const;

/** Counts a sending against both limits; over either, refused with the one it is over. */
export async function countSending(db: Database, organisationId: string, profileId: string): Promise<void> {
  for (const [which, key] of [
    ["organisation", `partner-page-send:organisation:${organisationId}`],
    ["page", `partner-page-send:page:${profileId}`],
  ] as const) {
    const { max, hours } = partnerSendLimits[which];
    const counted = await countAttempt(db, { key, max, windowSeconds: hours * 60 * 60 });
    if (counted.over) {
      throw refuse(
        which === "page" ? "partner.page-send-limit" : "partner.send-limit",
        { max, hours },
        { retryAfterSeconds: counted.retryAfter },
      );
    }
  }
}
