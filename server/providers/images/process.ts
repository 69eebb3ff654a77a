// Turning an uploaded file into the images we serve: only real JPEG, PNG and WebP (decided by the
// bytes, never by the name or the declared type), turned upright by their EXIF orientation, stripped
// of all metadata (location, camera, comments), and cropped to the WebP sizes the pages use.
import sharp, { type Metadata } from "sharp";
import {
  imageVariantNames,
  imageVariantSizes,
  maxImageUploadBytes,
  type ImageKind,
  type ImageVariantName,
} from "../../../contract/images";

export type { ImageKind };
export const maxUploadBytes = maxImageUploadBytes;
/** About 50 megapixels (an 8000 × 6000 photo): more is refused before decoding, so a small file cannot
 * unpack into gigabytes of pixels. */
export const maxInputPixels = 50_000_000;
/** The longer side may be at most 20 times the shorter. Cropping a thinner strip to a square or a
 * banner means enlarging it enormously first: a 1 × 5,000 PNG took gigabytes of memory and most of a
 * minute here, and at 1 × 100,000 libvips gives up. No portrait or cover needs such a shape. */
export const maxAspectRatio = 20;

/** The contract's names: a profile's image fields take only these variants' addresses. */
export type VariantName = ImageVariantName;
type VariantSpec = { name: VariantName; width: number; height: number };

/** Portraits are square; covers are wide banners (8:3): the contract's sizes. */
export const variantSpecs: Record<ImageKind, readonly VariantSpec[]> = {
  portrait: imageVariantNames.map((name) => ({ name, ...imageVariantSizes.portrait[name] })),
  cover: imageVariantNames.map((name) => ({ name, ...imageVariantSizes.cover[name] })),
};

export type ImageVariant = {
  name: VariantName;
  data: Buffer;
  contentType: "image/webp";
  width: number;
  height: number;
  bytes: number;
};

export type ProcessedImage = {
  /** The uploaded file's real format. */
  sourceFormat: "jpeg" | "png" | "webp";
  sourceBytes: number;
  /** Largest first. */
  variants: ImageVariant[];
};

export type ImageRejection =
  "too_large" | "not_an_image" | "too_many_pixels" | "extreme_proportions" | "unreadable";

export class ImageRejectedError extends Error {
  constructor(
    readonly reason: ImageRejection,
    message: string,
  ) {
    super(message);
    this.name = "ImageRejectedError";
  }
}

// Each upload is a different image: libvips' operation cache would only hold memory.
sharp.cache(false);

/** The format the first bytes announce; only these three are ever handed to a decoder. */
function sniff(buffer: Buffer): ProcessedImage["sourceFormat"] | null {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return "jpeg";
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "png";
  }
  if (
    buffer.length >= 12 &&
    buffer.toString("latin1", 0, 4) === "RIFF" &&
    buffer.toString("latin1", 8, 12) === "WEBP"
  ) {
    return "webp";
  }
  return null;
}

const notAnImage = () => new ImageRejectedError("not_an_image", "The file is not a JPEG, PNG or WebP image.");

const tooManyPixels = () =>
  new ImageRejectedError(
    "too_many_pixels",
    `The image has more than ${maxInputPixels / 1_000_000} million pixels.`,
  );

const extremeProportions = () =>
  new ImageRejectedError(
    "extreme_proportions",
    `The image is too narrow or too flat: its longer side may be at most ${maxAspectRatio} times its shorter side.`,
  );

/** What every upload is decoded with: one page, warnings are errors, and the pixel limit. */
export const decodeOptions = { limitInputPixels: maxInputPixels, failOn: "warning", pages: 1 } as const;

/**
 * The checks every upload passes before its pixels are decoded (a portrait, a cover, a photo): not over
 * `maxBytes`, a JPEG, PNG or WebP by its bytes whose decoder agrees with its signature, at most
 * `maxInputPixels`, not of extreme proportions. Throws ImageRejectedError; answers the real format and
 * the header's metadata.
 */
export async function checkUpload(
  buffer: Buffer,
  limit: { maxBytes: number; tooLarge: string },
): Promise<{ format: ProcessedImage["sourceFormat"]; metadata: Metadata }> {
  if (buffer.length > limit.maxBytes) throw new ImageRejectedError("too_large", limit.tooLarge);
  const sniffed = sniff(buffer);
  if (!sniffed) throw notAnImage();
  let metadata: Metadata;
  try {
    metadata = await sharp(buffer, decodeOptions).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw notAnImage();
  }
  // The decoder must agree with the signature: a PNG header in front of something else is refused.
  if (metadata.format !== sniffed) throw notAnImage();
  if (!metadata.width || !metadata.height) throw notAnImage();
  if (metadata.width * metadata.height > maxInputPixels) throw tooManyPixels();
  const sides = [metadata.width, metadata.height];
  if (Math.max(...sides) > Math.min(...sides) * maxAspectRatio) throw extremeProportions();
  return { format: sniffed, metadata };
}

/**
 * A decoding or encoding error as the uploader's refusal when it is the file's fault (damaged,
 * truncated, a scale libvips cannot do); other errors are ours and come back unchanged.
 */
export function uploadErrorOf(error: unknown): unknown {
  const message = error instanceof Error ? error.message : "";
  // libvips' word for a resize it cannot do: the scale the crop needs is beyond its limits.
  if (/affine|out of range/i.test(message)) return extremeProportions();
  if (/vips|jpeg|png|webp|input|corrupt|premature|truncat|read error/i.test(message)) {
    return new ImageRejectedError("unreadable", "The image file is damaged and cannot be read.");
  }
  return error;
}

/**
 * Checks the upload and makes its variants. Throws ImageRejectedError for anything that is not an
 * image we take; every other error is ours.
 */
export async function processUpload(buffer: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  const { format: sniffed } = await checkUpload(buffer, {
    maxBytes: maxUploadBytes,
    tooLarge: "The image is larger than 10 MB.",
  });
  const options = decodeOptions;

  // Decode once, upright and cropped to the largest size; the smaller variants (same shape) are
  // resized from those pixels, so a big PNG is never held in memory twice.
  const specs = [...variantSpecs[kind]].sort((a, b) => b.width * b.height - a.width * a.height);
  const largest = specs[0] as VariantSpec;
  const position = kind === "portrait" ? sharp.strategy.attention : "centre";
  try {
    const cropped = await sharp(buffer, options)
      .autoOrient()
      .resize(largest.width, largest.height, { fit: "cover", position })
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = cropped.info;
    const variants = await Promise.all(
      specs.map(async (spec): Promise<ImageVariant> => {
        // The output keeps no metadata (no keepMetadata here): EXIF, XMP, IPTC, ICC and comments are
        // gone; the pixels were converted to sRGB on decoding.
        const { data, info } = await sharp(cropped.data, { raw: { width, height, channels } })
          .resize(spec.width, spec.height, { fit: "fill" })
          .webp({ quality: 82, effort: 4 })
          .toBuffer({ resolveWithObject: true });
        return {
          name: spec.name,
          data,
          contentType: "image/webp",
          width: info.width,
          height: info.height,
          bytes: info.size,
        };
      }),
    );
    return { sourceFormat: sniffed, sourceBytes: buffer.length, variants };
  } catch (error) {
    // A file whose header reads but whose pixels do not (truncated, corrupt) is the uploader's problem.
    throw uploadErrorOf(error);
  }
}
