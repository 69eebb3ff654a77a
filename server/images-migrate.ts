// `npm run images:migrate -- --to s3`: copies every image of the disk store (DATA_DIR/uploads) to the
// bucket the S3_* settings name, so a site can move to IMAGE_STORE=s3. Each copy is read back and
// compared by SHA-256; an object already in the bucket with the same SHA-256 is skipped, so a run that
// stopped is simply run again. Nothing in the database changes and nothing on disk is removed: the
// site keeps serving from disk until IMAGE_STORE=s3 is set and it restarts. Run it with the server's
// settings before switching, and once more after the switch for images uploaded in between.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  DeleteObjectCommand,
  HeadBucketCommand,
  S3ServiceException,
  type S3Client,
} from "@aws-sdk/client-s3";
import { ConfigError, loadConfig } from "./config";
import {
  contentTypeOfKey,
  createDiskImageStore,
  s3SettingsOf,
  uploadsDir,
  type S3Settings,
} from "./providers/images";
import {
  createS3Client,
  describeS3Error,
  headObject,
  putObject,
  readObject,
  sha256Hex,
} from "./providers/images/s3";

export type MigrationSummary = {
  /** Image files found on disk. */
  found: number;
  copied: number;
  /** Already in the bucket with the same SHA-256: left as they were. */
  alreadyThere: number;
  /** Bytes uploaded by this run. */
  bytes: number;
  seconds: number;
};

export class MigrationError extends Error {
  override name = "MigrationError";
}

/** Every image key of the disk store under `dir`, sorted (temporary files are not keys). */
async function diskKeys(dir: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of createDiskImageStore(dir).keys?.() ?? []) keys.push(key);
  return keys.sort();
}

const where = (settings: S3Settings) =>
  `bucket "${settings.bucket}" at ${settings.endpoint ?? `AWS S3 (${settings.region})`}`;

/**
 * Copies the disk store's images to the bucket. Stops at the first failure with a MigrationError saying
 * which image and why (what was copied before it stays, verified, for the next run to skip).
 */
export async function migrateImagesToS3(options: {
  uploadsDir: string;
  settings: S3Settings;
  client?: S3Client;
  /** How many images are copied at once. */
  concurrency?: number;
  progress?: (line: string) => void;
}): Promise<MigrationSummary> {
  const started = performance.now();
  const { settings } = options;
  const client = options.client ?? createS3Client(settings);
  const { bucket } = settings;
  const keys = await diskKeys(options.uploadsDir);
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    throw new MigrationError(`Cannot use ${where(settings)}: ${bucketProblem(error)}.`);
  }

  const summary: MigrationSummary = { found: keys.length, copied: 0, alreadyThere: 0, bytes: 0, seconds: 0 };
  const run: { next: number; failure: MigrationError | null } = { next: 0, failure: null };

  async function copy(key: string): Promise<void> {
    const data = await readFile(path.join(options.uploadsDir, key));
    const sha256 = sha256Hex(data);
    const existing = await headObject(client, bucket, key);
    if (existing && existing.bytes === data.length) {
      // Stored by the app or an earlier run: its SHA-256 is in its metadata. Anything else is read.
      const theirs = existing.sha256 ?? sha256Hex((await readObject(client, bucket, key)) ?? Buffer.alloc(0));
      if (theirs === sha256) {
        summary.alreadyThere += 1;
        return;
      }
    }
    await putObject(client, bucket, key, data, contentTypeOfKey(key) as string);
    const back = await readObject(client, bucket, key);
    const readBack = back ? sha256Hex(back) : "nothing";
    if (readBack !== sha256) {
      // A wrong copy is not left for the site (or the next run, which trusts the SHA-256 it was sent with).
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(() => undefined);
      throw new MigrationError(
        `${key}: the copy read back from the bucket does not match the file on disk (SHA-256 ${sha256} on disk, ${readBack} read back); the bad copy was removed.`,
      );
    }
    summary.copied += 1;
    summary.bytes += data.length;
  }

  async function worker(): Promise<void> {
    while (!run.failure && run.next < keys.length) {
      const key = keys[run.next++] as string;
      try {
        await copy(key);
      } catch (error) {
        run.failure ??=
          error instanceof MigrationError ? error : new MigrationError(`${key}: ${describeS3Error(error)}.`);
        return;
      }
      const done = summary.copied + summary.alreadyThere;
      if (done % 500 === 0) options.progress?.(`${done} of ${keys.length} images…`);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  summary.seconds = (performance.now() - started) / 1000;
  if (run.failure) {
    const done = summary.copied + summary.alreadyThere;
    throw new MigrationError(
      `${run.failure.message} Stopped after ${done} of ${keys.length} images ` +
        `(${summary.copied} copied now, ${summary.alreadyThere} already there), copying to ${where(settings)}.`,
    );
  }
  return summary;
}

/** Why the bucket cannot be used, in words (a HEAD answer has no body to name the cause). */
function bucketProblem(error: unknown): string {
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  if (status === 404) return "there is no such bucket (HTTP 404); create it first";
  if (status === 401 || status === 403) {
    return `access denied (HTTP ${status}); check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key's rights on the bucket`;
  }
  return describeS3Error(error);
}

const usage = "Usage: npm run images:migrate -- --to s3";

export type CommandResult = { code: number; out: string[]; err: string[] };

/** The command: `args` are the words after `--`, `env` the server's settings. */
export async function imagesMigrateCommand(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<CommandResult> {
  if (args.length !== 2 || args[0] !== "--to" || args[1] !== "s3") {
    return {
      code: 2,
      out: [],
      err: [usage, "Only the move from the disk store to a bucket (s3) is offered."],
    };
  }
  let settings: S3Settings;
  let dir: string;
  try {
    const config = loadConfig(env);
    settings = s3SettingsOf(config);
    dir = uploadsDir(config);
  } catch (error) {
    if (error instanceof ConfigError) return { code: 1, out: [], err: [error.message] };
    throw error;
  }
  const out: string[] = [`Copying the images in ${dir} to ${where(settings)}…`];
  try {
    const summary = await migrateImagesToS3({
      uploadsDir: dir,
      settings,
      progress: (line) => out.push(line),
    });
    const megabytes = (summary.bytes / 1024 / 1024).toFixed(1);
    out.push(
      `Done: ${summary.found} images, ${summary.copied} copied (${megabytes} MB) and ${summary.alreadyThere} already there, ` +
        `each checked by SHA-256, in ${summary.seconds.toFixed(1)} s.`,
      "Nothing on disk or in the database was changed. Set IMAGE_STORE=s3 (and the S3_* settings) in every process and restart them to serve the images from the bucket.",
    );
    return { code: 0, out, err: [] };
  } catch (error) {
    if (!(error instanceof MigrationError)) throw error;
    return {
      code: 1,
      out,
      err: [
        `Image migration failed: ${error.message}`,
        "Nothing on disk or in the database was changed, and the site still serves from disk. Fix the cause and run the command again: images already copied and verified are skipped.",
      ],
    };
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  imagesMigrateCommand(process.argv.slice(2), process.env).then(
    (result) => {
      for (const line of result.out) console.log(line);
      for (const line of result.err) console.error(line);
      process.exitCode = result.code;
    },
    (error: unknown) => {
      console.error(`Image migration failed: ${describeS3Error(error)}`);
      process.exitCode = 1;
    },
  );
}
