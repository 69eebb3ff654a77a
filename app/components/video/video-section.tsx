// The page's videos for visitors (decisions "A life in pictures", Video; ADR 040), after the story.
// A link shows a poster of our own and a play button and loads nothing from YouTube or Vimeo until it
// is pressed; then their player replaces it. Without JavaScript the poster is a plain link to the video
// on its site; on the light page (ADR 011) the visitor script does the press. An uploaded clip is a
// <video> that loads nothing but its poster before it is played.
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { videoEmbedUrl, videoWatchUrl, type VideoProvider } from "../../../contract/video-values";
import type { Video } from "../../../contract/videos";

const siteNames: Record<VideoProvider, string> = { youtube: "YouTube", vimeo: "Vimeo" };

/**
 * Whether this document was served with the players' `frame-src` (only a page with a video link is:
 * server/http/security.ts). Read when the module loads, before React renders: then the served page's
 * own poster links are in the document. A document served without it (the app opened elsewhere and
 * navigated here) opens the video on its site instead of a player its CSP would block.
 */
const servedWithFrames = typeof document !== "undefined" && !!document.querySelector("[data-video-embed]");

export function VideoSection({ videos, language }: { videos: Video[]; language: string }) {
  const { t } = useTranslation();
  if (videos.length === 0) return null;
  return (
    <section
      aria-labelledby="videos-heading"
      lang={language}
      className="mx-auto mt-2 flex w-full max-w-3xl flex-col gap-4 px-5 pb-8 print:hidden"
    >
      <h2
        id="videos-heading"
        className="px-1 font-sans text-xs font-semibold uppercase tracking-[0.14em] text-muted"
      >
        {t("video.heading")}
      </h2>
      <ul className="flex flex-col gap-8">
        {videos.map((video) => (
          <li key={video.id}>
            {video.kind === "link" ? <LinkedVideo video={video} /> : <Clip video={video} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Caption({ title, site }: { title: string; site?: string }) {
  const { t } = useTranslation();
  if (!title && !site) return null;
  return (
    <figcaption className="mt-2 flex flex-col gap-0.5 px-1">
      {title && <span className="font-serif text-lg text-ink">{title}</span>}
      {site && <span className="text-sm text-muted">{t("video.opensOn", { site })}</span>}
    </figcaption>
  );
}

function LinkedVideo({ video }: { video: Video }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);
  if (!video.provider || !video.externalId) return null;
  const site = siteNames[video.provider];
  const title = video.title || t("video.untitled");
  const embed = videoEmbedUrl(video.provider, video.externalId);
  const playerTitle = t("video.playerTitle", { title, site });
  function press(event: MouseEvent<HTMLAnchorElement>) {
    // A plain click only: a new tab or window still opens the video on its site.
    if (!servedWithFrames || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setPlaying(true);
  }
  return (
    <figure className="flex flex-col">
      {playing ? (
        <iframe
          ref={frame}
          src={embed}
          title={playerTitle}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="aspect-video w-full rounded-[var(--radius-card)] border-0 bg-black"
        />
      ) : (
        <a
          href={videoWatchUrl(video.provider, video.externalId)}
          rel="noopener noreferrer"
          aria-label={t("video.play", { title })}
          data-video-embed={embed}
          data-video-title={playerTitle}
          onClick={press}
          className="group relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-[var(--radius-card)] bg-gradient-to-br from-brand to-brand-strong text-white shadow-sm"
        >
          {/* Our own poster: nothing from the video's site is loaded before the press. */}
          <span
            aria-hidden="true"
            className="absolute inset-0 opacity-20 [background-image:radial-gradient(circle_at_30%_20%,#fff_0,transparent_55%)]"
          />
          <span
            aria-hidden="true"
            className="relative flex size-16 items-center justify-center rounded-full bg-white/95 text-brand shadow-lg transition-transform group-hover:scale-105 group-focus-visible:scale-105 sm:size-20"
          >
            <svg viewBox="0 0 24 24" className="ml-1 size-7 fill-current sm:size-8">
              <path d="M8 5.5v13a.5.5 0 0 0 .77.42l10-6.5a.5.5 0 0 0 0-.84l-10-6.5A.5.5 0 0 0 8 5.5Z" />
            </svg>
          </span>
          <span className="absolute inset-x-0 bottom-0 flex items-end justify-between gap-3 bg-gradient-to-t from-black/60 to-transparent px-4 pb-3 pt-8 text-left">
            <span className="line-clamp-2 font-serif text-lg leading-snug sm:text-xl">{title}</span>
            <span className="shrink-0 text-xs font-semibold uppercase tracking-[0.14em] text-white/90">
              {site}
            </span>
          </span>
        </a>
      )}
      <Caption title="" site={site} />
    </figure>
  );
}

function Clip({ video }: { video: Video }) {
  const { t } = useTranslation();
  if (!video.url) return null;
  const title = video.title || t("video.untitled");
  return (
    <figure className="flex flex-col">
      <video
        controls
        preload="none"
        poster={video.posterUrl ?? undefined}
        width={video.width ?? 1280}
        height={video.height ?? 720}
        aria-label={t("video.clipLabel", { title })}
        className="h-auto max-h-[80vh] w-full rounded-[var(--radius-card)] bg-black object-contain"
      >
        <source src={video.url} type="video/mp4" />
      </video>
      {video.title && <Caption title={video.title} />}
    </figure>
  );
}
