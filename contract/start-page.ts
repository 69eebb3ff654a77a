// A page a family starts themselves (decisions "Pages a family can start, and funeral homes that hand
// them out"): POST /api/kammare/start makes a fresh page owned by the signed-in customer, a draft as a
// just-claimed page is, and answers its id; the walkthrough takes over at /k/{id}. A referral (`ref`,
// a partner's slug from the link; else the referral cookie) attributes the page to that partner.
import { isPartnerSlug, slugMaxLength } from "./partner-links";
import { profileIdSchema } from "./profiles";
import { text, z } from "./zod";

// The plain values (no zod) are in ./start-page-values, for the browser's sign-in and welcome screens.
export { startPageDefaults, startPageQuery } from "./start-page-values";

export const startPageRequestSchema = z.object({
  ref: text("ref")
    .trim()
    .toLowerCase()
    .max(slugMaxLength, `ref has at most ${slugMaxLength} characters.`)
    .refine(isPartnerSlug, "ref must be a partner's slug (a-z, 0-9 and hyphens).")
    .optional(),
});
export type StartPageRequest = z.infer<typeof startPageRequestSchema>;

export const startPageAnswerSchema = z.object({ id: profileIdSchema });
export type StartPageAnswer = z.infer<typeof startPageAnswerSchema>;
