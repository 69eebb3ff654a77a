// The one control for a page's pictures (portrait and cover): choose or drop a file, crop it to the
// shape the page shows, upload it with progress; replace and remove. The server checks the file again.
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { acceptedImageTypes } from "../../../contract/image-values";
import type { ImageKind } from "../../../contract/images";
import { cropRect, cropShapes, fileProblem, initialCrop, type Crop } from "../../lib/crop";
import { useRegisterPendingUpload } from "../../lib/pending-uploads";
import { useRootData } from "../../lib/root-data";
import { UploadError, uploadImage } from "../../lib/upload-image";
import { Alert } from "../alert";
import { Button, buttonClass } from "../button";
import { CropStep, type ImageSource } from "./image-crop";
import { ImagePreview } from "./image-preview";

type Props = {
  profileId: string;
  kind: ImageKind;
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
};

/**
 * Below this on its shorter side a portrait shows blurred at the page's 160 px circle on a sharp
 * screen: the owner is told, and may still use it (a family may have no better photo).
 */
const portraitMinSide = 400;

/** The focus ring of the visible button that stands for the visually hidden file input. */
const peerFocus =
  "cursor-pointer peer-focus-visible:outline-[3px] peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus peer-focus-visible:outline-solid";

function uploadReason(error: unknown): string {
  if (!(error instanceof UploadError)) return "server";
  if (error.status === 0) return "network";
  if (error.status === 401) return "signedOut";
  if (error.status === 403) return "forbidden";
  if (error.status === 413) return "tooLarge";
  if (error.status === 400) return "rejected";
  return "server";
}

export function ImageUpload({ profileId, kind, label, value, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const baseURL = useRootData()?.config.apiBaseUrl ?? "";
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState<ImageSource | null>(null);
  const [crop, setCrop] = useState<Crop | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const upload = useRef<AbortController | null>(null);
  const shape = cropShapes[kind];

  // An unmounted control stops its upload and frees the decoded picture.
  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => () => source?.bitmap.close(), [source]);

  function focusInput() {
    requestAnimationFrame(() => input.current?.focus());
  }

  async function take(file: File) {
    setError(null);
    setAnnouncement("");
    const problem = fileProblem(file);
    if (problem === "type") {
      setError(t("profile.images.wrongType", { name: file.name }));
      return;
    }
    if (problem === "size") {
      // Rounded up, so a file just over the limit never reads as "10 MB".
      const size = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(
        Math.ceil((file.size / 1024 / 1024) * 10) / 10,
      );
      setError(t("profile.images.tooLarge", { name: file.name, size }));
      return;
    }
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    } catch {
      setError(t("profile.images.unreadable"));
      return;
    }
    const size = { width: bitmap.width, height: bitmap.height };
    setSource({ bitmap, size, name: file.name });
    setCrop(initialCrop(size));
  }

  // A new picture to crop: its frame takes the focus, so keyboard users can move the picture at once.
  useEffect(() => {
    if (source) frame.current?.focus();
  }, [source]);

  function cancelCrop() {
    upload.current?.abort();
    setSource(null);
    setCrop(null);
    setProgress(null);
    focusInput();
  }

  /** Uploads the picture as cropped; its address, or null when it failed (the reason shows). */
  async function uploadCrop(): Promise<string | null> {
    if (!source || !crop) return null;
    setError(null);
    const rect = cropRect(source.size, shape.aspect, crop);
    const canvas = document.createElement("canvas");
    canvas.width = shape.output.width;
    canvas.height = shape.output.height;
    const context = canvas.getContext("2d");
    if (!context) {
      setError(t("profile.images.unreadable"));
      return null;
    }
    context.imageSmoothingQuality = "high";
    context.drawImage(
      source.bitmap,
      rect.x,
      rect.y,
      rect.width,
      rect.height,
      0,
      0,
      canvas.width,
      canvas.height,
    );
    // WebP keeps a transparent PNG's transparency; a browser that cannot write WebP gives PNG.
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/webp", 0.9));
    if (!blob) {
      setError(t("profile.images.unreadable"));
      return null;
    }
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    setAnnouncement(t("profile.editor.uploading"));
    try {
      const url = await uploadImage({
        baseURL,
        profileId,
        kind,
        file: blob,
        fileName: `${kind}.${blob.type === "image/webp" ? "webp" : "png"}`,
        onProgress: setProgress,
        signal: controller.signal,
      });
      onChange(url);
      setSource(null);
      setCrop(null);
      setAnnouncement(t("profile.images.uploaded"));
      focusInput();
      return url;
    } catch (caught) {
      if (controller.signal.aborted) return null;
      // The crop stays, so "Use this picture" tries the same picture again.
      setError(`${t("profile.images.failed")} ${t(`profile.images.reasons.${uploadReason(caught)}`)}`);
      setAnnouncement("");
      return null;
    } finally {
      if (upload.current === controller) upload.current = null;
      setProgress(null);
    }
  }

  // The form's Save uploads a picture still being cropped instead of leaving it behind.
  useRegisterPendingUpload(kind, source && crop ? uploadCrop : null);

  function remove() {
    onChange(null);
    setError(null);
    setAnnouncement(t("profile.images.removed"));
    focusInput();
  }

  function onDragOver(event: DragEvent) {
    if (!event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  }

  function onDragLeave(event: DragEvent) {
    // Leaving for a child of the zone is not leaving the zone.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setDragging(false);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void take(file);
  }

  const emptyCover = kind === "cover" && !value;
  // A small portrait is said while it is being placed; it can still be used.
  const small =
    kind === "portrait" && source && Math.min(source.size.width, source.size.height) < portraitMinSide
      ? source.size
      : null;
  const legendId = `${id}-legend`;
  const chooseId = `${id}-choose`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend id={legendId} className="mb-2 text-sm font-medium text-ink">
        {label}
      </legend>
      {source && crop ? (
        <CropStep
          kind={kind}
          source={source}
          crop={crop}
          setCrop={(update) => setCrop((current) => (current ? update(current) : current))}
          frame={frame}
          progress={progress}
          onUse={() => void uploadCrop()}
          onCancel={cancelCrop}
        />
      ) : (
        <div
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={onDragLeave}
          onDrop={onDrop}
          data-testid={`${kind}-drop-zone`}
          className={`flex gap-4 rounded-[var(--radius-card)] border-2 p-4 transition-colors ${
            dragging
              ? "border-brand bg-brand-soft"
              : value
                ? "border-line bg-raised"
                : "border-dashed border-line bg-surface"
          } ${
            emptyCover
              ? "min-h-44 flex-col items-center justify-center text-center sm:aspect-[8/3] sm:min-h-0"
              : kind === "portrait"
                ? "flex-row items-center"
                : "flex-col"
          }`}
        >
          <ImagePreview kind={kind} value={value} alt={t("profile.images.current")} />
          <div
            className={`flex min-w-0 flex-col gap-2 ${emptyCover ? "items-center" : "flex-1 items-start"}`}
          >
            {dragging ? (
              <p className="min-h-11 py-2.5 text-sm font-semibold text-brand">
                {t("profile.images.dropNow")}
              </p>
            ) : (
              <div className="flex flex-wrap items-center gap-x-1 gap-y-2">
                <input
                  ref={input}
                  id={`${id}-input`}
                  type="file"
                  accept={acceptedImageTypes.join(",")}
                  aria-labelledby={`${legendId} ${chooseId}`}
                  aria-describedby={error ? `${hintId} ${errorId}` : hintId}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (file) void take(file);
                    event.target.value = "";
                  }}
                  className="peer sr-only"
                />
                <label id={chooseId} htmlFor={`${id}-input`} className={buttonClass("secondary", peerFocus)}>
                  {value ? t("profile.images.replace") : t("profile.images.choose")}
                </label>
                {value && (
                  <Button variant="ghost" onClick={remove}>
                    {t("profile.images.remove")}
                  </Button>
                )}
                {!value && (
                  <span className="ml-1 hidden text-sm text-muted sm:inline">
                    {t("profile.images.dropHere")}
                  </span>
                )}
              </div>
            )}
            {/* With a picture in place the limits matter less: they are read out, not shown. */}
            <p id={hintId} className={value ? "sr-only" : "text-sm text-muted"}>
              {t("profile.images.hint")}
            </p>
          </div>
        </div>
      )}
      {small && (
        <Alert>
          {t("profile.images.small", { width: small.width, height: small.height, min: portraitMinSide })}
        </Alert>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
