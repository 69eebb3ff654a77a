// Video on a memorial page (decisions "A life in pictures", Video): the link forms we accept, the
// limits of an uploaded clip and the stages of its conversion. A plain module (no zod): the editor, the
// public page and the server share it.

export const videoProviders = ["youtube", "vimeo"] as const;
export type VideoProvider = (typeof videoProviders)[number];

export const videoKinds = ["link", "clip"] as const;
export type VideoKind = (typeof videoKinds)[number];

/** A clip's way from upload to page: waiting for its turn, converting (with a percentage), ready, failed. */
export const clipStatuses = ["waiting", "converting", "ready", "failed"] as const;
export type ClipStatus = (typeof clipStatuses)[number];

/** Why a conversion failed, said to the family in their language. */
export const clipFailures = ["unreadable", "interrupted", "conversion"] as const;
export type ClipFailure = (typeof clipFailures)[number];

export const maxClipSeconds = 10 * 60;
export const maxClipBytes = 500 * 1024 * 1024;
/** Links and clips together on one page. */
export const maxVideosPerPage = 20;
export const maxVideoTitleLength = 120;

/** The site's own address of a video, where it opens without JavaScript. */
export function videoWatchUrl(provider: VideoProvider, id: string): string {
  return provider === "youtube" ? `https://www.youtube.com/watch?v=${id}` : `https://vimeo.com/${id}`;
}

/** The player's address, loaded only when a visitor presses play: YouTube's no-cookie host, Vimeo's dnt. */
export function videoEmbedUrl(provider: VideoProvider, id: string): string {
  return provider === "youtube"
    ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`
    : `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`;
}

/** The hosts the page may frame, once a visitor presses play (server/http/security.ts). */
export const videoFrameOrigins = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"] as const;

const youtubeId = /^[A-Za-z0-9_-]{11}$/;
const vimeoId = /^[0-9]{1,12}$/;
const youtubeHosts = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const youtubeNoCookieHosts = new Set(["youtube-nocookie.com", "www.youtube-nocookie.com"]);
const vimeoHosts = new Set(["vimeo.com", "www.vimeo.com"]);

/**
 * The video a link points to, or null for anything else. Accepts youtu.be/ID, youtube.com/watch?v=ID,
 * /shorts/ID, /embed/ID, /live/ID, /v/ID (also on m. and the no-cookie host), vimeo.com/ID (also
 * /channels/x/ID, /groups/x/videos/ID) and player.vimeo.com/video/ID; https or http, with or without
 * a scheme.
 */
export function parseVideoLink(input: string): { provider: VideoProvider; id: string } | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > 500) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || (url.port && url.port !== "443" && url.port !== "80")) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);
  const youtube = (id: string | null | undefined) =>
    id && youtubeId.test(id) ? { provider: "youtube" as const, id } : null;
  const vimeo = (id: string | undefined) =>
    id && vimeoId.test(id) ? { provider: "vimeo" as const, id } : null;

  if (host === "youtu.be" || host === "www.youtu.be") return parts.length === 1 ? youtube(parts[0]) : null;
  if (youtubeHosts.has(host) || youtubeNoCookieHosts.has(host)) {
    if (parts.length === 1 && parts[0] === "watch" && !youtubeNoCookieHosts.has(host)) {
      return youtube(url.searchParams.get("v"));
    }
    if (parts.length === 2 && ["shorts", "embed", "live", "v"].includes(parts[0] ?? ""))
      return youtube(parts[1]);
    return null;
  }
  if (host === "player.vimeo.com") return parts.length === 2 && parts[0] === "video" ? vimeo(parts[1]) : null;
  if (vimeoHosts.has(host)) {
    if (parts.length === 1) return vimeo(parts[0]);
    if (parts.length === 3 && parts[0] === "channels") return vimeo(parts[2]);
    if (parts.length === 4 && parts[0] === "groups" && parts[2] === "videos") return vimeo(parts[3]);
    return null;
  }
  return null;
}

/** The store keys of a clip: the converted MP4 and its poster frame. */
export const clipKeys = (profileId: string, videoId: string) => ({
  video: `${profileId}/videos/${videoId}.mp4`,
  poster: `${profileId}/videos/${videoId}-poster.jpg`,
});
