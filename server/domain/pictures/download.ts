// "Download all photos": what goes into the family's ZIP of originals, in the editor's order, under
// names every system takes: `Album title/001 caption.jpg`. The ZIP itself is streamed by the API.
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { albums, photos } from "../../db/schema";
import type { Actor } from "../core";
import { editablePage } from "./access";

export type ArchiveEntry = { name: string; key: string; modified: Date };

// Windows refuses these as names whatever the extension; a name that is one gets a `_` after it.
const reservedNames = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i;

/**
 * A part of a path every system takes: no control characters, none of `<>:"/\|?*`, no leading or
 * trailing dots and spaces, no reserved Windows name, at most `max` characters; `fallback` if empty.
 */
export function safeName(text: string, { max, fallback }: { max: number; fallback: string }): string {
  const cleaned = text
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"/\\|?*\u2028\u2029]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const cut = [...cleaned]
    .slice(0, max)
    .join("")
    .replace(/^[.\s]+|[.\s]+$/g, "");
  if (!cut) return fallback;
  return reservedNames.test(cut) ? `${cut}_` : cut;
}

function extensionOf(key: string): string {
  return key.slice(key.lastIndexOf(".") + 1);
}

/** The page's originals as ZIP entries; the actor must be allowed to change the page. */
export async function photoArchive(
  db: Database,
  { profileId }: { profileId: string },
  actor: Actor,
): Promise<{ profileId: string; entries: ArchiveEntry[] }> {
  const page = await editablePage(db, { profileId, actor });
  const albumRows = await db
    .select({ id: albums.id, title: albums.title })
    .from(albums)
    .where(eq(albums.profileId, page.id))
    .orderBy(asc(albums.position), asc(albums.createdAt));
  const photoRows = await db
    .select({
      albumId: photos.albumId,
      caption: photos.caption,
      originalKey: photos.originalKey,
      createdAt: photos.createdAt,
    })
    .from(photos)
    .where(and(eq(photos.profileId, page.id), isNotNull(photos.albumId)))
    .orderBy(asc(photos.position), asc(photos.createdAt));
  const folders = new Set<string>();
  const entries: ArchiveEntry[] = [];
  for (const album of albumRows) {
    // Two albums may share a title; their folders may not (compared as Windows and macOS do: case-blind).
    const base = safeName(album.title, { max: 60, fallback: "Album" });
    let folder = base;
    for (let n = 2; folders.has(folder.toLowerCase()); n++) folder = `${base} (${n})`;
    folders.add(folder.toLowerCase());
    const inAlbum = photoRows.filter((photo) => photo.albumId === album.id);
    const digits = Math.max(3, String(inAlbum.length).length);
    inAlbum.forEach((photo, index) => {
      const number = String(index + 1).padStart(digits, "0");
      const caption = safeName(photo.caption, { max: 60, fallback: "" });
      const stem = caption ? `${number} ${caption}` : number;
      entries.push({
        name: `${folder}/${stem}.${extensionOf(photo.originalKey)}`,
        key: photo.originalKey,
        modified: photo.createdAt,
      });
    });
  }
  return { profileId: page.id, entries };
}
