// A photo's details in a dialog: its caption, when it was taken, its album (a move to another album
// of the page) and whether it is its album's cover; and deleting it, asked once more first.
import { useState } from "react";
import { maxPhotoCaptionLength, photoTakenPattern } from "../../../contract/photo-values";
import type { FamilyAlbum, FamilyPhoto, FamilyPhotos } from "../../../contract/photos";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { useFormSubmit } from "../../lib/use-form-submit";
import { Button } from "../button";
import { CheckboxField } from "../checkbox-field";
import { Dialog } from "../dialog";
import { FormAlert } from "../form-alert";
import { SelectField } from "../select-field";
import { TextArea } from "../text-area";
import { TextField } from "../text-field";
import { PhotoThumb } from "./photo-card";

type Field = "caption" | "taken" | "albumId" | "chapterId";

type Props = {
  profileId: string;
  photo: FamilyPhoto;
  album: FamilyAlbum;
  albums: FamilyAlbum[];
  /** The page's life chapters: a photo may belong to one (the time line shows it there). */
  chapters: FamilyPhotos["chapters"];
  onClose: () => void;
  /** Said in the live region after a change (saved, moved, deleted). */
  onDone: (message: string) => void;
};

export function PhotoDialog({ profileId, photo, album, albums, chapters, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [caption, setCaption] = useState(photo.caption);
  const [taken, setTaken] = useState(photo.taken ?? "");
  const [albumId, setAlbumId] = useState(photo.albumId);
  const [chapterId, setChapterId] = useState(photo.chapterId ?? "");
  const [cover, setCover] = useState(album.coverPhotoId === photo.id);
  const [confirming, setConfirming] = useState(false);
  const form = useFormSubmit<Field>({
    fields: ["caption", "taken", "albumId", "chapterId"],
    messages: {
      invalid_request: {
        caption: "albumEditor.photo.captionInvalid",
        taken: "albumEditor.photo.takenInvalid",
      },
    },
  });
  const removal = useFormSubmit<never>({ fields: [] });
  const moving = albumId !== photo.albumId;

  return (
    <Dialog
      open
      title={confirming ? t("albumEditor.photo.deleteTitle") : t("albumEditor.photo.editTitle")}
      onClose={onClose}
    >
      {confirming ? (
        <div className="flex flex-col gap-4">
          <p>{t("albumEditor.photo.deleteText")}</p>
          <FormAlert form={removal} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t("albumEditor.cancel")}
            </Button>
            <Button
              variant="danger"
              busy={removal.busy}
              onClick={() =>
                void removal.send({
                  send: async () => {
                    await api.delete("/kammare/photos/{photoId}", { params: { photoId: photo.id } });
                  },
                  onDone: () => onDone(t("albumEditor.photo.deleted")),
                  staysBusy: true,
                })
              }
            >
              {t("albumEditor.photo.deleteConfirm")}
            </Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) =>
            void form.submit(event, {
              check: () => ({
                caption:
                  caption.trim().length > maxPhotoCaptionLength
                    ? "albumEditor.photo.captionTooLong"
                    : undefined,
                taken:
                  taken.trim() && !photoTakenPattern.test(taken.trim())
                    ? "albumEditor.photo.takenInvalid"
                    : undefined,
              }),
              send: async () => {
                const coverChanged = !moving && cover !== (album.coverPhotoId === photo.id);
                // The page's data loads again once, after the last of the two changes.
                await api.patch("/kammare/photos/{photoId}", {
                  params: { photoId: photo.id },
                  body: {
                    caption,
                    taken: taken.trim(),
                    ...(moving ? { albumId } : {}),
                    ...(chapters.length > 0 ? { chapterId: chapterId || null } : {}),
                  },
                  refresh: !coverChanged,
                });
                if (coverChanged) {
                  await api.patch("/kammare/albums/{albumId}", {
                    params: { albumId: album.id },
                    body: { coverPhotoId: cover ? photo.id : null },
                  });
                }
              },
              onDone: () => onDone(moving ? t("albumEditor.photo.moved") : t("albumEditor.photo.saved")),
              staysBusy: true,
            })
          }
        >
          <div className="mx-auto aspect-square w-32 overflow-hidden rounded-[var(--radius-control)] bg-brand-soft">
            <PhotoThumb profileId={profileId} photo={photo} />
          </div>
          <TextArea
            label={t("albumEditor.photo.caption")}
            hint={t("albumEditor.photo.captionHint", { max: maxPhotoCaptionLength })}
            name="caption"
            rows={3}
            className="[&_textarea]:min-h-24"
            value={caption}
            maxLength={maxPhotoCaptionLength}
            onChange={(event) => setCaption(event.target.value)}
            error={form.message("caption", { max: maxPhotoCaptionLength })}
          />
          <TextField
            label={t("albumEditor.photo.taken")}
            hint={t("albumEditor.photo.takenHint")}
            name="taken"
            inputMode="numeric"
            autoComplete="off"
            value={taken}
            onChange={(event) => setTaken(event.target.value)}
            error={form.message("taken")}
          />
          {albums.length > 1 && (
            <SelectField
              label={t("albumEditor.photo.album")}
              name="albumId"
              value={albumId}
              onChange={(event) => setAlbumId(event.target.value)}
              options={albums.map((option) => ({ value: option.id, label: option.title }))}
              error={form.message("albumId")}
            />
          )}
          {chapters.length > 0 && (
            <SelectField
              label={t("albumEditor.photo.chapter")}
              hint={t("albumEditor.photo.chapterHint")}
              name="chapterId"
              value={chapterId}
              onChange={(event) => setChapterId(event.target.value)}
              options={[
                { value: "", label: t("albumEditor.photo.noChapter") },
                ...chapters.map((chapter) => ({
                  value: chapter.id,
                  label: chapter.period ? `${chapter.title} (${chapter.period})` : chapter.title,
                })),
              ]}
              error={form.message("chapterId")}
            />
          )}
          {!moving && (
            <CheckboxField
              label={t("albumEditor.photo.makeCover", { album: album.title })}
              name="cover"
              checked={cover}
              onChange={(event) => setCover(event.target.checked)}
            />
          )}
          <FormAlert form={form} />
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-4">
            <Button variant="ghost" className="text-danger" onClick={() => setConfirming(true)}>
              {t("albumEditor.photo.delete")}
            </Button>
            <div className="flex gap-2">
              <Button variant="secondary" onClick={onClose}>
                {t("albumEditor.cancel")}
              </Button>
              <Button type="submit" busy={form.busy}>
                {t("albumEditor.photo.save")}
              </Button>
            </div>
          </div>
        </form>
      )}
    </Dialog>
  );
}
