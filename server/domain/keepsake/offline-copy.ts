// The keepsake's copy of the page: one static `index.html` that opens from a folder or a USB stick with
// no server and no network. No script, every address relative (`style.css`, `photos/{id}-640.webp`), the
// CSS and fonts in files beside it, the images at the sizes it shows. Which files it needs is said here
// too (`offlineFiles`), so the ZIP holds exactly what the HTML names.
import { photoSizeKey } from "../../../contract/photo-values";
import type { Locale } from "../../../contract/locale";
import { i18nFor } from "../../../i18n";
import type { KeepsakeContent } from "./content";
import { formatCalendarDate, lifeDates, restingPlaceWhere } from "./dates";

/** One file the copy names: its path in the ZIP and the store key it is read from. */
export type OfflineFile = { path: string; key: string };

type Sized = { id: string; sizes: readonly { width: number; height: number }[] };

/** The width a grid shows (the first at least 640 px, else the largest) and the one it opens (≤ 1280). */
function shownSizes(photo: Sized) {
  const sorted = [...photo.sizes].sort((a, b) => a.width - b.width);
  const grid = sorted.find((size) => size.width >= 640) ?? sorted.at(-1);
  const full = [...sorted].reverse().find((size) => size.width <= 1280) ?? grid;
  return { grid, full };
}

function photoPath(id: string, width: number): string {
  return `photos/${id}-${width}.webp`;
}

/** The store key behind an uploaded picture's address (`/uploads/{key}`), or null. */
function uploadKey(url: string | null): string | null {
  const match = url ? /^\/uploads\/(.+\.webp)$/.exec(url) : null;
  return match?.[1] ?? null;
}

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}

/** Paragraphs of plain text: a blank line between them, a single line break kept. */
function paragraphs(text: string, className?: string): string {
  const attribute = className ? ` class="${className}"` : "";
  return text
    .trim()
    .split(/\n\s*\n/)
    .filter((part) => part.trim())
    .map((part) => `<p${attribute}>${escape(part.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

/** Every image file the copy shows, once each, with the key it comes from. */
export function offlineFiles(keepsake: KeepsakeContent): OfflineFile[] {
  const files = new Map<string, OfflineFile>();
  const add = (path: string, key: string) => files.set(path, { path, key });
  const portrait = uploadKey(keepsake.content.portraitImageUrl);
  if (portrait) add("images/portrait.webp", portrait);
  const cover = uploadKey(keepsake.content.coverImageUrl);
  if (cover) add("images/cover.webp", cover);
  const photos: Sized[] = [
    ...keepsake.albums.flatMap((album) => album.photos),
    ...keepsake.memories.flatMap((memory) => memory.photos),
  ];
  for (const photo of photos) {
    const { grid, full } = shownSizes(photo);
    for (const size of [grid, full]) {
      if (size)
        add(photoPath(photo.id, size.width), photoSizeKey(keepsake.profileId, photo.id, size.width, "webp"));
    }
  }
  return [...files.values()];
}

function figure(photo: Sized & { caption?: string }, alt: string): string {
  const { grid, full } = shownSizes(photo);
  if (!grid || !full) return "";
  const caption = photo.caption ? `<figcaption>${escape(photo.caption)}</figcaption>` : "";
  return (
    `<figure><a href="${photoPath(photo.id, full.width)}">` +
    `<img src="${photoPath(photo.id, grid.width)}" width="${grid.width}" height="${grid.height}" ` +
    `alt="${escape(photo.caption || alt)}" decoding="async"></a>${caption}</figure>`
  );
}

/** The copy's `index.html`, in the page's language. */
export function offlineHtml(
  keepsake: KeepsakeContent,
  { pageUrl, savedAt }: { pageUrl: string; savedAt: Date },
) {
  const locale: Locale = keepsake.language;
  const { t } = i18nFor(locale);
  const { content } = keepsake;
  const name = content.displayName || t("keepsakeFile.unnamed");
  const parts: string[] = [];
  const dates = lifeDates(content, locale);
  const portrait = uploadKey(content.portraitImageUrl);
  const cover = uploadKey(content.coverImageUrl);
  parts.push(
    `<header class="cover" style="--theme: ${escape(content.themeColor)}">`,
    cover ? `<img class="band" src="images/cover.webp" alt="">` : "",
    portrait
      ? `<img class="portrait" src="images/portrait.webp" alt="${escape(t("keepsakeFile.portraitOf", { name }))}">`
      : "",
    `<h1>${escape(name)}</h1>`,
    dates ? `<p class="dates">${escape(dates)}</p>` : "",
    content.subtitle ? `<p class="subtitle">${escape(content.subtitle)}</p>` : "",
    `</header>`,
    `<main>`,
  );
  const facts: string[] = [];
  if (content.restingPlace) {
    const place = content.restingPlace;
    const where = restingPlaceWhere(place, t);
    const coordinates =
      place.latitude !== null && place.longitude !== null ? ` (${place.latitude}, ${place.longitude})` : "";
    facts.push(`<dt>${escape(t("keepsakeFile.restingPlace"))}</dt><dd>${escape(where + coordinates)}</dd>`);
  }
  if (content.ceremony) {
    const ceremony = content.ceremony;
    const when = `${formatCalendarDate(ceremony.date, locale)} ${ceremony.time}`;
    const where = [ceremony.place, ceremony.address].filter(Boolean).join(", ");
    facts.push(
      `<dt>${escape(t("keepsakeFile.ceremony"))}</dt><dd>${escape(`${when}, ${where}`)}` +
        (ceremony.note ? `<br>${escape(ceremony.note)}` : "") +
        `</dd>`,
    );
  }
  if (keepsake.candles) {
    facts.push(
      `<dt>${escape(t("keepsakeFile.candlesHeading"))}</dt><dd class="candles">${escape(t("keepsakeFile.candles", { count: keepsake.candles }))}</dd>`,
    );
  }
  if (facts.length > 0) parts.push(`<dl class="facts">${facts.join("")}</dl>`);
  if (content.story.trim()) {
    parts.push(
      `<section class="story"><h2>${escape(t("keepsakeFile.story"))}</h2>${paragraphs(content.story)}</section>`,
    );
  }
  if (content.chapters.length > 0) {
    parts.push(`<section class="chapters"><h2>${escape(t("keepsakeFile.chapters"))}</h2>`);
    for (const chapter of content.chapters) {
      const photos = keepsake.albums
        .flatMap((album) => album.photos)
        .filter((photo) => photo.chapterId === chapter.id);
      parts.push(
        `<article><h3>${escape(chapter.title)}</h3>`,
        chapter.period ? `<p class="period">${escape(chapter.period)}</p>` : "",
        paragraphs(chapter.text),
        photos.length > 0
          ? `<div class="grid small">${photos.map((photo) => figure(photo, chapter.title)).join("")}</div>`
          : "",
        `</article>`,
      );
    }
    parts.push(`</section>`);
  }
  if (keepsake.albums.length > 0) {
    parts.push(`<section class="photos"><h2>${escape(t("keepsakeFile.photos"))}</h2>`);
    for (const album of keepsake.albums) {
      parts.push(
        `<h3>${escape(album.title)}</h3><div class="grid">`,
        ...album.photos.map((photo) => figure(photo, album.title)),
        `</div>`,
      );
    }
    parts.push(`</section>`);
  }
  if (keepsake.memories.length > 0) {
    parts.push(`<section class="memories"><h2>${escape(t("keepsakeFile.memories"))}</h2>`);
    for (const memory of keepsake.memories) {
      const by = [memory.name, memory.relation].filter(Boolean).join(", ");
      const date = formatCalendarDate(memory.createdAt.slice(0, 10), locale);
      parts.push(
        `<article class="memory">`,
        paragraphs(memory.text),
        memory.photos.length > 0
          ? `<div class="grid small">${memory.photos.map((photo) => figure(photo, t("keepsakeFile.photoFrom", { name: memory.name }))).join("")}</div>`
          : "",
        `<p class="by">${escape(by)} · <time datetime="${escape(memory.createdAt)}">${escape(date)}</time></p>`,
        memory.reply
          ? `<p class="reply"><strong>${escape(t("keepsakeFile.reply"))}</strong> ${escape(memory.reply)}</p>`
          : "",
        `</article>`,
      );
    }
    parts.push(`</section>`);
  }
  parts.push(
    `</main>`,
    `<footer><p>${escape(t("keepsakeFile.savedOn", { date: formatCalendarDate(savedAt.toISOString().slice(0, 10), locale) }))}</p>`,
    `<p>${escape(t("keepsakeFile.address"))} ${escape(pageUrl)}</p></footer>`,
  );
  return [
    "<!doctype html>",
    `<html lang="${locale}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escape(name)}</title>`,
    '<link rel="stylesheet" href="style.css">',
    "</head>",
    "<body>",
    ...parts.filter(Boolean),
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
