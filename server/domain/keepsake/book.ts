// The memorial book of a page: the keepsake's content laid out for print by the PDF provider, with the
// portrait and the photos made small first (sharp) from the page's own WebP widths, so a book of 200
// photos stays a few megabytes and is made in seconds.
import { photoSizeKey } from "../../../contract/photo-values";
import { i18nFor } from "../../../i18n";
import type { ImageStore } from "../../providers/images";
import { printSizedJpeg } from "../../providers/images/print-size";
import { makeMemorialBook, type BookSize } from "../../providers/pdf/memorial-book";
import type { KeepsakeContent } from "./content";
import { formatCalendarDate, lifeDates, restingPlaceWhere } from "./dates";

/** The longest side of a photo in the book: 150 dpi across half an A4 column. */
const photoPixels = 640;
const portraitPixels = 900;

/** A stored WebP made small for print, or null when it cannot be read (the book goes on without it). */
async function printImage(images: ImageStore, key: string, pixels: number) {
  const stored = await images.get(key);
  if (!stored) return null;
  try {
    return await printSizedJpeg(stored.data, pixels);
  } catch {
    return null;
  }
}

/** The width of a photo the book is made from: the smallest at least as wide as it prints. */
function sourceWidth(sizes: readonly { width: number }[]): number | undefined {
  const sorted = [...sizes].sort((a, b) => a.width - b.width);
  return (sorted.find((size) => size.width >= photoPixels) ?? sorted.at(-1))?.width;
}

/** `work` over `items`, `at` at a time (sharp's threads are shared with the site's own uploads). */
async function inTurns<Item, Result>(items: Item[], at: number, work: (item: Item) => Promise<Result>) {
  const results: Result[] = new Array<Result>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as Item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(at, items.length) }, worker));
  return results;
}

export async function memorialBook(
  images: ImageStore,
  keepsake: KeepsakeContent,
  size: BookSize,
): Promise<Uint8Array> {
  const { t } = i18nFor(keepsake.language);
  const { content, language } = keepsake;
  const portraitKey = /^\/uploads\/(.+\.webp)$/.exec(content.portraitImageUrl ?? "")?.[1];
  const facts: { label: string; value: string }[] = [];
  if (content.restingPlace) {
    facts.push({ label: t("keepsakeFile.restingPlace"), value: restingPlaceWhere(content.restingPlace, t) });
  }
  if (content.ceremony) {
    const ceremony = content.ceremony;
    facts.push({
      label: t("keepsakeFile.ceremony"),
      value: `${formatCalendarDate(ceremony.date, language)} ${ceremony.time}, ${[ceremony.place, ceremony.address].filter(Boolean).join(", ")}`,
    });
  }
  if (keepsake.candles) {
    facts.push({
      label: t("keepsakeFile.candlesHeading"),
      value: t("keepsakeFile.candles", { count: keepsake.candles }),
    });
  }
  // Every photo made small first, a few at a time: the book's pages then only place them.
  const photos = keepsake.albums.flatMap((album) => album.photos);
  const printed = new Map(
    (
      await inTurns(photos, 3, async (photo) => {
        const width = sourceWidth(photo.sizes);
        const image =
          width === undefined
            ? null
            : await printImage(
                images,
                photoSizeKey(keepsake.profileId, photo.id, width, "webp"),
                photoPixels,
              );
        return [photo.id, image] as const;
      })
    ).map(([id, image]) => [id, image]),
  );
  return makeMemorialBook({
    size,
    language,
    name: content.displayName || t("keepsakeFile.unnamed"),
    subtitle: content.subtitle,
    lifeDates: lifeDates(content, language),
    portrait: portraitKey ? await printImage(images, portraitKey, portraitPixels) : null,
    facts,
    story: content.story,
    chapters: content.chapters.map(({ title, period, text }) => ({ title, period, text })),
    albums: keepsake.albums.map((album) => ({
      title: album.title,
      photos: album.photos.map((photo) => ({
        caption: photo.caption,
        load: () => Promise.resolve(printed.get(photo.id) ?? null),
      })),
    })),
    memories: keepsake.memories.map((memory) => ({
      name: memory.name,
      relation: memory.relation,
      date: formatCalendarDate(memory.createdAt.slice(0, 10), language),
      text: memory.text,
      reply: memory.reply,
    })),
    labels: {
      story: t("keepsakeFile.story"),
      chapters: t("keepsakeFile.chapters"),
      photos: t("keepsakeFile.photos"),
      memories: t("keepsakeFile.memories"),
      reply: t("keepsakeFile.replyShort"),
    },
  });
}
