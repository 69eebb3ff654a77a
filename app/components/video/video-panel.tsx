// "Video" under a page for its owner and editors (decisions "A life in pictures", Video): the page's
// videos with each clip's conversion (polled while one waits or converts), a link added, a clip
// uploaded, a video removed after a confirmation. Loaded through GET /api/kammare/videos.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { api } from "../../lib/api";
import { failureOf, type Failure } from "../../lib/failure";
import type { Video, VideosAnswer } from "../../../contract/videos";
import type { VideoProvider } from "../../../contract/video-values";
import { Alert } from "../alert";
import { Button } from "../button";
import { Card } from "../card";
import { Dialog } from "../dialog";
import { FailureAlert } from "../form-alert";
import { LoadingRegion, Skeleton } from "../skeleton";
import { useToast } from "../toast";
import { ProgressBar } from "./progress-bar";
import { LinkForm, UploadForm } from "./video-forms";

type Loaded = { state: "loading" | "failed" } | { state: "loaded"; answer: VideosAnswer };

const siteNames: Record<VideoProvider, string> = { youtube: "YouTube", vimeo: "Vimeo" };
/** How often the list is asked again while a clip waits or converts. */
const pollMs = 2000;

export function VideoPanel({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });

  const load = useCallback(
    async (quiet = false) => {
      if (!quiet) setLoaded({ state: "loading" });
      try {
        setLoaded({ state: "loaded", answer: await api.get("/kammare/videos", { query: { profileId } }) });
      } catch {
        if (!quiet) setLoaded({ state: "failed" });
      }
    },
    [profileId],
  );

  // The first load starts in the "loading" state already: the effect only asks, and forgets an
  // answer that comes after the panel went.
  useEffect(() => {
    let current = true;
    api.get("/kammare/videos", { query: { profileId } }).then(
      (answer) => {
        if (current) setLoaded({ state: "loaded", answer });
      },
      () => {
        if (current) setLoaded({ state: "failed" });
      },
    );
    return () => {
      current = false;
    };
  }, [profileId]);

  const busy =
    loaded.state === "loaded" &&
    loaded.answer.videos.some((video) => video.status === "waiting" || video.status === "converting");
  // While a clip waits or converts, its progress is asked for every two seconds.
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void load(true), pollMs);
    return () => clearInterval(timer);
  }, [busy, load]);
  // Once the last one is done, the page above shows it: its data is loaded again.
  const revalidator = useRevalidator();
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) void revalidator.revalidate();
    wasBusy.current = busy;
  }, [busy, revalidator]);
  // A clip that became ready or failed while the family waited is said to screen readers once (the
  // percentages in between are not: every two seconds would drown everything else).
  const [announced, setAnnounced] = useState("");
  const stages = useRef(new Map<string, Video["status"]>());
  useEffect(() => {
    if (loaded.state !== "loaded") return;
    for (const video of loaded.answer.videos) {
      const before = stages.current.get(video.id);
      if (before && before !== video.status && (video.status === "ready" || video.status === "failed")) {
        setAnnounced(`${video.title || t("video.untitled")}: ${t(`video.editor.status.${video.status}`)}`);
      }
      stages.current.set(video.id, video.status);
    }
  }, [loaded, t]);

  const added = (video: Video) =>
    setLoaded((current) =>
      current.state === "loaded"
        ? { state: "loaded", answer: { ...current.answer, videos: [...current.answer.videos, video] } }
        : current,
    );

  return (
    <section
      aria-labelledby={headingId}
      data-testid="video-panel"
      className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 print:hidden"
    >
      <Card className="p-4 sm:p-6">
        <h2 id={headingId} className="text-xl font-semibold text-brand">
          {t("video.editor.heading")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("video.editor.lead")}</p>
        <p role="status" className="sr-only">
          {announced}
        </p>
        <div className="mt-4 flex flex-col gap-6">
          {loaded.state === "loading" && (
            <LoadingRegion loading label={t("video.editor.loading")}>
              <Skeleton className="h-12 w-full" />
              <Skeleton className="mt-2 h-12 w-full" />
            </LoadingRegion>
          )}
          {loaded.state === "failed" && (
            <Alert tone="error" title={t("video.editor.loadFailed")}>
              <Button variant="secondary" className="mt-2" onClick={() => void load()}>
                {t("video.editor.retry")}
              </Button>
            </Alert>
          )}
          {loaded.state === "loaded" && (
            <>
              <VideoList
                profileId={profileId}
                videos={loaded.answer.videos}
                onRemoved={() => void load(true)}
              />
              <LinkForm profileId={profileId} onAdded={added} />
              <UploadForm
                profileId={profileId}
                available={loaded.answer.uploadsAvailable}
                onUploaded={added}
              />
            </>
          )}
        </div>
      </Card>
    </section>
  );
}

function VideoList({
  profileId,
  videos,
  onRemoved,
}: {
  profileId: string;
  videos: Video[];
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [removing, setRemoving] = useState<Video | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const titleOf = (video: Video) => video.title || t("video.untitled");

  async function remove() {
    if (!removing) return;
    setBusy(true);
    setFailure(null);
    try {
      await api.post("/kammare/videos/remove", { body: { profileId, videoId: removing.id } });
      toast.show({ title: t("video.editor.removed") });
      setRemoving(null);
      onRemoved();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-base font-semibold text-ink">{t("video.editor.listHeading")}</h3>
      {videos.length === 0 ? (
        <p className="text-sm text-muted">{t("video.editor.empty")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-[var(--radius-control)] border border-line">
          {videos.map((video) => (
            <li
              key={video.id}
              data-testid="video-row"
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-3 py-2"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="font-medium text-ink [overflow-wrap:anywhere]">{titleOf(video)}</span>
                <span className="text-sm text-muted">
                  {video.kind === "link" && video.provider
                    ? t("video.editor.kindLink", { site: siteNames[video.provider] })
                    : t("video.editor.kindClip")}
                </span>
                {video.kind === "clip" && <ClipStatus video={video} />}
              </div>
              <Button
                variant="secondary"
                aria-label={t("video.editor.removeLabel", { title: titleOf(video) })}
                onClick={() => {
                  setFailure(null);
                  setRemoving(video);
                }}
              >
                {t("video.editor.remove")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={removing !== null}
        title={t("video.editor.removeTitle")}
        onClose={() => setRemoving(null)}
      >
        <p>{t("video.editor.removeText", { title: removing ? titleOf(removing) : "" })}</p>
        {failure && (
          <div className="mt-3">
            <FailureAlert failure={failure} />
          </div>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="danger" busy={busy} onClick={() => void remove()}>
            {t("video.editor.removeConfirm")}
          </Button>
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            {t("video.editor.cancel")}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** A clip's stage: waiting, converting with its percentage, on the page, or why it failed. */
function ClipStatus({ video }: { video: Video }) {
  const { t } = useTranslation();
  if (video.status === "converting") {
    const text = t("video.editor.status.converting", { percent: video.progress });
    return <ProgressBar percent={video.progress} label={text} text={text} />;
  }
  if (video.status === "failed") {
    return (
      <span className="text-sm text-danger">
        {t("video.editor.status.failed")}
        {video.failure && ` – ${t(`video.editor.failure.${video.failure}`)}`}
      </span>
    );
  }
  return (
    <span className={`text-sm ${video.status === "ready" ? "text-success" : "text-muted"}`}>
      {t(`video.editor.status.${video.status}`)}
    </span>
  );
}
