// The crop step of a picture's upload: the picture in a frame of the page's shape (the portrait's
// circle, the cover's banner); drag or arrow keys move it, a slider or + and - zoom.
import { useEffect, useId, useRef, type KeyboardEvent, type PointerEvent, type RefObject } from "react";
import { useTranslation } from "../../lib/i18n";
import type { ImageKind } from "../../../contract/images";
import {
  cropRect,
  cropShapes,
  maxZoom,
  minZoom,
  moveCrop,
  zoomCrop,
  type Crop,
  type Size,
} from "../../lib/crop";
import { Button } from "../button";

/** A chosen picture, decoded: what the crop step draws and the upload cuts from. */
export type ImageSource = { bitmap: ImageBitmap; size: Size; name: string };

type CropStepProps = {
  kind: ImageKind;
  source: ImageSource;
  crop: Crop;
  setCrop: (update: (crop: Crop) => Crop) => void;
  frame: RefObject<HTMLDivElement | null>;
  progress: number | null;
  onUse: () => void;
  onCancel: () => void;
};

/** The crop step: the picture in a frame of the page's shape; drag or arrow keys move it, a slider zooms. */
export function CropStep({ kind, source, crop, setCrop, frame, progress, onUse, onCancel }: CropStepProps) {
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
