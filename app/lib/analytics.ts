// Product analytics behind one small interface: posthog-js when a key is configured, nothing otherwise.
// posthog-js is loaded after hydration, so it never delays the first paint; events wait in a queue.
// Until the visitor says yes (ADR 016), it keeps its state in memory only: no cookie, no storage key,
// a new anonymous id each load; page views, page leaves and feature flags work the same.
import type { PostHog } from "posthog-js";
import type { AnalyticsConsent } from "../../contract/consent";

export type AnalyticsConfig = { key: string | null; host: string; consent: AnalyticsConsent | null };
type Properties = Record<string, string | number | boolean | null | undefined>;
// What we use of posthog-js; its `loaded` callback hands over this narrower view.
type Client = Pick<PostHog, "capture" | "isFeatureEnabled" | "onFeatureFlags" | "set_config" | "reset">;
type Call = (client: Client) => void;

let client: Client | null = null;
let enabled = false;
let queue: Call[] = [];
const flagListeners = new Set<() => void>();

function run(call: Call): void {
  if (!enabled) return;
  if (client) call(client);
  else queue.push(call);
}

/** Loads posthog-js when a key is set. Safe to call more than once. */
export async function initAnalytics(config: AnalyticsConfig): Promise<void> {
  if (enabled || !config.key) return;
  enabled = true;
  const { default: posthog } = await import("posthog-js");
  posthog.init(config.key, {
    api_host: config.host,
    // Page views and leaves are sent by us, with the router's path (spec section 2).
    capture_pageview: false,
    capture_pageleave: false,
    autocapture: false,
    capture_dead_clicks: false,
    capture_heatmaps: false,
    capture_exceptions: false,
    disable_session_recording: true,
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_web_experiments: true,
    // No scripts from the analytics host: the CSP allows only our own.
    disable_external_dependency_loading: true,
    request_batching: false,
    persistence: persistenceFor(config.consent),
    loaded: (instance) => {
      client = instance;
      instance.onFeatureFlags(() => {
        for (const listener of flagListeners) listener();
      });
      const pending = queue;
      queue = [];
      for (const call of pending) call(instance);
    },
  });
}

const persistenceFor = (consent: AnalyticsConsent | null) =>
  consent === "granted" ? ("localStorage" as const) : ("memory" as const);

/**
 * Follows the visitor's new answer at once: on "granted" the id of this load is kept from now on; on
 * "denied" posthog-js forgets it (a new anonymous id) and every key it may have left is removed.
 */
export function applyAnalyticsConsent(consent: AnalyticsConsent): void {
  run((posthog) => {
    posthog.set_config({ persistence: persistenceFor(consent) });
    if (consent === "denied") posthog.reset();
  });
  if (consent === "denied") forgetStoredAnalytics();
}

/** Removes what posthog-js keeps on the device: its `ph_…` keys in both storages and its cookies. */
function forgetStoredAnalytics(): void {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    for (const key of Object.keys(storage)) if (key.startsWith("ph_")) storage.removeItem(key);
  }
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim() ?? "";
    if (name.startsWith("ph_")) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

export function capture(event: string, properties?: Properties): void {
  run((posthog) => posthog.capture(event, properties));
}

/** A page view with the full path of the route now shown. */
export function trackPageView(path: string): void {
  const url = new URL(path, window.location.origin).href;
  run((posthog) => posthog.capture("$pageview", { $current_url: url, path }));
}

let leaveSent = false;
/** A page leave with the current address; sent with a beacon so it survives the unload. */
export function trackPageLeave(): void {
  if (leaveSent) return;
  leaveSent = true;
  const url = window.location.href;
  run((posthog) => posthog.capture("$pageleave", { $current_url: url }, { transport: "sendBeacon" }));
}

/** Whether a feature flag is on; undefined while flags are not loaded or analytics is off. */
export function isFeatureEnabled(flag: string): boolean | undefined {
  return client?.isFeatureEnabled(flag);
}

/** Calls back whenever flags (re)load; returns the unsubscribe. */
export function onFeatureFlags(listener: () => void): () => void {
  flagListeners.add(listener);
  return () => flagListeners.delete(listener);
}
