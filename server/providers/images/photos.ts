// Turning a family's photo into what the page serves (decisions "A life in pictures"): the same checks
// as every upload (./process.ts: real JPEG, PNG or WebP by its bytes, a decoder that agrees, the pixel
// limit, no extreme proportions, readable pixels), the original kept as uploaded for the family's
// download, and each width of photoWidths not wider than the upright photo as AVIF and WebP, upright and
// stripped of all metadata. Photos are made one or two at a time (a family uploads a hundred at once;
// each 4000 x 3000 photo is 36 MB of pixels while it is made), so the server's memory stays bounded.
import sharp from "sharp";
import { maxPhotoUploadBytes, photoWidths, type PhotoFormat } from "../../../contract/photo-values";
import { checkUpload, decodeOptions, uploadErrorOf } from "./process";

export type PhotoFile = { width: number; format: PhotoFormat; data: Buffer; contentType: string };

export type ProcessedPhoto = {
  /** The original as uploaded, byte for byte (only ever given to the family, in their ZIP). */
  original: { data: Buffer; extension: "jpg" | "png" | "webp"; contentType: string };
  /** The upright photo's size. */
  width: number;
  height: number;
  /** Each width made, smallest first, with its height. */
  sizes: { width: number; height: number }[];
  /** Every width in both encodings. */
  files: PhotoFile[];
};

/** Turns an uploaded photo into what to store; throws ImageRejectedError for a file we do not take. */
export type PhotoProcessor = (file: Buffer) => Promise<ProcessedPhoto>;

/**
 * How many photos are made at once: one. libvips and the AVIF encoder keep memory they freed in
 * glibc's per-thread arenas, so two at once raised the server's peak by some 150 MB (bench/lib/
 * photo-uploads.ts) while the two cores were no faster for it.
 */
export const photosAtOnce = 1;

/**
 * Uploads let in at once, in this process: one being made, the rest waiting with their bodies read
 * (up to 25 MB each, more than once over while a multipart body is parsed). The next one is answered
 * 503 with Retry-After before its body is read, and the editor sends it again by itself: however many
 * families upload at once, the memory they take stays bounded.
 */
export const photoUploadsAdmitted = 4;
let admitted = 0;

/** A place for one more upload, and the function that gives it back; null when all are taken. */
export function admitPhotoUpload(): (() => void) | null {
  if (admitted >= photoUploadsAdmitted) return null;
  admitted += 1;
  let given = false;
  return () => {
    if (given) return;
    given = true;
    admitted -= 1;
  };
}

const originals = {
  jpeg: { extension: "jpg", contentType: "image/jpeg" },
  png: { extension: "png", contentType: "image/png" },
  webp: { extension: "webp", contentType: "image/webp" },
} as const;

/** The widths a photo of this upright width is made in: those of photoWidths it fills, or its own. */
export function widthsFor(uprightWidth: number): number[] {
  const widths = photoWidths.filter((width) => width <= uprightWidth);
  return widths.length ? widths : [uprightWidth];
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than photosAtOnce photos are being made; the rest wait their turn. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= photosAtOnce) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The turn passes straight on to the next waiting photo; only when none waits is it given back.
    if (next) next();
    else running -= 1;
  }
}

async function makePhoto(buffer: Buffer): Promise<ProcessedPhoto> {
  const { format, metadata } = await checkUpload(buffer, {
    maxBytes: maxPhotoUploadBytes,
    tooLarge: "The photo is larger than 25 MB.",
  });
  // EXIF orientations 5 to 8 turn the photo a quarter: its upright width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = (turned ? metadata.height : metadata.width) as number;
  const height = (turned ? metadata.width : metadata.height) as number;
  const widths = widthsFor(width);
  const largest = Math.max(...widths);
  try {
    // Decoded once, upright, at the largest width; every width and encoding is made from those pixels.
    // JPEG's shrink-on-load decodes a 4000 px photo at 2000 px straight away.
    const upright = await sharp(buffer, decodeOptions)
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    const raw = { width: upright.info.width, height: upright.info.height, channels: upright.info.channels };
    const sizes: ProcessedPhoto["sizes"] = [];
    const files: PhotoFile[] = [];
    for (const target of widths) {
      const targetHeight = Math.max(1, Math.round((height * target) / width));
      sizes.push({ width: target, height: targetHeight });
      // No keepMetadata: EXIF, XMP, IPTC, ICC and comments are gone (the pixels are sRGB from decoding).
      const resized = () => sharp(upright.data, { raw }).resize(target, targetHeight, { fit: "fill" });
      // One encoder at a time: AVIF's holds much memory while it works. Effort 0 is the encoder's
      // quickest (a 2048 px AVIF in well under a second here, at about the size effort 4 makes).
      const avif = await resized().avif({ quality: 55, effort: 0 }).toBuffer();
      files.push({ width: target, format: "avif", data: avif, contentType: "image/avif" });
      const webp = await resized().webp({ quality: 80, effort: 2 }).toBuffer();
      files.push({ width: target, format: "webp", data: webp, contentType: "image/webp" });
    }
    return { original: { data: buffer, ...originals[format] }, width, height, sizes, files };
  } catch (error) {
    // A file whose header reads but whose pixels do not (truncated, corrupt) is the uploader's problem.
    throw uploadErrorOf(error);
  }
}

/**
 * Checks a family's photo and makes its widths (at most photosAtOnce at a time in this process).
 * Throws ImageRejectedError for anything the portrait pipeline refuses, and too_large over 25 MB.
 */
export const processPhoto: PhotoProcessor = (buffer) => inTurn(() => makePhoto(buffer));
