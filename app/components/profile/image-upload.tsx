// The one control for a page's pictures (portrait and cover): choose or drop a file, crop it to the
// shape the page shows, upload it with progress; replace and remove. The server checks the file again.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type PointerEvent,
} from "react";
import { useTranslation } from "react-i18next";
import { acceptedImageTypes } from "../../../contract/image-values";
import type { ImageKind } from "../../../contract/images";
import {
  cropRect,
  cropShapes,
  fileProblem,
  initialCrop,
  maxZoom,
  minZoom,
  moveCrop,
  zoomCrop,
  type Crop,
  type Size,
} from "../../lib/crop";
import { useRootData } from "../../lib/root-data";
import { UploadError, uploadImage } from "../../lib/upload-image";
import { Button, buttonClass } from "../button";

type Props = {
  profileId: string;
  kind: ImageKind;
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
};

type Source = { bitmap: ImageBitmap; size: Size; name: string };

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
  const [source, setSource] = useState<Source | null>(null);
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

  async function uploadCrop() {
    if (!source || !crop) return;
    setError(null);
    const rect = cropRect(source.size, shape.aspect, crop);
    const canvas = document.createElement("canvas");
    canvas.width = shape.output.width;
    canvas.height = shape.output.height;
    const context = canvas.getContext("2d");
    if (!context) {
      setError(t("profile.images.unreadable"));
      return;
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
      return;
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
    } catch (caught) {
      if (controller.signal.aborted) return;
      // The crop stays, so "Use this picture" tries the same picture again.
      setError(`${t("profile.images.failed")} ${t(`profile.images.reasons.${uploadReason(caught)}`)}`);
      setAnnouncement("");
    } finally {
      if (upload.current === controller) upload.current = null;
      setProgress(null);
    }
  }

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
          <Preview kind={kind} value={value} alt={t("profile.images.current")} />
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

/** The picture as the page shows it: the portrait as a circle, the cover as a wide banner. */
function Preview({ kind, value, alt }: { kind: ImageKind; value: string | null; alt: string }) {
  if (kind === "portrait") {
    return value ? (
      <img
        src={value}
        alt={alt}
        width={320}
        height={320}
        className="size-24 shrink-0 rounded-full border border-line object-cover sm:size-28"
      />
    ) : (
      <div
        aria-hidden="true"
        className="flex size-24 shrink-0 items-center justify-center rounded-full border border-line bg-raised text-muted sm:size-28"
      >
        <svg viewBox="0 0 24 24" className="size-10" fill="none" stroke="currentColor" strokeWidth="1.5">
          <circle cx="12" cy="9" r="4" />
          <path d="M4.5 20c1.5-3.5 4.3-5 7.5-5s6 1.5 7.5 5" strokeLinecap="round" />
        </svg>
      </div>
    );
  }
  return value ? (
    <img
      src={value}
      alt={alt}
      width={1600}
      height={600}
      className="aspect-[8/3] w-full rounded-[var(--radius-control)] border border-line object-cover"
    />
  ) : (
    <div
      aria-hidden="true"
      className="flex size-12 items-center justify-center rounded-full bg-raised text-muted"
    >
      <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="1.5">
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <circle cx="9" cy="10" r="1.75" />
        <path d="m4 17 5-4.5 3.5 3 3-2.5L20 17" strokeLinejoin="round" />
      </svg>
    </div>
  );
}

type CropStepProps = {
  kind: ImageKind;
  source: Source;
  crop: Crop;
  setCrop: (update: (crop: Crop) => Crop) => void;
  frame: React.RefObject<HTMLDivElement | null>;
  progress: number | null;
  onUse: () => void;
  onCancel: () => void;
};

/** The crop step: the picture in a frame of the page's shape; drag or arrow keys move it, a slider zooms. */
function CropStep({ kind, source, crop, setCrop, frame, progress, onUse, onCancel }: CropStepProps) {
  const { t } = useTranslation();
  const id = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const { aspect } = cropShapes[kind];
  const busy = progress !== null;

  // Drawn on a canvas, with the same rectangle the upload is cut from: what is seen is what is sent.
  // (A canvas also needs no inline style, which the CSP forbids.)
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const draw = () => {
      const ratio = window.devicePixelRatio || 1;
      const width = Math.round(element.clientWidth * ratio);
      const height = Math.round(element.clientHeight * ratio);
      if (!width || !height) return;
      if (element.width !== width) element.width = width;
      if (element.height !== height) element.height = height;
      const context = element.getContext("2d");
      if (!context) return;
      const rect = cropRect(source.size, aspect, crop);
      context.imageSmoothingQuality = "high";
      context.drawImage(source.bitmap, rect.x, rect.y, rect.width, rect.height, 0, 0, width, height);
      if (kind === "portrait") {
        // The page shows the portrait as a circle: the corners are dimmed, not cut, so the
        // owner still sees what lies around it.
        context.fillStyle = "rgba(20, 39, 36, 0.55)";
        context.beginPath();
        context.rect(0, 0, width, height);
        context.arc(width / 2, height / 2, width / 2, 0, Math.PI * 2);
        context.fill("evenodd");
        context.strokeStyle = "rgba(255, 255, 255, 0.9)";
        context.lineWidth = 2 * ratio;
        context.beginPath();
        context.arc(width / 2, height / 2, width / 2 - ratio, 0, Math.PI * 2);
        context.stroke();
      }
    };
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(element);
    return () => observer.disconnect();
  }, [source, crop, aspect, kind]);

  const frameWidth = () => canvas.current?.clientWidth || 1;

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (busy) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const last = drag.current;
    if (!last) return;
    const dx = event.clientX - last.x;
    const dy = event.clientY - last.y;
    drag.current = { x: event.clientX, y: event.clientY };
    setCrop((current) => moveCrop(source.size, aspect, current, dx, dy, frameWidth()));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (busy) return;
    // A twentieth of the frame a press; with Shift, a fifth.
    const step = frameWidth() * (event.shiftKey ? 0.2 : 0.05);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setCrop((current) => moveCrop(source.size, aspect, current, move[0], move[1], frameWidth()));
    } else if (event.key === "+" || event.key === "=" || event.key === "-") {
      event.preventDefault();
      const factor = event.key === "-" ? 1 / 1.1 : 1.1;
      setCrop((current) => zoomCrop(source.size, aspect, current, current.zoom * factor));
    }
  }

  const headingId = `${id}-heading`;
  const helpId = `${id}-help`;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-surface p-4"
    >
      <div className="flex flex-col gap-1">
        <p id={headingId} className="font-semibold text-ink">
          {t(`profile.images.crop.${kind}`)}
        </p>
        <p id={helpId} className="text-sm text-muted">
          {t("profile.images.crop.help")}
        </p>
      </div>
      <div
        ref={frame}
        tabIndex={0}
        role="group"
        aria-roledescription={t("profile.images.crop.frame")}
        aria-label={t("profile.images.crop.frame")}
        aria-describedby={helpId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
        data-testid="crop-frame"
        className={`relative w-full touch-none select-none overflow-hidden rounded-[var(--radius-control)] bg-ink/10 ${
          busy ? "opacity-60" : "cursor-grab active:cursor-grabbing"
        } ${kind === "portrait" ? "mx-auto max-w-72" : ""}`}
      >
        <canvas
          ref={canvas}
          aria-hidden="true"
          className={`block w-full ${kind === "portrait" ? "aspect-square" : "aspect-[8/3]"}`}
        />
      </div>
      <div className="flex items-center gap-3">
        <label htmlFor={`${id}-zoom`} className="text-sm font-medium text-ink">
          {t("profile.images.crop.zoom")}
        </label>
        <input
          id={`${id}-zoom`}
          type="range"
          min={minZoom}
          max={maxZoom}
          step={0.01}
          value={crop.zoom}
          disabled={busy}
          onChange={(event) => {
            const zoom = Number(event.target.value);
            setCrop((current) => zoomCrop(source.size, aspect, current, zoom));
          }}
          className="h-11 min-w-0 flex-1 accent-brand"
        />
      </div>
      {busy && (
        <div className="flex items-center gap-3">
          <progress
            value={progress ?? 0}
            max={1}
            aria-label={t("profile.editor.uploading")}
            className="h-2 min-w-0 flex-1 appearance-none overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:bg-brand"
          />
          <span aria-hidden="true" className="w-24 text-right text-sm tabular-nums text-muted">
            {t("profile.images.uploading", { percent })}
          </span>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <Button onClick={onUse} busy={busy}>
          {busy ? t("profile.editor.uploading") : t("profile.images.crop.use")}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t("profile.images.crop.cancel")}
        </Button>
      </div>
    </div>
  );
}
