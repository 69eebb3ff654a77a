// The geometry of cropping a picture to the shape the page shows it in, and the checks a chosen file
// passes before it is read: pure functions, shared by the crop step's drawing and its output.
import { acceptedImageTypes, maxImageUploadBytes } from "../../contract/image-values";
import type { ImageKind } from "../../contract/images";

export type Size = { width: number; height: number };
export type Rect = { x: number; y: number; width: number; height: number };

/**
 * The shape of each kind and the size sent: the server's largest variant (contract/images.ts:
 * portraits 800 px square, covers 1600 × 600), so it never has to crop again and nothing is lost.
 */
export const cropShapes: Record<ImageKind, { aspect: number; output: Size }> = {
  portrait: { aspect: 1, output: { width: 800, height: 800 } },
  cover: { aspect: 8 / 3, output: { width: 1600, height: 600 } },
};

export const minZoom = 1;
export const maxZoom = 4;

/** Where the crop sits: its zoom (1 = as much of the picture as the shape allows) and its centre,
 * in the picture's own pixels. */
export type Crop = { zoom: number; centerX: number; centerY: number };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The largest rectangle of the shape's proportions that fits inside the picture. */
function fullCrop(image: Size, aspect: number): Size {
  return image.width / image.height > aspect
    ? { width: image.height * aspect, height: image.height }
    : { width: image.width, height: image.width / aspect };
}

/** The crop that shows as much of the picture as the shape allows, centred. */
export function initialCrop(image: Size): Crop {
  return { zoom: minZoom, centerX: image.width / 2, centerY: image.height / 2 };
}

/** The crop kept inside the picture: the zoom within its range, the centre where no edge shows. */
export function clampCrop(image: Size, aspect: number, crop: Crop): Crop {
  const zoom = clamp(Number.isFinite(crop.zoom) ? crop.zoom : minZoom, minZoom, maxZoom);
  const full = fullCrop(image, aspect);
  const halfWidth = full.width / zoom / 2;
  const halfHeight = full.height / zoom / 2;
  return {
    zoom,
    centerX: clamp(crop.centerX, halfWidth, image.width - halfWidth),
    centerY: clamp(crop.centerY, halfHeight, image.height - halfHeight),
  };
}

/** The part of the picture (in its pixels) that the crop keeps. */
export function cropRect(image: Size, aspect: number, crop: Crop): Rect {
  const { zoom, centerX, centerY } = clampCrop(image, aspect, crop);
  const full = fullCrop(image, aspect);
  const width = full.width / zoom;
  const height = full.height / zoom;
  return { x: centerX - width / 2, y: centerY - height / 2, width, height };
}

/**
 * The crop after the picture was dragged by (dx, dy) pixels in a frame `frameWidth` pixels wide: the
 * picture follows the finger, so the crop moves the other way.
 */
export function moveCrop(
  image: Size,
  aspect: number,
  crop: Crop,
  dx: number,
  dy: number,
  frameWidth: number,
): Crop {
  const rect = cropRect(image, aspect, crop);
  const scale = rect.width / frameWidth;
  return clampCrop(image, aspect, {
    ...crop,
    centerX: crop.centerX - dx * scale,
    centerY: crop.centerY - dy * scale,
  });
}

/** The crop at another zoom, around the same centre. */
export function zoomCrop(image: Size, aspect: number, crop: Crop, zoom: number): Crop {
  return clampCrop(image, aspect, { ...crop, zoom });
}

/** What is wrong with a chosen file before it is read: its type, or its size (the server's limit). */
export function fileProblem(file: { type: string; size: number }): "type" | "size" | undefined {
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) return "type";
  if (file.size > maxImageUploadBytes) return "size";
  return undefined;
}
