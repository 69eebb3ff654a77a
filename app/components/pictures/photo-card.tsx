// One photo in the album editor: the picture (AVIF or WebP at the width the grid needs), its caption and
// date, whether it is the album's cover, and its actions: earlier, later (buttons that work by
// keyboard) and edit (caption, date, album, cover, delete: ./photo-dialog.tsx).
import { photoSrcSet, photoSizeKey, uploadUrl } from "../../../contract/photo-values";
import type { FamilyPhoto } from "../../../contract/photos";
import type { Translate } from "../../../i18n/translator";
import { useTranslation } from "../../lib/i18n";
import { Button } from "../button";

type Props = {
  profileId: string;
  photo: FamilyPhoto;
  /** Its place in the album, from 1, and how many the album holds. */
  place: number;
  of: number;
  cover: boolean;
  onMove: (direction: -1 | 1) => void;
  onEdit: () => void;
};

export function photoLabel(t: Translate, photo: FamilyPhoto, place: number) {
  return photo.caption
    ? t("albumEditor.photo.named", { place, caption: photo.caption })
    : t("albumEditor.photo.unnamed", { place });
}

export function PhotoThumb({
  profileId,
  photo,
  className = "",
}: {
  profileId: string;
  photo: FamilyPhoto;
  className?: string;
}) {
  const source = { profileId, id: photo.id, sizes: photo.sizes };
  const smallest = photo.sizes[0]?.width ?? photo.width;
  return (
    <picture>
      <source type="image/avif" srcSet={photoSrcSet(source, "avif")} sizes="(min-width: 640px) 14rem, 45vw" />
      <img
        src={uploadUrl(photoSizeKey(profileId, photo.id, smallest, "webp"))}
        srcSet={photoSrcSet(source, "webp")}
        sizes="(min-width: 640px) 14rem, 45vw"
        width={photo.width}
        height={photo.height}
        alt=""
        loading="lazy"
        decoding="async"
        className={`size-full object-cover ${className}`}
      />
    </picture>
  );
}

export function PhotoCard({ profileId, photo, place, of, cover, onMove, onEdit }: Props) {
  const { t } = useTranslation();
  const label = photoLabel(t, photo, place);
  return (
    <figure
      className="flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-raised"
      data-photo-id={photo.id}
    >
      <div className="relative aspect-square bg-brand-soft">
        <PhotoThumb profileId={profileId} photo={photo} />
        {cover && (
          <span className="absolute left-2 top-2 rounded-full bg-ink/80 px-2 py-0.5 text-xs font-semibold text-white">
            {t("albumEditor.photo.cover")}
          </span>
        )}
      </div>
      <figcaption className="flex flex-1 flex-col gap-1 px-3 pt-2">
        <span className={`line-clamp-2 text-sm ${photo.caption ? "text-ink" : "italic text-muted"}`}>
          {photo.caption || t("albumEditor.photo.noCaption")}
        </span>
        {photo.taken && <span className="text-xs text-muted">{photo.taken}</span>}
      </figcaption>
      <div className="flex items-center gap-1 px-2 pb-2 pt-1">
        <Button
          variant="ghost"
          className="px-2"
          id={`earlier-${photo.id}`}
          disabled={place === 1}
          onClick={() => onMove(-1)}
          aria-label={t("albumEditor.photo.earlierOf", { label })}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
            <path d="M10 3.5 5.5 8l4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.75" />
          </svg>
        </Button>
        <Button
          variant="ghost"
          className="px-2"
          id={`later-${photo.id}`}
          disabled={place === of}
          onClick={() => onMove(1)}
          aria-label={t("albumEditor.photo.laterOf", { label })}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
            <path d="M6 3.5 10.5 8 6 12.5" fill="none" stroke="currentColor" strokeWidth="1.75" />
          </svg>
        </Button>
        <Button
          id={`edit-${photo.id}`}
          variant="secondary"
          className="ml-auto px-3"
          onClick={onEdit}
          aria-label={t("albumEditor.photo.editOf", { label })}
        >
          {t("albumEditor.photo.edit")}
        </Button>
      </div>
    </figure>
  );
}
