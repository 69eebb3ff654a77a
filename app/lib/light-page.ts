// Which pages are sent without the app (ADR 011): a route (or its layout) says so in its `handle`,
// and only an anonymous viewer gets the light page; owners and signed-in viewers get the full app.
import type { UIMatch } from "react-router";

/** The `handle` a route exports to be light for anonymous visitors. */
export type LightHandle = { lightForAnonymous: true };

function isLightHandle(handle: unknown): handle is LightHandle {
  return typeof handle === "object" && handle !== null && "lightForAnonymous" in handle;
}

/**
 * True only while rendering on the server: a light page is never hydrated, so the browser, which
 * renders only pages that were not light, must never take the light branch on a later navigation.
 */
export function isLightPage(viewer: unknown, matches: UIMatch[]): boolean {
  if (typeof document !== "undefined") return false;
  return viewer === null && matches.some((match) => isLightHandle(match.handle));
}
