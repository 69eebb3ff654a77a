// The page's photos for visitors (decisions "A life in pictures"): after the story, the albums in the
// family's order (their titles as headings when there are several), each a grid of thumbnails. A
// thumbnail is a plain link to the photo's own page, so everything works without JavaScript; the light
// page's script, or this component in the app, opens it in the viewer instead (app/light/photo-viewer.ts,
// ADR 038). Every image carries its size and loads lazily: the grid is never on the first screen of a
// page with a portrait and a story.
import { useEffect, useRef } from "react";
import { photoSrcSet, photoSizeKey, uploadUrl } from "../../../contract/photo-values";
import {
  photoAnchor,
  photoGridAnchor,
  photoPagePath,
  type PublicPhoto,
  type PublicPhotos,
} from "../../../contract/public-photos";
import { useTranslation } from "../../lib/i18n";
import { formatTaken } from "../../lib/photo-date";

/**
 * Three columns, as a phone's own photo grid, in a column at most 48rem wide. On a phone the sizes say
 * a quarter of the screen where the thumbnail takes almost a third: a 390 px phone then takes the 320
 * width at two and at three pixels to the point (where 31vw would make it the 640). Chromium fetches
 * the lazy thumbnails near the screen ahead, some fifty of them, so this is about a megabyte less on a
 * phone's first load, for a thumbnail a little less sharp on the sharpest screens (ADR 038).
 */
export const thumbnailSizes = "(min-width: 48rem) 15rem, 25vw";

/**
 * The grid and its thumbnails styled once, from the list: a page of a hundred photos would otherwise
 * carry the same classes a hundred times in the HTML every visitor downloads.
 */
const thumbnailGrid =
  "grid grid-cols-3 gap-1.5 sm:gap-3 [&_a]:block [&_a]:overflow-hidden [&_a]:rounded-[var(--radius-control)] " +
  "[&_a]:bg-line/40 [&_a]:outline-offset-2 [&_a:focus-visible]:outline-2 " +
  "[&_a:focus-visible]:outline-[var(--profile-colour)] [&_img]:aspect-square [&_img]:h-auto [&_img]:w-full " +
  "[&_img]:object-cover [&_img]:transition-transform [&_img]:duration-300 [&_a:hover_img]:scale-[1.03] " +
  // Drawn when near the screen (app.css): a page of a hundred photos was a phone's longest task.
  "motion-reduce:[&_img]:transition-none print:[&_li]:break-inside-avoid drawn-when-near";

/**
 * An album's height before it is drawn (app.css, `drawn-when-near`), roughly, by its rows of three:
 * the page's policy allows no inline style to say it exactly, and once drawn its own is remembered.
 * Whole classes, so that Tailwind finds them.
 */
function estimatedHeight(photos: number): string {
  const rows = Math.ceil(photos / 3);
  if (rows <= 2) return "[--estimated-height:16rem]";
  if (rows <= 6) return "[--estimated-height:40rem]";
  if (rows <= 15) return "[--estimated-height:90rem]";
  return "[--estimated-height:180rem]";
}

type Texts = { alt: string; date: string };

/** The alt text: the caption, else "Photo 3 of 12" or "Photo from June 1962" in the viewer's language. */
export function usePhotoTexts() {
  const { t, i18n } = useTranslation();
  return (photo: PublicPhoto, number: number, total: number): Texts => {
    const date = photo.taken ? formatTaken(photo.taken, i18n.language) : "";
    const alt =
      photo.caption ||
      (date ? t("publicPhotos.photoFrom", { date }) : t("publicPhotos.photo", { number, total }));
    return { alt, date };
  };
}

/** A photo in both encodings over the widths made of it; the img is the smallest WebP, with its size. */
export function PhotoPicture({
  profileId,
  photo,
  sizes,
  alt,
  className,
  eager = false,
}: {
  profileId: string;
  photo: PublicPhoto;
  sizes: string;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  const source = { profileId, id: photo.id, sizes: photo.sizes };
  const fallback = eager ? (photo.sizes.at(-1) ?? photo.sizes[0]) : photo.sizes[0];
  return (
    <picture>
      <source type="image/avif" srcSet={photoSrcSet(source, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcSet(source, "webp")} sizes={sizes} />
      <img
        src={uploadUrl(photoSizeKey(profileId, photo.id, fallback?.width ?? photo.width, "webp"))}
        width={fallback?.width ?? photo.width}
        height={fallback?.height ?? photo.height}
        alt={alt}
        className={className}
        {...(eager
          ? { fetchPriority: "high" as const }
          : { loading: "lazy" as const, decoding: "async" as const })}
      />
    </picture>
  );
}

/**
 * The widest a thumbnail ever shows: 15rem, at two pixels to the point on a desktop, or a third of
 * a phone at three. Wider ones are in the photo's `data-widths`, for the viewer.
 */
const thumbnailMaxWidth = 640;

/**
 * A grid's thumbnail: one <img> in WebP at the widths a thumbnail shows (ADR 038). A hundred
 * thumbnails as <picture> with AVIF and WebP over every width doubled the grid's elements and its
 * HTML, which the phone parses, styles and lays out before the first paint of the page; AVIF's
 * smaller bytes matter for the large photo, which the viewer and the photo's page ask for in AVIF.
 */
function PhotoThumbnail({ profileId, photo, alt }: { profileId: string; photo: PublicPhoto; alt: string }) {
  const widths = photo.sizes.filter((size, index) => index === 0 || size.width <= thumbnailMaxWidth);
  const smallest = widths[0];
  return (
    <img
      src={uploadUrl(photoSizeKey(profileId, photo.id, smallest?.width ?? photo.width, "webp"))}
      srcSet={photoSrcSet({ profileId, id: photo.id, sizes: widths }, "webp")}
      sizes={thumbnailSizes}
      width={smallest?.width ?? photo.width}
      height={smallest?.height ?? photo.height}
      alt={alt}
      loading="lazy"
      decoding="async"
    />
  );
}

export function PublicPhotoGrid({
  profileId,
  name,
  photos,
}: {
  profileId: string;
  /** The page's name, for the viewer's label. */
  name: string;
  photos: PublicPhotos;
}) {
  const { t } = useTranslation();
  const texts = usePhotoTexts();
  const grid = useRef<HTMLElement>(null);
  // In the app (the light page has no React in the browser: its script attaches the same viewer),
  // loaded after the page: until then a thumbnail opens its photo's page.
  useEffect(() => {
    let detach: (() => void) | undefined;
    let gone = false;
    void import("../../light/photo-viewer").then(({ attachPhotoViewer }) => {
      if (!gone && grid.current) detach = attachPhotoViewer(grid.current, "replace");
    });
    return () => {
      gone = true;
      detach?.();
    };
  }, []);
  if (photos.count === 0) return null;
  const titled = photos.albums.length > 1;
  // Each album's first photo's number in the page's order (the alt text says "Photo 3 of 12").
  const firsts = photos.albums.map((_, index) =>
    photos.albums.slice(0, index).reduce((total, album) => total + album.photos.length, 0),
  );
  return (
    <section
      ref={grid}
      id={photoGridAnchor}
      aria-labelledby="photos-heading"
      data-photo-grid=""
      className="mx-auto mt-12 flex w-full max-w-3xl scroll-mt-6 flex-col gap-8 px-5 print:mt-6"
    >
      <div className="flex w-full items-center gap-3">
        <h2
          id="photos-heading"
          className="font-sans text-xs font-semibold uppercase tracking-[0.14em] text-muted"
        >
          {t("publicPhotos.heading")}
        </h2>
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
        <span className="text-xs tabular-nums text-muted">{photos.count}</span>
      </div>
      {photos.albums.map((album, albumIndex) => (
        <div key={album.id} className="flex flex-col gap-3">
          {titled && (
            <h3 className="font-serif text-xl font-semibold text-[var(--profile-accent)] sm:text-2xl">
              {album.title}
            </h3>
          )}
          <ul role="list" className={`${thumbnailGrid} ${estimatedHeight(album.photos.length)}`}>
            {album.photos.map((photo, index) => {
              const said = texts(photo, (firsts[albumIndex] ?? 0) + index + 1, photos.count);
              return (
                <li key={photo.id}>
                  <a
                    id={photoAnchor(photo.id)}
                    href={photoPagePath(profileId, photo.id)}
                    data-photo=""
                    data-caption={photo.caption}
                    data-date={said.date}
                    data-widths={photo.sizes.map((size) => size.width).join(" ")}
                  >
                    <PhotoThumbnail profileId={profileId} photo={photo} alt={said.alt} />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      <PhotoViewer name={name} />
    </section>
  );
}

/** The viewer's markup, empty until a thumbnail opens it; closed, it is not shown (nor read out). */
function PhotoViewer({ name }: { name: string }) {
  const { t } = useTranslation();
  const button =
    "inline-flex size-12 items-center justify-center rounded-full bg-white/10 text-2xl text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white aria-disabled:opacity-30 aria-disabled:hover:bg-white/10";
  return (
    <dialog
      data-photo-viewer=""
      aria-label={t("publicPhotos.viewer", { name })}
      data-counter={t("publicPhotos.counter", { number: "{n}", total: "{m}" })}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-neutral-950 p-0 text-white backdrop:bg-black/90"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <p data-viewer-counter="" aria-live="polite" className="text-sm tabular-nums text-white/80" />
          <button type="button" data-viewer-close="" aria-label={t("publicPhotos.close")} className={button}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div
          data-viewer-stage=""
          className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 sm:px-16"
        >
          <picture className="contents">
            <source data-viewer-avif="" type="image/avif" sizes="100vw" />
            <source data-viewer-webp="" type="image/webp" sizes="100vw" />
            <img
              data-viewer-image=""
              alt=""
              draggable={false}
              className="max-h-full w-auto max-w-full select-none object-contain"
            />
          </picture>
          <button
            type="button"
            data-viewer-previous=""
            aria-label={t("publicPhotos.previous")}
            className={`${button} absolute left-2 top-1/2 -translate-y-1/2 sm:left-4`}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            data-viewer-next=""
            aria-label={t("publicPhotos.next")}
            className={`${button} absolute right-2 top-1/2 -translate-y-1/2 sm:right-4`}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
        <div className="mx-auto flex min-h-20 w-full max-w-2xl flex-col items-center gap-1 px-5 py-4 text-center">
          <p data-viewer-caption="" className="text-pretty font-serif text-lg" />
          <p data-viewer-date="" className="text-sm text-white/70" />
        </div>
      </div>
    </dialog>
  );
}
