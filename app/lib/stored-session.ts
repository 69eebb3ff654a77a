// Reads the stored session from localStorage, checked with zod; anything unreadable counts as none.
import { sessionStorageKey, storedSessionSchema, type StoredSession } from "../../contract/session";

export function readStoredSession(): StoredSession | null {
  if (typeof window === "undefined") return null;
  try {
    const raw = window.localStorage.getItem(sessionStorageKey);
    if (!raw) return null;
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
