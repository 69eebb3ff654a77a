// One album in the editor: its title, how many photos, its place among the albums (earlier, later), a
// rename and a delete, and its photos in order as cards.
import type { FamilyAlbum } from "../../../contract/photos";
import { useTranslation } from "../../lib/i18n";
import { Button } from "../button";
import { PhotoCard } from "./photo-card";

type Props = {
  profileId: string;
  album: FamilyAlbum;
  place: number;
  of: number;
  onMoveAlbum: (direction: -1 | 1) => void;
  onMovePhoto: (photoId: string, direction: -1 | 1) => void;
  onEditPhoto: (photoId: string) => void;
  onRename: () => void;
  onDelete: () => void;
};

export function AlbumSection({
  profileId,
  album,
  place,
  of,
  onMoveAlbum,
  onMovePhoto,
  onEditPhoto,
  onRename,
  onDelete,
}: Props) {
  const { t } = useTranslation();
  const headingId = `album-${album.id}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-album-id={album.id}>
      <div className="flex flex-col gap-2 border-b border-line pb-2 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} tabIndex={-1} className="break-words text-xl font-semibold focus:outline-none">
            {album.title}
          </h2>
          <p className="text-sm text-muted">{t("albumEditor.album.count", { count: album.photos.length })}</p>
        </div>
        <div className="-ml-2 flex flex-wrap items-center gap-1 sm:ml-0">
          {of > 1 && (
            <>
              <Button
                variant="ghost"
                className="px-2"
                id={`album-earlier-${album.id}`}
                disabled={place === 1}
                onClick={() => onMoveAlbum(-1)}
                aria-label={t("albumEditor.album.earlierOf", { title: album.title })}
              >
                <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
                  <path d="M3.5 10 8 5.5l4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.75" />
                </svg>
              </Button>
              <Button
                variant="ghost"
                className="px-2"
                id={`album-later-${album.id}`}
                disabled={place === of}
                onClick={() => onMoveAlbum(1)}
                aria-label={t("albumEditor.album.laterOf", { title: album.title })}
              >
                <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
                  <path d="M3.5 6 8 10.5 12.5 6" fill="none" stroke="currentColor" strokeWidth="1.75" />
                </svg>
              </Button>
            </>
          )}
          <Button
            variant="ghost"
            className="px-3"
            id={`rename-${album.id}`}
            onClick={onRename}
            aria-label={t("albumEditor.album.renameOf", { title: album.title })}
          >
            {t("albumEditor.album.rename")}
          </Button>
          <Button
            variant="ghost"
            className="px-3 text-danger"
            onClick={onDelete}
            aria-label={t("albumEditor.album.deleteOf", { title: album.title })}
          >
            {t("albumEditor.album.delete")}
          </Button>
        </div>
      </div>
      {album.photos.length === 0 ? (
        <p className="rounded-[var(--radius-card)] border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
          {t("albumEditor.album.empty")}
        </p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {album.photos.map((photo, index) => (
            <li key={photo.id}>
              <PhotoCard
                profileId={profileId}
                photo={photo}
                place={index + 1}
                of={album.photos.length}
                cover={album.coverPhotoId === photo.id}
                onMove={(direction) => onMovePhoto(photo.id, direction)}
                onEdit={() => onEditPhoto(photo.id)}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
