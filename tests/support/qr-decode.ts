// Reads QR codes back, for tests of what the app draws: PNG and SVG images through sharp, and the codes
// a PDF draws as rectangles (the print sheet) by painting those rectangles into a bitmap. jsQR decodes.
import jsQR from "jsqr";
import sharp, { type Sharp } from "sharp";
import type { DrawnRectangle } from "./pdf-text";

async function decodeImage(image: Sharp): Promise<string | null> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

export function decodePng(png: Uint8Array): Promise<string | null> {
  return decodeImage(sharp(png));
}

/** The SVG drawn at `width` pixels on white, then decoded. */
export function decodeSvg(svg: Uint8Array | string, width = 400): Promise<string | null> {
  return decodeImage(sharp(Buffer.from(svg)).resize(width).flatten({ background: "#ffffff" }));
}

/**
 * The code drawn by the rectangles inside `area` (PDF points, y upwards), painted black on white at
 * `scale` pixels per point with a white border, then decoded.
 */
export function decodeDrawnCode(
  rectangles: readonly DrawnRectangle[],
  area: { x: number; y: number; size: number },
  scale = 4,
): string | null {
  const border = 20;
  const side = Math.ceil(area.size * scale) + 2 * border;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const rectangle of rectangles) {
    if (rectangle.x < area.x || rectangle.x >= area.x + area.size) continue;
    if (rectangle.y < area.y || rectangle.y >= area.y + area.size) continue;
    const left = Math.round((rectangle.x - area.x) * scale) + border;
    const right = Math.round((rectangle.x + rectangle.width - area.x) * scale) + border;
    // Rows of the bitmap run downwards, PDF's y upwards.
    const top = Math.round((area.y + area.size - rectangle.y - rectangle.height) * scale) + border;
    const bottom = Math.round((area.y + area.size - rectangle.y) * scale) + border;
    for (let row = top; row < bottom; row++) {
      for (let column = left; column < right; column++) {
        const at = (row * side + column) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
    }
  }
  return jsQR(pixels, side, side)?.data ?? null;
}
