// Where the static copy is written (ADR 046): a folder any web server can serve, or a bucket (the S3
// settings of the image store, under the prefix `static/`, so the copy never mixes with the images).
// Both take the copy's own paths (`k/{id}/index.html`, `assets/…`, `404.html`), slash-separated.
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { DeleteObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { imageCacheControl } from "../providers/images";
import { createS3Client, readObject, type S3Settings } from "../providers/images/s3";

export type StaticTarget = {
  /** Where, in words, for the command's output. */
  readonly where: string;
  read(file: string): Promise<Buffer | null>;
  /** Writes the file whole; a reader never sees half of it. */
  write(file: string, data: Buffer, contentType: string): Promise<void>;
  /** Removing a file that is not there is not an error. */
  remove(file: string): Promise<void>;
};

/** A copy's path never climbs out of its target: slash-separated names, none empty, `.` or `..`. */
export function isCopyPath(file: string): boolean {
  const parts = file.split("/");
  return parts.every((part) => part !== "" && part !== "." && part !== ".." && !part.includes("\\"));
}

function checked(file: string): string {
  if (!isCopyPath(file)) throw new Error(`not a path inside the copy: ${JSON.stringify(file)}`);
  return file;
}

export function folderTarget(dir: string): StaticTarget {
  const root = path.resolve(dir);
  const full = (file: string) => path.join(root, ...checked(file).split("/"));
  return {
    where: `the folder ${root}`,
    async read(file) {
      try {
        return await readFile(full(file));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async write(file, data) {
      const target = full(file);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside and renamed over, so a host serving the folder never sends half a page.
      const temporary = `${target}.${process.pid}.partial`;
      await writeFile(temporary, data);
      await rename(temporary, target);
    },
    async remove(file) {
      await rm(full(file), { force: true });
    },
  };
}

/** Fixed names (assets with a hash, image keys) never change: cached for a year; pages for minutes. */
function cacheControlOf(file: string): string {
  return file.startsWith("assets/") || file.startsWith("uploads/")
    ? imageCacheControl
    : "public, max-age=300";
}

export const bucketPrefix = "static/";

export function bucketTarget(
  settings: S3Settings,
  client: S3Client = createS3Client(settings),
): StaticTarget {
  const key = (file: string) => bucketPrefix + checked(file);
  return {
    where: `bucket "${settings.bucket}" under ${bucketPrefix} at ${settings.endpoint ?? `AWS S3 (${settings.region})`}`,
    read: (file) => readObject(client, settings.bucket, key(file)),
    async write(file, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: key(file),
          Body: data,
          ContentLength: data.length,
          ContentType: contentType,
          CacheControl: cacheControlOf(file),
        }),
      );
    },
    async remove(file) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key(file) }));
    },
  };
}
