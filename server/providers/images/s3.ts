// The object store: images kept in an S3 bucket (AWS S3 or any S3-compatible service: MinIO, Ceph,
// Cloudflare R2, …) through the official SDK, so every process of a site on every machine reads the
// same images. Each object carries its SHA-256 (in its metadata, and sent for the service to check on
// upload) and the same cache headers the site serves it with, for a CDN in front of the bucket.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import {
  contentTypeOfKey,
  imageCacheControl,
  InvalidImageKeyError,
  isImageKey,
  type ImageStore,
} from "./store";
import { parseContentRange, rangeHeader, RangeNotSatisfiableError } from "./ranges";

export type S3Settings = {
  /** Unset: AWS S3 itself in `region`. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (MinIO and most stand-ins). */
  forcePathStyle: boolean;
  /** A CDN in front of the bucket: visitors are sent to this address + key. */
  publicUrl?: string;
};

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SDK's newer default checksums (CRC32 on every request) are not understood by every
    // S3-compatible service; the SHA-256 we send ourselves on upload is.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
}

export const sha256Hex = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/** Whether the error is the service saying there is no such object (not: no such bucket, no access). */
export function isMissingObject(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound");
}

/** The error as an operator can act on it: the service's code and status, never a credential. */
export function describeS3Error(error: unknown): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    // An answer without a body (HEAD) leaves the SDK only "UnknownError" to say. The SDK's own text,
    // read only to leave out of a log line what says nothing; nothing branches on it (ADR 032).
    // eslint-disable-next-line no-restricted-syntax
    const said = error.message && error.message !== error.name && error.message !== "UnknownError";
    return `${error.name}${status ? ` (HTTP ${status})` : ""}${said ? `: ${error.message}` : ""}`;
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/** What the bucket holds under a key: its size and the SHA-256 it was stored with, if any. */
export async function headObject(
  client: S3Client,
  bucket: string,
  key: string,
): Promise<{ bytes: number; sha256: string | null } | null> {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { bytes: head.ContentLength ?? 0, sha256: head.Metadata?.sha256 ?? null };
  } catch (error) {
    if (isMissingObject(error)) return null;
    throw error;
  }
}

/** Uploads `data` with its SHA-256: in the metadata, and as the checksum the service verifies. */
export async function putObject(
  client: S3Client,
  bucket: string,
  key: string,
  data: Buffer,
  contentType: string,
): Promise<string> {
  const digest = createHash("sha256").update(data).digest();
  await client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: data,
      ContentLength: data.length,
      ContentType: contentType,
      CacheControl: imageCacheControl,
      ChecksumSHA256: digest.toString("base64"),
      Metadata: { sha256: digest.toString("hex") },
    }),
  );
  return digest.toString("hex");
}

/** Whether the service said the range asked lies past the object's end. */
function isUnsatisfiable(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "InvalidRange" || error.$metadata.httpStatusCode === 416)
  );
}

/** Uploads a file from the disk as it is read (a video), with its SHA-256 read from the file first. */
async function putFileObject(
  client: S3Client,
  bucket: string,
  { key, file, contentType }: { key: string; file: string; contentType: string },
): Promise<void> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  const digest = hash.digest();
  const { size } = await stat(file);
  await client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: createReadStream(file),
      ContentLength: size,
      ContentType: contentType,
      CacheControl: imageCacheControl,
      ChecksumSHA256: digest.toString("base64"),
      Metadata: { sha256: digest.toString("hex") },
    }),
  );
}

/** The object's bytes, or null when there is none. */
export async function readObject(client: S3Client, bucket: string, key: string): Promise<Buffer | null> {
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if (!object.Body) return Buffer.alloc(0);
    return Buffer.from(await object.Body.transformToByteArray());
  } catch (error) {
    if (isMissingObject(error)) return null;
    throw error;
  }
}

/** The image store on a bucket; keys are the same as the disk store's, object names in the bucket. */
export function createS3ImageStore(settings: S3Settings, client = createS3Client(settings)): ImageStore {
  const { bucket } = settings;
  const publicUrl = settings.publicUrl?.replace(/\/+$/, "");

  function checked(key: string): string {
    if (!isImageKey(key)) throw new InvalidImageKeyError(key, "not a safe image key");
    return key;
  }

  return {
    kind: "s3",
    async put(key, data, contentType) {
      if (contentTypeOfKey(checked(key)) !== contentType) {
        throw new InvalidImageKeyError(key, `its extension does not match ${contentType}`);
      }
      // S3 replaces an object whole: readers see the old one or the new one, never a part.
      await putObject(client, bucket, key, data, contentType);
    },
    async get(key) {
      // The type comes from the key, as on disk: never one the bucket was told.
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      const data = await readObject(client, bucket, key);
      return data && { data, contentType };
    },
    async putFile(key, file, contentType) {
      if (contentTypeOfKey(checked(key)) !== contentType) {
        throw new InvalidImageKeyError(key, `its extension does not match ${contentType}`);
      }
      await putFileObject(client, bucket, { key, file, contentType });
    },
    async open(key, range) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      try {
        // A range is the service's to cut: only the bytes asked for come from the bucket.
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? rangeHeader(range) : undefined }),
        );
        if (!object.Body) return null;
        // The SDK's stream over the service's answer, passed on as it arrives.
        const body = object.Body.transformToWebStream() as ReadableStream<Uint8Array>;
        const sent = range ? parseContentRange(object.ContentRange) : null;
        return { body, contentType, bytes: object.ContentLength ?? null, ...(sent ? { range: sent } : {}) };
      } catch (error) {
        if (isMissingObject(error)) return null;
        if (range && isUnsatisfiable(error)) {
          throw new RangeNotSatisfiableError((await headObject(client, bucket, key))?.bytes ?? null);
        }
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checked(key) }));
    },
    async *keys() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token, MaxKeys: 1000 }),
        );
        for (const object of page.Contents ?? []) if (object.Key && isImageKey(object.Key)) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    publicUrlOf: publicUrl ? (key) => `${publicUrl}/${key}` : undefined,
  };
}
