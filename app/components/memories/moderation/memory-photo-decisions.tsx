// The photos a visitor sent with a memory, on the owner's moderation screen: each waits for the
// family's approval whatever the page's memory setting (decisions "A life in pictures"), so each has
// its own Show and Remove (removing asks first: the photo and its files are gone for good).
import { useState } from "react";
import type { OwnerMemory } from "../../../../contract/memories";
import { photoSizeKey, uploadUrl } from "../../../../contract/photo-values";
import { api } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { Alert } from "../../alert";
import { Button } from "../../button";
import { Dialog } from "../../dialog";
import { StatePill } from "../../state-pill";
import { useToast } from "../../toast";

type Photo = OwnerMemory["photos"][number];
type Decision = "shown" | "removed";

export function MemoryPhotoDecisions({ memory, profileId }: { memory: OwnerMemory; profileId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [photos, setPhotos] = useState<Photo[]>(memory.photos);
  const [busy, setBusy] = useState<{ id: string; decision: Decision } | null>(null);
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState<Photo | null>(null);
  if (photos.length === 0) return null;

  async function decide(photo: Photo, decision: Decision) {
    setBusy({ id: photo.id, decision });
    setFailed(false);
    try {
      await api.post("/kammare/memories/photos", { body: { photoId: photo.id, decision } });
      setPhotos((list) =>
        decision === "removed"
          ? list.filter((item) => item.id !== photo.id)
          : list.map((item) => (item.id === photo.id ? { ...item, state: "shown" } : item)),
      );
      toast.show({ title: t(`memoryModeration.photos.${decision}`) });
      setConfirming(null);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }

  const about = (index: number) =>
    t("memoryModeration.photos.about", { number: index + 1, count: photos.length, name: memory.name });

  return (
    <section aria-label={t("memoryModeration.photos.heading", { count: photos.length })}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {photos.map((photo, index) => {
          const small = photo.sizes[0]?.width ?? photo.width;
          const working = busy?.id === photo.id;
          return (
            <li key={photo.id} className="flex flex-col gap-2" data-memory-photo={photo.id}>
              <img
                src={uploadUrl(photoSizeKey(profileId, photo.id, small, "webp"))}
                width={photo.width}
                height={photo.height}
                alt={about(index)}
                loading="lazy"
                className="aspect-square w-full rounded-[var(--radius-control)] bg-raised object-cover"
              />
              <StatePill
                tone={photo.state === "shown" ? "good" : "waiting"}
                label={t(`memoryModeration.photos.state.${photo.state}`)}
              />
              <div className="flex flex-wrap gap-2">
                {photo.state === "pending" && (
                  <Button
                    variant="secondary"
                    busy={working && busy?.decision === "shown"}
                    disabled={busy !== null}
                    onClick={() => void decide(photo, "shown")}
                  >
                    {t("memoryModeration.photos.show")}
                    <span className="sr-only"> {about(index)}</span>
                  </Button>
                )}
                <Button variant="ghost" disabled={busy !== null} onClick={() => setConfirming(photo)}>
                  {t("memoryModeration.photos.remove")}
                  <span className="sr-only"> {about(index)}</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {failed && <Alert tone="error" title={t("memoryModeration.actions.failed")} />}
      <Dialog
        open={confirming !== null}
        title={t("memoryModeration.photos.confirmTitle")}
        onClose={() => {
          if (busy === null) setConfirming(null);
        }}
      >
        <p>{t("memoryModeration.photos.confirmText", { name: memory.name })}</p>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={busy !== null} onClick={() => setConfirming(null)}>
            {t("memoryModeration.remove.cancel")}
          </Button>
          <Button
            variant="danger"
            busy={busy?.decision === "removed"}
            onClick={() => confirming && void decide(confirming, "removed")}
          >
            {t("memoryModeration.photos.confirm")}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
