// The session as the browser keeps it in localStorage["session"] (spec section 3).
import { z } from "./zod";

export const sessionStorageKey = "session";

export const sessionUserSchema = z.object({ id: z.string(), email: z.string() });

export const storedSessionSchema = z.object({
  access_token: z.string().min(1),
  expires_at: z.string().optional(),
  user: sessionUserSchema,
});
export type StoredSession = z.infer<typeof storedSessionSchema>;
