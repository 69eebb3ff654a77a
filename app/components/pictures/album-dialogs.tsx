// The album dialogs: a title for a new album or a new title for one, and deleting an album with every
// photo in it, asked once more first (saying how many photos go with it).
import { useState } from "react";
import { maxAlbumTitleLength } from "../../../contract/photo-values";
import type { FamilyAlbum } from "../../../contract/photos";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { useFormSubmit } from "../../lib/use-form-submit";
import { Button } from "../button";
import { Dialog } from "../dialog";
import { FormAlert } from "../form-alert";
import { TextField } from "../text-field";

/** Names a new album (no `album`) or renames one. */
export function AlbumTitleDialog({
  profileId,
  album,
  onClose,
  onDone,
}: {
  profileId: string;
  album?: FamilyAlbum;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(album?.title ?? "");
  const form = useFormSubmit<"title">({
    fields: ["title"],
    messages: { invalid_request: { title: "albumEditor.album.titleInvalid" } },
  });
  return (
    <Dialog
      open
      title={album ? t("albumEditor.album.renameTitle") : t("albumEditor.album.newTitle")}
      onClose={onClose}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) =>
          void form.submit(event, {
            check: () => ({
              title: !title.trim()
                ? "albumEditor.album.titleMissing"
                : title.trim().length > maxAlbumTitleLength
                  ? "albumEditor.album.titleInvalid"
                  : undefined,
            }),
            send: async () => {
              if (album) {
                await api.patch("/kammare/albums/{albumId}", {
                  params: { albumId: album.id },
                  body: { title },
                });
              } else {
                await api.post("/kammare/albums", { body: { profileId, title } });
              }
            },
            onDone: () =>
              onDone(
                album
                  ? t("albumEditor.album.renamed")
                  : t("albumEditor.album.created", { title: title.trim() }),
              ),
            staysBusy: true,
          })
        }
      >
        <TextField
          label={t("albumEditor.album.title")}
          name="title"
          value={title}
          maxLength={maxAlbumTitleLength}
          autoComplete="off"
          onChange={(event) => setTitle(event.target.value)}
          error={form.message("title", { max: maxAlbumTitleLength })}
        />
        <FormAlert form={form} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("albumEditor.cancel")}
          </Button>
          <Button type="submit" busy={form.busy}>
            {album ? t("albumEditor.album.rename") : t("albumEditor.album.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function AlbumDeleteDialog({
  album,
  onClose,
  onDone,
}: {
  album: FamilyAlbum;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const removal = useFormSubmit<never>({ fields: [] });
  return (
    <Dialog open title={t("albumEditor.album.deleteTitle", { title: album.title })} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <p>
          {album.photos.length
            ? t("albumEditor.album.deleteWithPhotos", { count: album.photos.length })
            : t("albumEditor.album.deleteEmpty")}
        </p>
        <FormAlert form={removal} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("albumEditor.cancel")}
          </Button>
          <Button
            variant="danger"
            busy={removal.busy}
            onClick={() =>
              void removal.send({
                send: async () => {
                  await api.delete("/kammare/albums/{albumId}", { params: { albumId: album.id } });
                },
                onDone: () => onDone(t("albumEditor.album.deleted", { title: album.title })),
                staysBusy: true,
              })
            }
          >
            {t("albumEditor.album.deleteConfirm")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
