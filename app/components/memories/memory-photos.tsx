// The photos a visitor sent with a memory, once the family has approved them: a row of small pictures
// under the text, each a link to its largest size (it opens as a picture, also without JavaScript).
// Below the first screen, so they load lazily; each carries its size, so nothing moves as they come.
import { photoSizeKey, photoSrcSet, uploadUrl } from "../../../contract/photo-values";
import type { MemoryPhoto } from "../../../contract/memories";
import { useTranslation } from "../../lib/i18n";

/** The shown width of a small picture: three fit beside each other on a 390 px phone. */
const thumbnailSizes = "(min-width: 640px) 176px, 30vw";

export function MemoryPhotos({
  profileId,
  photos,
  writer,
}: {
  profileId: string;
  photos: readonly MemoryPhoto[];
  writer: string;
}) {
  const { t } = useTranslation();
  if (photos.length === 0) return null;
  return (
    <ul className="grid max-w-xl grid-cols-3 gap-2" aria-label={t("memories.photos.label", { name: writer })}>
      {photos.map((photo, index) => {
        const largest = photo.sizes.at(-1)?.width ?? photo.width;
        const source = { profileId, id: photo.id, sizes: photo.sizes };
        const fallback = photo.sizes[0]?.width ?? photo.width;
        return (
          <li key={photo.id}>
            <a
              href={uploadUrl(photoSizeKey(profileId, photo.id, largest, "webp"))}
              className="block overflow-hidden rounded-[var(--radius-control)] bg-raised outline-offset-2 focus-visible:outline-2"
            >
              <picture>
                <source type="image/avif" srcSet={photoSrcSet(source, "avif")} sizes={thumbnailSizes} />
                <source type="image/webp" srcSet={photoSrcSet(source, "webp")} sizes={thumbnailSizes} />
                <img
                  src={uploadUrl(photoSizeKey(profileId, photo.id, fallback, "webp"))}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  decoding="async"
                  alt={t("memories.photos.alt", { name: writer, number: index + 1, count: photos.length })}
                  className="aspect-square size-full object-cover"
                />
              </picture>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
