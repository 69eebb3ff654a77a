// What the root route's loader (app/root.tsx) gives every page, and the hook that reads it. A module of
// its own, so that components the root renders read it without importing the root.
import { useRouteLoaderData } from "react-router";
import type { AnalyticsConsent } from "../../contract/consent";
import type { Locale } from "../../contract/locale";
import type { PublicConfig } from "../../contract/public-config";

/**
 * The signed-in viewer as the server saw them, or null for a visitor: with the admin flag and the
 * pages they own, so the browser's auth state starts from them instead of asking again.
 */
export type RootViewer = {
  id: string;
  email: string;
  admin: boolean;
  customer: boolean;
  ownedProfiles: string[];
};

export type RootData = {
  viewer: RootViewer | null;
  locale: Locale;
  consent: AnalyticsConsent | null;
  config: PublicConfig;
  buildId: string;
  /** A render for the static copy (ADR 046): no scripts, no forms (app/lib/static-copy.ts). */
  staticCopy: boolean;
};

/** The root loader's data; undefined only while the root itself failed (its error boundary). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
