// Real, small photos for tests and the benchmark: a landscape drawn in SVG (sky, sun, hills, a grain
// that compresses like a photo's), re-encoded by sharp in the widths and encodings the page serves
// (contract/photo-values.ts). Each variant is drawn once and kept, so a hundred photos cost little.
import sharp from "sharp";
import { photoFormats, photoWidths, type PhotoFormat } from "../../contract/photo-values";

/** Palettes of the drawings (sky top, sky bottom, sun, far hills, near hills). */
const palettes = [
  ["#8fb3c9", "#f1d9b5", "#f6e7c1", "#6f8f7a", "#3f5a4b"],
  ["#d98e6a", "#f5c98f", "#fff1d0", "#8a6a5a", "#4d3b36"],
  ["#a9c4d6", "#e8eef0", "#ffffff", "#7c97a6", "#2f4756"],
  ["#c7b7d9", "#f3d7cf", "#fbeadf", "#8c7c9c", "#4c4163"],
  ["#9cc0a8", "#e4efd9", "#fffbe8", "#5f8a6a", "#2e4a38"],
  ["#e0b97a", "#f7e3b8", "#fff6dc", "#a07850", "#5b4025"],
] as const;

export const samplePalettes = palettes.length;

function drawing(variant: number, width: number, height: number): string {
  const [skyTop, skyBottom, sun, far, near] = palettes[variant % palettes.length] ?? palettes[0];
  const sunX = Math.round(width * (0.25 + ((variant * 0.17) % 0.5)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>
    <filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${variant + 1}"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="0.18"/></feComponentTransfer></filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${Math.round(height * 0.38)}" r="${Math.round(Math.min(width, height) * 0.11)}" fill="${sun}" opacity="0.9"/>
  <path d="M0 ${height * 0.62} C ${width * 0.25} ${height * 0.5}, ${width * 0.5} ${height * 0.7}, ${width} ${height * 0.56} L ${width} ${height} L 0 ${height} Z" fill="${far}"/>
  <path d="M0 ${height * 0.8} C ${width * 0.3} ${height * 0.68}, ${width * 0.65} ${height * 0.9}, ${width} ${height * 0.74} L ${width} ${height} L 0 ${height} Z" fill="${near}"/>
  <rect width="100%" height="100%" filter="url(#grain)"/>
</svg>`;
}

const drawn = new Map<string, Promise<Buffer>>();

/** One width of a sample photo in one encoding (drawn at that width, so it is as sharp as a real one). */
export function sampleImage(options: {
  variant: number;
  width: number;
  height: number;
  format: PhotoFormat | "jpg";
  /**
   * Grain over the whole picture, so it weighs what a photo of its size weighs (a 640 px AVIF about
   * 30 KB) rather than what a flat drawing does: for the benchmark's byte counts. Slower to make.
   */
  heavy?: boolean;
}): Promise<Buffer> {
  const { width, height, format, heavy = false } = options;
  const variant = options.variant % palettes.length;
  const key = `${variant} ${width} ${height} ${format} ${heavy}`;
  let image = drawn.get(key);
  if (!image) {
    const grain = sharp({
      create: {
        width,
        height,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 20 },
      },
    }).png();
    const plain = sharp(Buffer.from(drawing(variant, width, height)));
    const picture = heavy
      ? grain.toBuffer().then((noise) => plain.composite([{ input: noise, blend: "overlay" }]))
      : Promise.resolve(plain);
    image = picture.then((drawn) =>
      (format === "avif"
        ? drawn.avif({ quality: 50, effort: 2 })
        : format === "webp"
          ? drawn.webp({ quality: 75 })
          : drawn.jpeg({ quality: 85 })
      ).toBuffer(),
    );
    drawn.set(key, image);
  }
  return image;
}

/** The widths a photo of this width is made in: never wider than itself (contract/photo-values.ts). */
export function sampleSizes(width: number, height: number): { width: number; height: number }[] {
  const widths: number[] = photoWidths.filter((candidate) => candidate <= width);
  if (widths.length === 0) widths.push(width);
  return widths.map((made) => ({ width: made, height: Math.round((height * made) / width) }));
}

/** Every stored file of a sample photo but its original: each width in each encoding. */
export async function sampleFiles(options: {
  variant: number;
  width: number;
  height: number;
  heavy?: boolean;
}): Promise<{ width: number; format: PhotoFormat; data: Buffer }[]> {
  const files = [];
  for (const size of sampleSizes(options.width, options.height)) {
    for (const format of photoFormats) {
      files.push({
        width: size.width,
        format,
        data: await sampleImage({ ...options, width: size.width, height: size.height, format }),
      });
    }
  }
  return files;
}
