// The session as the browser keeps it in localStorage["session"] (spec section 3).
import { z } from "./zod";

export { sessionStorageKey } from "./storage-keys";

export const sessionUserSchema = z.object({ id: z.string().max(64), email: z.string().max(254) });

export const storedSessionSchema = z.object({
  access_token: z.string().min(1).max(200),
  expires_at: z.string().max(64).optional(),
  user: sessionUserSchema,
});
export type StoredSession = z.infer<typeof storedSessionSchema>;
