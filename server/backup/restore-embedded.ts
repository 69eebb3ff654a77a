// The embedded database's copy brought back into a folder of the restore's own, beside the target:
// unpacked with every name checked (nothing outside that folder, only files and folders), opened, and
// counted against the manifest. restore.ts moves it into place only when all of that has passed, so a
// copy that is not a gzip, not a tar, not a data folder or not the one the manifest counted leaves the
// target as it was.
import { existsSync, createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { openDatabase } from "../db/client";
import { BackupError } from "./backup-error";
import { factDifferences, readFacts } from "./facts";
import type { Manifest } from "./manifest";
import { ArchiveError, fileSink, readTar } from "./tar";

/** A name in the data folder's tar as a path inside it (PGlite's own dumps start names with `/`). */
function insideName(name: string): string {
  const parts = name.replace(/^\/+/, "").split("/");
  if (!parts.every((part) => part !== "" && part !== "." && part !== ".." && !part.includes("\\"))) {
    throw new ArchiveError(`it holds a name outside the data folder, ${JSON.stringify(name)}`);
  }
  return parts.join("/");
}

/** What a failure says after what went wrong: the target was not touched. */
export const untouched = "Nothing was restored: the data folder is as it was.";

/**
 * Unpacks the gzipped tar `dumpFile` (the archive's database entry) into the new folder `into`; `work`
 * holds the tar meanwhile.
 */
export async function unpackEmbeddedCopy(dumpFile: string, into: string, work: string): Promise<void> {
  const tarFile = path.join(work, "database.tar");
  try {
    await pipeline(
      createReadStream(dumpFile),
      createGunzip(),
      createWriteStream(tarFile, { flags: "wx", mode: 0o600 }),
    );
  } catch (error) {
    throw new BackupError(
      `The archive's database copy is not a gzip file (${(error as Error).message}). ${untouched}`,
    );
  }
  try {
    await mkdir(into, { mode: 0o700 });
    await readTar(tarFile, async (name, _bytes, type) => {
      const target = path.join(into, insideName(name));
      if (type === "folder") {
        await mkdir(target, { recursive: true, mode: 0o700 });
        return undefined;
      }
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      return fileSink(target);
    });
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw error;
    throw new BackupError(
      `The archive's database copy is not the tar of a data folder: ${error.message}. ${untouched}`,
    );
  } finally {
    await rm(tarFile, { force: true });
  }
  if (!existsSync(path.join(into, "PG_VERSION"))) {
    throw new BackupError(
      `The archive's database copy has no PG_VERSION: it is not an embedded database's folder. ${untouched}`,
    );
  }
}

/** Opens the unpacked copy (`root`/pglite) and counts it against the manifest. */
export async function checkEmbeddedCopy(root: string, manifest: Manifest): Promise<void> {
  let restored;
  try {
    restored = await openDatabase({ dataDir: root });
  } catch (error) {
    throw new BackupError(
      `The archive's database copy does not open (${(error as Error).message}). ${untouched}`,
    );
  }
  let differences: string[];
  try {
    differences = factDifferences(manifest, await restored.withConnection(readFacts));
  } finally {
    await restored.close();
  }
  if (differences.length) {
    throw new BackupError(
      `The restored database differs from the backup: ${differences.join("; ")}. ${untouched}`,
    );
  }
}
