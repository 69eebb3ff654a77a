// Picks the image store from the configuration: the folder DATA_DIR/uploads (IMAGE_STORE=disk) or a
// bucket (IMAGE_STORE=s3, server/providers/images/s3.ts).
import path from "node:path";
import { ConfigError, type Config } from "../../config";
import type { ImageKind, ProcessedImage } from "./process";
import type { S3Settings } from "./s3";
import { createDiskImageStore, type ImageStore } from "./store";

export type { ImageStore, ImageStream, StoredImage } from "./store";
export type { S3Settings } from "./s3";
export { parseRange, RangeNotSatisfiableError, type ByteRange, type SentRange } from "./ranges";
export {
  contentTypeOfKey,
  createDiskImageStore,
  imageCacheControl,
  isImageKey,
  InvalidImageKeyError,
} from "./store";
export {
  ImageRejectedError,
  maxInputPixels,
  maxUploadBytes,
  processUpload,
  variantSpecs,
  type ImageKind,
  type ImageRejection,
  type ImageVariant,
  type ProcessedImage,
} from "./process";

/** Turns an uploaded file into the WebP variants to store (`processUpload`); throws ImageRejectedError. */
export type ImageProcessor = (file: Buffer, kind: ImageKind) => Promise<ProcessedImage>;

type ImageSettings = Pick<
  Config,
  | "DATA_DIR"
  | "IMAGE_STORE"
  | "IMAGE_PUBLIC_URL"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_BUCKET"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
>;

/** The store IMAGE_STORE names; the S3 SDK is loaded only for `s3`, so a site on disk never carries it. */
export async function createImageStore(config: ImageSettings): Promise<ImageStore> {
  if (config.IMAGE_STORE !== "s3") return createDiskImageStore(uploadsDir(config));
  const settings = s3SettingsOf(config);
  const { createS3ImageStore } = await import("./s3");
  return createS3ImageStore(settings);
}

/**
 * The bucket's settings, whatever IMAGE_STORE says (the migration to a bucket reads them while the site
 * still runs on disk); a ConfigError naming each one missing.
 */
export function s3SettingsOf(config: Omit<ImageSettings, "DATA_DIR" | "IMAGE_STORE">): S3Settings {
  const missing = (["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter(
    (key) => !config[key],
  );
  if (missing.length) {
    throw new ConfigError(
      `Invalid configuration: ${missing.map((key) => `${key}: is needed for the S3 image store`).join("; ")}`,
    );
  }
  return {
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET as string,
    accessKeyId: config.S3_ACCESS_KEY_ID as string,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: config.S3_FORCE_PATH_STYLE === "on",
    publicUrl: config.IMAGE_PUBLIC_URL,
  };
}

/** Where the disk store keeps uploads. */
export function uploadsDir(config: Pick<Config, "DATA_DIR">): string {
  return path.join(config.DATA_DIR, "uploads");
}
