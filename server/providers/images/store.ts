// Where uploaded images live: an interface an object store can implement, and the local-disk store
// (DATA_DIR/uploads by default) that keeps each object as a plain file under its key.
import { randomUUID } from "node:crypto";
import {
  copyFile,
  mkdir,
  open as openFile,
  readdir,
  readFile,
  rename,
  rm,
  unlink,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { resolveRange, type ByteRange, type SentRange } from "./ranges";

export type StoredImage = { data: Buffer; contentType: string };

/** The header images are served with (and stored with in a bucket, for a CDN): keys never change content. */
export const imageCacheControl = "public, max-age=31536000, immutable";

/**
 * An object read as it arrives, for serving it without holding it whole in memory; `bytes` is the
 * length of what the body holds, `range` the part of the object it is when a range was asked.
 */
export type ImageStream = {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  bytes: number | null;
  range?: SentRange;
};

export type ImageStore = {
  readonly kind: string;
  /** Stores the object under `key`, replacing any before it; readers never see a half-written one. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none (or the key could never exist). */
  get(key: string): Promise<StoredImage | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * The object (or the range of it asked for) as a stream, or null when there is none; throws
   * RangeNotSatisfiableError for a range past its end. A store without it is served through `get`.
   */
  open?(key: string, range?: ByteRange): Promise<ImageStream | null>;
  /** Stores a file from the disk under `key` without reading it into memory (a video: hundreds of MB). */
  putFile?(key: string, file: string, contentType: string): Promise<void>;
  /**
   * Where visitors fetch the object straight from a CDN in front of the store (IMAGE_PUBLIC_URL + key),
   * or undefined when the site serves it itself.
   */
  publicUrlOf?(key: string): string | undefined;
  /** Every key the store holds, in no promised order (for copying or backing up a whole store). */
  keys?(): AsyncIterable<string>;
};

/**
 * Keys are slash-separated segments of letters, digits, `.`, `_` and `-`, each starting with a letter
 * or digit: no `..`, no absolute paths, no hidden files (the disk store's temporary files start with
 * a dot), and they end in a known image extension.
 */
const keyPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(?:\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,3}$/;

/** The content type of each extension a key may end in; the disk store keeps no other metadata. */
export const imageContentTypes: Readonly<Record<string, string>> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  avif: "image/avif",
  // An uploaded clip, converted (decisions "A life in pictures", Video); served with byte ranges.
  mp4: "video/mp4",
};

export class InvalidImageKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Invalid image key ${JSON.stringify(key.slice(0, 200))}: ${reason}`);
    this.name = "InvalidImageKeyError";
  }
}

function extensionOf(key: string): string {
  const dot = key.lastIndexOf(".");
  return dot === -1 ? "" : key.slice(dot + 1).toLowerCase();
}

export function isImageKey(key: string): boolean {
  return key.length <= 300 && keyPattern.test(key) && extensionOf(key) in imageContentTypes;
}

/** The content type a key's extension stands for, or null for a key that is not an image key. */
export function contentTypeOfKey(key: string): string | null {
  return isImageKey(key) ? (imageContentTypes[extensionOf(key)] ?? null) : null;
}

const missing = new Set(["ENOENT", "ENOTDIR", "EISDIR"]);
const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code ?? "";

/** The local-disk store: `{dir}/{key}`, written to a temporary file in the same folder and renamed. */
export function createDiskImageStore(dir: string): ImageStore {
  const root = path.resolve(dir);

  function fileOf(key: string): string {
    if (!isImageKey(key)) throw new InvalidImageKeyError(key, "not a safe image key");
    const file = path.resolve(root, key);
    // The pattern already rules out escaping; this keeps it so if the pattern ever changes.
    const relative = path.relative(root, file);
    if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) {
      throw new InvalidImageKeyError(key, "outside the store");
    }
    return file;
  }

  return {
    kind: "disk",
    async put(key, data, contentType) {
      const file = fileOf(key);
      if (contentTypeOfKey(key) !== contentType) {
        throw new InvalidImageKeyError(key, `its extension does not match ${contentType}`);
      }
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
      try {
        await writeFile(temporary, data, { flag: "wx" });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      try {
        return { data: await readFile(fileOf(key)), contentType };
      } catch (error) {
        if (missing.has(errorCode(error))) return null;
        throw error;
      }
    },
    async putFile(key, source, contentType) {
      const file = fileOf(key);
      if (contentTypeOfKey(key) !== contentType) {
        throw new InvalidImageKeyError(key, `its extension does not match ${contentType}`);
      }
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
      try {
        await copyFile(source, temporary);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async open(key, asked) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      try {
        // Opened before its size is read, so a file removed in between is either served whole or a 404.
        const handle = await openFile(fileOf(key), "r");
        try {
          const { size } = await handle.stat();
          if (asked) {
            // Only the bytes asked for are read from the file.
            const range = resolveRange(asked, size);
            const stream = handle.createReadStream({ start: range.start, end: range.end });
            const body = Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
            return { body, contentType, bytes: range.end - range.start + 1, range };
          }
          const body = Readable.toWeb(handle.createReadStream()) as unknown as ReadableStream<Uint8Array>;
          return { body, contentType, bytes: size };
        } catch (error) {
          await handle.close();
          throw error;
        }
      } catch (error) {
        if (missing.has(errorCode(error))) return null;
        throw error;
      }
    },
    async *keys() {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (missing.has(errorCode(error))) return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        // Temporary files of a put under way are not objects.
        if (isImageKey(key)) yield key;
      }
    },
    async delete(key) {
      try {
        await unlink(fileOf(key));
      } catch (error) {
        if (!missing.has(errorCode(error))) throw error;
      }
    },
  };
}
