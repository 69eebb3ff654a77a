// The photos a visitor sends with a memory (decisions "A life in pictures"): at most a few, each made by
// the family's photo pipeline (the same checks and widths), kept beside the memory and shown only once
// the family has approved it, whatever the page's memory setting. Their files are written before their
// rows (a row never names a missing file) and removed again when the memory is not kept.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { MemoryPhoto, OwnerMemory } from "../../../contract/memories";
import { memoryPhotoMaxBytes } from "../../../contract/memory-values";
import { maxPhotosPerMemory } from "../../../contract/photo-values";
import { randomUUID } from "node:crypto";
import type { Database, Executor } from "../../db/client";
import { photos } from "../../db/schema";
import { ImageRejectedError, type ImageStore } from "../../providers/images";
import type { PhotoProcessor } from "../../providers/images/photos";
import { DomainError, pageChanged, recordEvent, refuse, transaction, type Actor } from "../core";
import { deletePhotoFiles, deletePhotoRows, writePhotoFiles } from "../pictures";
import { decidableMemory } from "./access";

/** What a visitor attached: each file's size is checked, and its bytes read, only once the post is admitted. */
export type AttachedPhoto = { size: number; bytes(): Promise<Buffer> };

/** The photo pipeline and the store, for a memory that carries photos. */
export type MemoryPhotoDeps = { images: ImageStore; process: PhotoProcessor };

/** A photo made and stored, waiting for its memory's row. */
type StoredMemoryPhoto = Omit<typeof photos.$inferInsert, "memoryId"> & { keys: string[] };

/** Refuses more than maxPhotosPerMemory, or a file over memoryPhotoMaxBytes, before any is read. */
export function checkAttachedPhotos(attached: readonly AttachedPhoto[]): void {
  if (attached.length > maxPhotosPerMemory) {
    throw refuse("memory.photos-too-many", { max: maxPhotosPerMemory });
  }
  if (attached.some((photo) => photo.size > memoryPhotoMaxBytes)) throw refuse("memory.photo-not-taken");
}

/**
 * Makes and stores each attached photo, one after the other; a photo the pipeline does not take refuses
 * the whole memory (`memory.photo-not-taken`), and what was stored of the others goes again.
 */
export async function storeAttachedPhotos(
  { images, process }: MemoryPhotoDeps,
  { profileId, attached }: { profileId: string; attached: readonly AttachedPhoto[] },
): Promise<StoredMemoryPhoto[]> {
  const stored: StoredMemoryPhoto[] = [];
  try {
    for (const [position, file] of attached.entries()) {
      const made = await process(await file.bytes());
      const id = randomUUID();
      const { fields, keys } = await writePhotoFiles(images, { profileId, photoId: id, made });
      stored.push({ id, profileId, position, state: "pending", ...fields, keys });
    }
    return stored;
  } catch (error) {
    await removeStored(images, stored);
    if (error instanceof ImageRejectedError) throw refuse("memory.photo-not-taken");
    throw error;
  }
}

/** Removes what storeAttachedPhotos wrote, when the memory is not kept after all. */
export async function removeStored(images: ImageStore, stored: readonly StoredMemoryPhoto[]): Promise<void> {
  await Promise.allSettled(stored.flatMap((photo) => photo.keys.map((key) => images.delete(key))));
}

/** The rows of stored photos for their memory, in the memory's transaction. */
export async function insertMemoryPhotos(
  tx: Executor,
  { memoryId, stored }: { memoryId: string; stored: readonly StoredMemoryPhoto[] },
): Promise<void> {
  if (stored.length === 0) return;
  await tx.insert(photos).values(stored.map(({ keys: _keys, ...row }) => ({ ...row, memoryId })));
}

type MemoryPhotoRow = Pick<
  typeof photos.$inferSelect,
  "id" | "memoryId" | "width" | "height" | "sizes" | "state"
>;

const photoView = (row: MemoryPhotoRow): MemoryPhoto => ({
  id: row.id,
  width: row.width,
  height: row.height,
  sizes: row.sizes,
});

/** The photos of these memories, by memory, in their order: only the approved ones unless `all`. */
export async function photosOfMemories(
  db: Executor,
  { memoryIds, all = false }: { memoryIds: readonly string[]; all?: boolean },
): Promise<Map<string, OwnerMemory["photos"]>> {
  const byMemory = new Map<string, OwnerMemory["photos"]>();
  if (memoryIds.length === 0) return byMemory;
  const rows = await db
    .select({
      id: photos.id,
      memoryId: photos.memoryId,
      width: photos.width,
      height: photos.height,
      sizes: photos.sizes,
      state: photos.state,
    })
    .from(photos)
    .where(and(inArray(photos.memoryId, [...memoryIds]), all ? undefined : eq(photos.state, "shown")))
    .orderBy(asc(photos.position), asc(photos.createdAt));
  for (const row of rows) {
    if (!row.memoryId) continue;
    const list = byMemory.get(row.memoryId) ?? [];
    list.push({ ...photoView(row), state: row.state });
    byMemory.set(row.memoryId, list);
  }
  return byMemory;
}

/**
 * The family's decision on a visitor's photo: shown on the page with its memory, or removed with its
 * files. Only whoever may decide the page's memories; another page's photo is as unknown as none.
 */
export async function decideMemoryPhoto(
  { db, images }: { db: Database; images: ImageStore },
  input: { photoId: string; decision: "shown" | "removed" },
  actor: Actor,
): Promise<{ photoId: string; memoryId: string; decision: "shown" | "removed" }> {
  const { memoryId, removed } = await transaction(db, async (tx) => {
    const [photo] = await tx
      .select({ memoryId: photos.memoryId, profileId: photos.profileId })
      .from(photos)
      .where(eq(photos.id, input.photoId));
    if (!photo?.memoryId) throw refuse("memory.photo-missing");
    await decidableMemory(tx, photo.memoryId, actor).catch((error: unknown) => {
      throw error instanceof DomainError && error.code === "not_found"
        ? refuse("memory.photo-missing")
        : error;
    });
    if (input.decision === "shown") {
      await tx.update(photos).set({ state: "shown" }).where(eq(photos.id, input.photoId));
      recordEvent(tx, pageChanged(photo.profileId));
      return { memoryId: photo.memoryId, removed: [] };
    }
    const gone = await deletePhotoRows(tx, { profileId: photo.profileId, photoIds: [input.photoId] });
    recordEvent(tx, pageChanged(photo.profileId));
    return { memoryId: photo.memoryId, removed: gone };
  });
  await deletePhotoFiles(images, removed);
  return { photoId: input.photoId, memoryId, decision: input.decision };
}
