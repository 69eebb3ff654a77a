// Picks the image store from the configuration: for now always the folder DATA_DIR/uploads.
import path from "node:path";
import type { Config } from "../../config";
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

export function createImageStore(config: Pick<Config, "DATA_DIR">): ImageStore {
  return createDiskImageStore(uploadsDir(config));
}

/** Where the disk store keeps uploads. */
export function uploadsDir(config: Pick<Config, "DATA_DIR">): string {
  return path.join(config.DATA_DIR, "uploads");
}
