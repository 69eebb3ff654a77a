// Picks the image store from the configuration: for now always the folder DATA_DIR/uploads.
import path from "node:path";
import type { Config } from "../../config";
import type { ImageKind, ProcessedImage } from "./process";
import { createDiskImageStore, type ImageStore } from "./store";

export type { ImageStore, StoredImage } from "./store";
export { contentTypeOfKey, createDiskImageStore, isImageKey, InvalidImageKeyError } from "./store";
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

export function createImageStore(config: Pick<Config, "DATA_DIR">): ImageStore {
  return createDiskImageStore(uploadsDir(config));
}

/** Where the disk store keeps uploads. */
export function uploadsDir(config: Pick<Config, "DATA_DIR">): string {
  return path.join(config.DATA_DIR, "uploads");
}
