// The keepsake the family keeps (decisions "A page that lasts as long as the grave"): a ZIP with a copy
// of the page that opens with no server and no network, the original photos and the memorial book, and
// the book on its own as a PDF in A4 or A5. Only the page's owner, its editors and the admins get them.
import { profileIdSchema } from "./profiles";
import { z } from "./zod";

export const bookSizes = ["a4", "a5"] as const;
export type BookSizeValue = (typeof bookSizes)[number];

/** GET /api/kammare/keepsake: the whole keepsake of one page, as a ZIP. */
export const keepsakeQuerySchema = z.object({ profileId: profileIdSchema });

/** GET /api/kammare/keepsake/book: the memorial book alone, in A4 (the default) or A5. */
export const keepsakeBookQuerySchema = z.object({
  profileId: profileIdSchema,
  size: z.enum(bookSizes, { error: "size is a4 or a5." }).default("a4"),
});

/**
 * POST /api/kammare/keepsake/links: before deleting their account, its owner is e-mailed a link to the
 * keepsake of each page they own (the account screen asks it when deletion is asked); nothing to send.
 */
export const keepsakeLinksRequestSchema = z.object({}).strict();
export const keepsakeLinksAnswerSchema = z.object({
  /** The pages whose keepsake the e-mail links to (none: no e-mail was sent). */
  pages: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type KeepsakeLinksAnswer = z.infer<typeof keepsakeLinksAnswerSchema>;

export * from "./keepsake-values";
