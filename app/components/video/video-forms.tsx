// The video editor's two forms (app/components/video/video-panel.tsx): a link to YouTube or Vimeo with
// an optional title, and a clip uploaded with its progress. Where the site has no ffmpeg the upload
// says so before anyone picks a file.
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { api } from "../../lib/api";
import { failureOf, type Failure } from "../../lib/failure";
import { refusalText } from "../../lib/refusal";
import { useRootData } from "../../lib/root-data";
import { uploadVideo, VideoUploadError } from "../../lib/upload-video";
import { maxVideoTitleLength } from "../../../contract/video-values";
import type { Video } from "../../../contract/videos";
import { Alert } from "../alert";
import { Button } from "../button";
import { FileDrop } from "../file-drop";
import { FailureAlert } from "../form-alert";
import { TextField } from "../text-field";
import { ProgressBar } from "./progress-bar";

export function LinkForm({ profileId, onAdded }: { profileId: string; onAdded: (video: Video) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [url, setUrl] = useState("");
  const [title, setTitle] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    setDone(false);
    try {
      const { video } = await api.post("/kammare/videos/links", { body: { profileId, url, title } });
      onAdded(video);
      setUrl("");
      setTitle("");
      setDone(true);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  }

  // A refusal about the link is said at its field; anything else in the alert.
  const urlError = failure
    ? failure.refusal === "video.link-unsupported"
      ? refusalText(t, failure)
      : failure.fields.url
    : undefined;
  const titleError = failure?.fields.title;
  return (
    <form
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3"
      noValidate
    >
      <h3 id={headingId} className="text-base font-semibold text-ink">
        {t("video.editor.linkHeading")}
      </h3>
      <TextField
        label={t("video.editor.linkLabel")}
        hint={t("video.editor.linkHint")}
        error={urlError}
        name="videoUrl"
        type="url"
        inputMode="url"
        autoComplete="off"
        required
        value={url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <TextField
        label={t("video.editor.titleLabel")}
        error={titleError}
        name="videoTitle"
        maxLength={maxVideoTitleLength}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      {failure && !urlError && !titleError && <FailureAlert failure={failure} />}
      {done && <Alert tone="success" title={t("video.editor.added")} />}
      <div>
        <Button type="submit" busy={busy}>
          {busy ? t("video.editor.adding") : t("video.editor.addLink")}
        </Button>
      </div>
    </form>
  );
}

export function UploadForm({
  profileId,
  available,
  onUploaded,
}: {
  profileId: string;
  available: boolean;
  onUploaded: (video: Video) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const baseURL = useRootData()?.config.apiBaseUrl ?? "";
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState(false);
  const controller = useRef<AbortController | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    controller.current = new AbortController();
    setProgress(0);
    setFailure(null);
    setDone(false);
    try {
      const video = await uploadVideo({
        baseURL,
        profileId,
        title,
        file,
        onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
        signal: controller.current.signal,
      });
      onUploaded(video);
      setFile(null);
      setTitle("");
      setDone(true);
    } catch (error) {
      if (error instanceof VideoUploadError) setFailure(error.failure);
      else if (!(error instanceof DOMException)) setFailure({ fields: {} });
    } finally {
      setProgress(null);
    }
  }

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3"
      noValidate
    >
      <h3 id={headingId} className="text-base font-semibold text-ink">
        {t("video.editor.uploadHeading")}
      </h3>
      {!available ? (
        <Alert tone="info" title={t("video.editor.uploadsOff")} />
      ) : (
        <>
          <FileDrop
            name="videoFile"
            accept="video/*"
            title={t("video.editor.uploadTitle")}
            hint={t("video.editor.uploadHint")}
            onFile={(chosen) => {
              setFile(chosen ?? null);
              setFailure(null);
              setDone(false);
            }}
          />
          {file && (
            <p className="text-sm text-ink [overflow-wrap:anywhere]">
              {t("video.editor.chosen", { name: file.name })}
            </p>
          )}
          <TextField
            label={t("video.editor.titleLabel")}
            name="clipTitle"
            maxLength={maxVideoTitleLength}
            value={title}
            error={failure?.fields.title}
            onChange={(event) => setTitle(event.target.value)}
          />
          {progress !== null && (
            <ProgressBar
              percent={progress}
              label={t("video.editor.uploading", { percent: progress })}
              text={t("video.editor.uploading", { percent: progress })}
            />
          )}
          {failure && <FailureAlert failure={failure} />}
          {done && <Alert tone="success" title={t("video.editor.uploaded")} />}
          <div>
            <Button type="submit" busy={progress !== null} disabled={!file}>
              {t("video.editor.upload")}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
