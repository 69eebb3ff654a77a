// The only script an anonymous visitor of /k/{id} downloads (ADR 011): the spec's page view and
// page leave, sent straight to the analytics host's capture endpoint, the share button and the photo
// viewer (./photo-viewer.ts). The page works without it; nothing here may import React, React Router
// or the app's texts.
import { sayChosenPhotos } from "./chosen-photos";
import { attachPhotoViewer, followArrowKeys } from "./photo-viewer";

// Until the visitor has said yes to analytics (the server passes the answer, ADR 016), the id lives
// in this page only: nothing is written to the device, and the next load is a new anonymous visitor.
type Settings = { key: string; host: string; keep: boolean };

const settings = readSettings(document.currentScript);

function readSettings(script: HTMLOrSVGScriptElement | null): Settings | null {
  const key = script?.dataset.analyticsKey;
  const host = script?.dataset.analyticsHost;
  const keep = script?.dataset.analyticsConsent === "granted";
  return key && host ? { key, host: host.replace(/\/+$/, ""), keep } : null;
}

/**
 * The visitor's anonymous id, kept where posthog-js keeps its own (`ph_{key}_posthog`), so a visitor
 * who later opens the full app is still the same person to the analytics.
 */
let pageId: string | undefined;
function distinctId({ key, keep }: Settings): string {
  if (!keep) return (pageId ??= crypto.randomUUID());
  const storageKey = `ph_${key}_posthog`;
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? "null") as { distinct_id?: unknown } | null;
    if (stored && typeof stored.distinct_id === "string") return stored.distinct_id;
    const id = crypto.randomUUID();
    localStorage.setItem(storageKey, JSON.stringify({ ...stored, distinct_id: id, $device_id: id }));
    return id;
  } catch {
    // Storage refused (private mode, blocked): an id for this page only.
    return (pageId ??= crypto.randomUUID());
  }
}

function send(event: "$pageview" | "$pageleave", beacon: boolean): void {
  if (!settings) return;
  const url = window.location.href;
  const body = JSON.stringify({
    api_key: settings.key,
    event,
    distinct_id: distinctId(settings),
    timestamp: new Date().toISOString(),
    properties: {
      token: settings.key,
      $current_url: url,
      path: window.location.pathname + window.location.search + window.location.hash,
      $host: window.location.host,
      $pathname: window.location.pathname,
      $referrer: document.referrer || "$direct",
      $lib: "kammare-light",
    },
  });
  // text/plain needs no CORS preflight, so the beacon is sent even while the page unloads.
  const blob = new Blob([body], { type: "text/plain" });
  const endpoint = `${settings.host}/i/v0/e/`;
  if (beacon && navigator.sendBeacon?.(`${endpoint}?_beacon=1`, blob)) return;
  void fetch(endpoint, { method: "POST", body: blob, keepalive: true, credentials: "omit" }).catch(() => {});
}

let left = false;
function leave(): void {
  if (left) return;
  left = true;
  send("$pageleave", true);
}

send("$pageview", false);
window.addEventListener("pagehide", leave);
window.addEventListener("beforeunload", leave);

// Share: the device's share sheet where there is one, else the link is copied. The button is in
// the HTML but hidden, because without this script it could do nothing.
for (const button of document.querySelectorAll<HTMLButtonElement>("[data-share-url]")) {
  const status = button.parentElement?.querySelector<HTMLElement>("[data-share-status]");
  button.hidden = false;
  button.addEventListener("click", () => {
    const url = button.dataset.shareUrl ?? window.location.href;
    const title = button.dataset.shareTitle ?? document.title;
    const say = (text: string | undefined) => {
      if (status && text) status.textContent = text;
    };
    if (typeof navigator.share === "function") {
      navigator.share({ title, url }).catch(() => {});
      return;
    }
    navigator.clipboard
      .writeText(url)
      .then(() => say(button.dataset.copied))
      .catch(() => say(button.dataset.copyFailed));
  });
}

// Photos: a thumbnail opens the viewer over the page (Back closes it); on a photo's own page the arrow
// keys follow its previous and next links.
for (const grid of document.querySelectorAll<HTMLElement>("[data-photo-grid]"))
  attachPhotoViewer(grid, "push");
const photoPage = document.querySelector<HTMLElement>("[data-photo-page]");
if (photoPage) followArrowKeys(photoPage);

// A video link's poster (ADR 040): without this script a plain link to the video on its site; with it,
// a press puts the site's player in its place. Nothing is loaded from that site before the press.
for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-video-embed]")) {
  link.addEventListener("click", (event) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    const frame = document.createElement("iframe");
    frame.src = link.dataset.videoEmbed ?? "";
    frame.title = link.dataset.videoTitle ?? "";
    frame.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
    frame.allowFullscreen = true;
    frame.referrerPolicy = "strict-origin-when-cross-origin";
    frame.className = "aspect-video w-full rounded-[var(--radius-card)] border-0 bg-black";
    link.replaceWith(frame);
    frame.focus();
  });
}

// The memory form's photos: how many were chosen.
sayChosenPhotos(document);
