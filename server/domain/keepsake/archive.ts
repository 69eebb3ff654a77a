// The keepsake's ZIP, streamed as it is read (server/domain/core/zip-stream.ts): the offline copy
// (`index.html`, `style.css`, its fonts and images), the originals of the family's photos byte for byte
// under `originals/`, and the memorial book in A4. Each file is read from the store only when the
// ZIP reaches it, an original a chunk at a time, so 200 photos of 25 MB never sit in memory.
import type { ImageStore } from "../../providers/images";
import { bookFontFiles } from "../../providers/pdf/book-fonts";
import { zipStream, type ZipEntry } from "../core";
import { memorialBook } from "./book";
import type { KeepsakeContent } from "./content";
import { offlineFiles, offlineHtml } from "./offline-copy";
import { offlineFontFiles, offlineStyle } from "./offline-style";

export const bookFileName = (size: "a4" | "a5") => `memorial-book-${size}.pdf`;

const encoder = new TextEncoder();

/** A stored file, streamed where the store can; a missing one fails the download (never a ZIP without it). */
async function stored(images: ImageStore, key: string): Promise<Uint8Array | ReadableStream<Uint8Array>> {
  const found = images.open ? (await images.open(key))?.body : (await images.get(key))?.data;
  if (!found) throw new Error(`keepsake file missing from the store: ${key}`);
  return found;
}

export function keepsakeZip(
  images: ImageStore,
  keepsake: KeepsakeContent,
  { pageUrl, now, onError }: { pageUrl: string; now: Date; onError: (key: string, error: unknown) => void },
): ReadableStream<Uint8Array> {
  const fonts = bookFontFiles();
  const read = (key: string) => () =>
    stored(images, key).catch((error: unknown) => {
      onError(key, error);
      throw error;
    });
  const entries: ZipEntry[] = [
    {
      name: "index.html",
      compress: true,
      data: () => Promise.resolve(encoder.encode(offlineHtml(keepsake, { pageUrl, savedAt: now }))),
    },
    { name: "style.css", compress: true, data: () => Promise.resolve(encoder.encode(offlineStyle)) },
    { name: offlineFontFiles.serif, compress: true, data: () => Promise.resolve(fonts.serif) },
    { name: offlineFontFiles.sans, compress: true, data: () => Promise.resolve(fonts.sans) },
    // WebP and JPEG do not compress: stored as they are.
    ...offlineFiles(keepsake).map((file) => ({ name: file.path, compress: false, data: read(file.key) })),
    ...keepsake.originals.map((original) => ({
      name: `originals/${original.name}`,
      compress: false,
      modified: original.modified,
      data: read(original.key),
    })),
    {
      name: bookFileName("a4"),
      compress: false,
      data: () => memorialBook(images, keepsake, "a4"),
    },
  ];
  return zipStream(entries, now);
}
