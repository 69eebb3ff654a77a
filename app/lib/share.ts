// Sharing a page's link: the device's share sheet where there is one, else the clipboard. Used by
// the React components; the light page's visitor script does the same without React.
import { useSyncExternalStore } from "react";

export type ShareResult = "shared" | "copied" | "failed" | "cancelled";

export function canShareNatively(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.share === "function";
}

export async function copyLink(url: string): Promise<ShareResult> {
  try {
    await navigator.clipboard.writeText(url);
    return "copied";
  } catch {
    return "failed";
  }
}

export async function shareLink(url: string, title: string): Promise<ShareResult> {
  if (!canShareNatively()) return copyLink(url);
  try {
    await navigator.share({ title, url });
    return "shared";
  } catch (error) {
    return error instanceof DOMException && error.name === "AbortError" ? "cancelled" : copyLink(url);
  }
}

const noSubscription = () => () => {};

/** False on the server and in the first render; true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
