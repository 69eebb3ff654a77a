// The album editor (/k/{id}/albums): the page's photos as its family arranges them. Many photos are
// added at once (chosen from a phone's camera roll or dropped on a computer), each with its progress;
// albums are made, renamed, put in order and deleted; each photo gets a caption and a date, moves to
// another album or within its own, becomes its album's cover or goes. What changed is said in a live
// region; the moved control keeps the focus.
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { acceptedImageTypes } from "../../../contract/image-values";
import type { FamilyPhotos } from "../../../contract/photos";
import { api, apiHref } from "../../lib/api";
import { failureOf, type Failure } from "../../lib/failure";
import { useTranslation } from "../../lib/i18n";
import { useRootData } from "../../lib/root-data";
import { Button, buttonClass } from "../button";
import { EmptyState } from "../empty-state";
import { FailureAlert } from "../form-alert";
import { FileDrop } from "../file-drop";
import { SelectField } from "../select-field";
import { AlbumDeleteDialog, AlbumTitleDialog } from "./album-dialogs";
import { AlbumSection } from "./album-section";
import { PhotoDialog } from "./photo-dialog";
import { UploadList } from "./upload-list";
import { useUploadQueue } from "./use-upload-queue";

type Editing =
  | { kind: "photo"; photoId: string }
  | { kind: "rename"; albumId: string }
  | { kind: "delete"; albumId: string }
  | { kind: "new" };

const photoIcon = (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.75"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="10" r="1.75" />
    <path d="m21 16-5-5-8 8" />
  </svg>
);

/** Focuses the element with this id if it can take it, or else `fallback`. */
function focusOn([id, fallback]: [string, string]) {
  const target = document.getElementById(id) as HTMLButtonElement | null;
  const element = target && !target.disabled ? target : document.getElementById(fallback);
  element?.focus();
}

export function AlbumEditor({ data }: { data: FamilyPhotos }) {
  const { t } = useTranslation();
  const baseURL = useRootData()?.config.apiBaseUrl ?? "";
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [said, setSaid] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const [target, setTarget] = useState("");
  const reload = useRef(revalidator.revalidate);
  useEffect(() => {
    reload.current = revalidator.revalidate;
  });
  const queue = useUploadQueue({
    baseURL,
    profileId: data.profileId,
    onUploaded: useCallback(() => void reload.current(), []),
  });

  const { albums, chapters, count, limit, profileId } = data;
  const pendingFocus = useRef<[string, string] | null>(null);
  /** Where the focus goes back to when the dialog closes: its opener, or a place that stays. */
  const returnFocusOf = (open: Editing | null): [string, string] | null => {
    if (!open) return null;
    if (open.kind === "photo") {
      const album = albums.find((candidate) => candidate.photos.some((photo) => photo.id === open.photoId));
      return [`edit-${open.photoId}`, album ? `album-${album.id}` : "new-album"];
    }
    if (open.kind === "rename") return [`rename-${open.albumId}`, `album-${open.albumId}`];
    return ["new-album", "album-upload"];
  };
  const targetAlbum = albums.some((album) => album.id === target) ? target : albums[0]?.id;
  // A dialog that closes gives the focus back where it was opened from (or, when that is gone, to its
  // album's heading, or to "New album").
  const closeDialog = () => {
    pendingFocus.current = returnFocusOf(editing);
    setEditing(null);
  };
  const say = (message: string) => {
    setSaid(message);
    closeDialog();
  };

  // The moved control keeps the focus: its element may have moved in the page (and lost it), so it is
  // focused again once the screen shows the new order.
  useEffect(() => {
    if (busy || !pendingFocus.current) return;
    focusOn(pendingFocus.current);
    pendingFocus.current = null;
  });

  async function reorder(send: () => Promise<unknown>, message: string, focus: [string, string]) {
    // One move at a time: a press while one is on its way waits for nothing and does nothing.
    if (busy) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await send();
      setSaid(message);
      pendingFocus.current = focus;
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  }

  function movePhoto(albumId: string, photoId: string, direction: -1 | 1) {
    const album = albums.find((candidate) => candidate.id === albumId);
    if (!album) return;
    const ids = album.photos.map((photo) => photo.id);
    const from = ids.indexOf(photoId);
    const to = from + direction;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to] as string, ids[from] as string];
    const button = direction < 0 ? "earlier" : "later";
    void reorder(
      () => api.post("/kammare/photos/order", { body: { albumId, photoIds: ids } }),
      t("albumEditor.photo.movedTo", { place: to + 1, of: ids.length }),
      [`${button}-${photoId}`, `${direction < 0 ? "later" : "earlier"}-${photoId}`],
    );
  }

  function moveAlbum(albumId: string, direction: -1 | 1) {
    const ids = albums.map((album) => album.id);
    const from = ids.indexOf(albumId);
    const to = from + direction;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to] as string, ids[from] as string];
    const button = direction < 0 ? "album-earlier" : "album-later";
    void reorder(
      () => api.post("/kammare/albums/order", { body: { profileId, albumIds: ids } }),
      t("albumEditor.album.movedTo", { place: to + 1, of: ids.length }),
      [`${button}-${albumId}`, `${direction < 0 ? "album-later" : "album-earlier"}-${albumId}`],
    );
  }

  const editedPhoto =
    editing?.kind === "photo"
      ? albums
          .flatMap((album) => album.photos.map((photo) => ({ photo, album })))
          .find(({ photo }) => photo.id === editing.photoId)
      : undefined;
  const editedAlbum =
    editing?.kind === "rename" || editing?.kind === "delete"
      ? albums.find((album) => album.id === editing.albumId)
      : undefined;
  const full = count >= limit;

  return (
    <div className="flex flex-col gap-8">
      <p role="status" aria-live="polite" className="sr-only">
        {said}
      </p>
      <section aria-labelledby="album-upload" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="album-upload" className="text-xl font-semibold">
            {t("albumEditor.upload.heading")}
          </h2>
          <p className="text-sm text-muted" data-testid="photo-count">
            {t("albumEditor.count", { count, limit })}
          </p>
        </div>
        {full ? (
          <p className="rounded-[var(--radius-card)] border border-line bg-raised px-4 py-4 text-sm">
            {t("albumEditor.full", { limit })}
          </p>
        ) : (
          <div className="flex flex-col gap-3">
            {albums.length > 1 && (
              <SelectField
                label={t("albumEditor.upload.target")}
                name="target"
                value={targetAlbum}
                onChange={(event) => setTarget(event.target.value)}
                options={albums.map((album) => ({ value: album.id, label: album.title }))}
              />
            )}
            <FileDrop
              name="photos"
              accept={acceptedImageTypes.join(",")}
              title={t("albumEditor.upload.choose")}
              hint={t("albumEditor.upload.hint")}
              onFiles={(files) => queue.add(files, targetAlbum)}
            />
          </div>
        )}
        <UploadList
          items={queue.items}
          onRetry={queue.retry}
          onDismiss={queue.dismiss}
          onClearDone={queue.clearDone}
        />
      </section>

      <div className="flex flex-wrap items-center gap-2">
        <Button id="new-album" variant="secondary" onClick={() => setEditing({ kind: "new" })}>
          {t("albumEditor.album.new")}
        </Button>
        {count > 0 && (
          <a
            href={apiHref("/kammare/photos/download", { query: { profileId } })}
            download
            className={buttonClass("ghost")}
          >
            {t("albumEditor.download")}
          </a>
        )}
      </div>
      {failure && <FailureAlert failure={failure} />}

      {count === 0 && albums.length === 0 ? (
        <div className="rounded-[var(--radius-card)] border border-dashed border-line">
          <EmptyState
            icon={photoIcon}
            headingLevel={2}
            title={t("albumEditor.empty.title")}
            text={t("albumEditor.empty.text")}
          />
        </div>
      ) : (
        albums.map((album, index) => (
          <AlbumSection
            key={album.id}
            profileId={profileId}
            album={album}
            place={index + 1}
            of={albums.length}
            onMoveAlbum={(direction) => moveAlbum(album.id, direction)}
            onMovePhoto={(photoId, direction) => movePhoto(album.id, photoId, direction)}
            onEditPhoto={(photoId) => setEditing({ kind: "photo", photoId })}
            onRename={() => setEditing({ kind: "rename", albumId: album.id })}
            onDelete={() => setEditing({ kind: "delete", albumId: album.id })}
          />
        ))
      )}

      {editedPhoto && (
        <PhotoDialog
          key={editedPhoto.photo.id}
          profileId={profileId}
          photo={editedPhoto.photo}
          album={editedPhoto.album}
          albums={albums}
          chapters={chapters}
          onClose={closeDialog}
          onDone={say}
        />
      )}
      {editing?.kind === "new" && (
        <AlbumTitleDialog profileId={profileId} onClose={closeDialog} onDone={say} />
      )}
      {editing?.kind === "rename" && editedAlbum && (
        <AlbumTitleDialog profileId={profileId} album={editedAlbum} onClose={closeDialog} onDone={say} />
      )}
      {editing?.kind === "delete" && editedAlbum && (
        <AlbumDeleteDialog album={editedAlbum} onClose={closeDialog} onDone={say} />
      )}
    </div>
  );
}
