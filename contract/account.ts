// Payloads of a customer's own data calls (ADR 016): the export of all their data, and deleting the
// account; and the admin's deletion of an account on its customer's request.
import { typedPassword } from "./auth";
import { z } from "./zod";

export const deleteAccountRequestSchema = z.object({ password: typedPassword });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export const accountDeletedSchema = z.object({
  /** The pages that now say they were removed (their ids stay taken). */
  removedPages: z.array(z.string()),
  /** Orders kept for bookkeeping, without the erased fields. */
  keptOrders: z.number().int().min(0),
});
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

export const adminEraseAccountRequestSchema = z.object({
  userId: z.uuid({ error: "userId must be a user id." }),
});
export type AdminEraseAccountRequest = z.infer<typeof adminEraseAccountRequestSchema>;
