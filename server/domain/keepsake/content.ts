// What goes into a page's keepsake, read through the features that own each part (the page's content,
// its shown photos, its approved memories and candles, the originals' archive), for the page's owner,
// its editors and the admins only. Visitors' waiting or rejected memories and photos never come in:
// the lists are the page's public ones.
import { isLocale, type Locale } from "../../../contract/locale";
import type { ProfileContent } from "../../../contract/profiles";
import type { PublicMemory } from "../../../contract/memories";
import type { PublicAlbum } from "../../../contract/public-photos";
import type { Database } from "../../db/client";
import { pageMissing, type Actor } from "../core";
import { publicMemories } from "../memories";
import { photoArchive, publicPhotos, type ArchiveEntry } from "../pictures";
import { assertMayEditProfile, profileView } from "../profiles";

export type KeepsakeContent = {
  profileId: string;
  language: Locale;
  content: ProfileContent;
  albums: PublicAlbum[];
  /** Every memory shown on the page, newest first, with its approved photos. */
  memories: PublicMemory[];
  /** Candles lit on the page (null when the family turned candles off). */
  candles: number | null;
  /** The originals of the family's photos, named as "Download all photos" names them. */
  originals: ArchiveEntry[];
};

/** The keepsake's content, if the actor may have it: `keepsake.editors-only` otherwise. */
export async function keepsakeContent(
  db: Database,
  { profileId }: { profileId: string },
  actor: Actor,
): Promise<KeepsakeContent> {
  const page = await profileView(db, profileId);
  if (!page) throw pageMissing();
  await assertMayEditProfile(db, { ...page, ownerUserId: page.ownerUserId }, actor, "keepsake.editors-only");
  const memories: PublicMemory[] = [];
  let before: string | undefined;
  let candles: number | null = null;
  // The page's own list, a page at a time to its end: what visitors see is what the family keeps.
  for (;;) {
    const shown = await publicMemories(db, page.id, before);
    memories.push(...shown.memories);
    candles = shown.candlesOn ? shown.candles.count : null;
    if (!shown.next) break;
    before = shown.next;
  }
  const photos = await publicPhotos(db, page.id);
  const { entries } = await photoArchive(db, { profileId: page.id }, actor);
  return {
    profileId: page.id,
    language: isLocale(page.metadata.language) ? page.metadata.language : "sv-SE",
    content: page.content,
    albums: photos.albums,
    memories,
    candles,
    originals: entries,
  };
}
