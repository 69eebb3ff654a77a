// The session as the browser keeps it in localStorage["session"] (spec section 3).
import { text, z } from "./zod";

export { sessionStorageKey } from "./storage-keys";

export const sessionUserSchema = z.object({
  id: text("The user id").max(64),
  email: text("The e-mail address").max(254),
});

export const storedSessionSchema = z.object({
  access_token: text("The access token").min(1).max(200),
  expires_at: text("The expiry").max(64).optional(),
  user: sessionUserSchema,
});
export type StoredSession = z.infer<typeof storedSessionSchema>;
