// Checks a backup archive whole before a restore writes anything (ADR 030): every header against its
// own checksum, every entry against the manifest's size and SHA-256, every name (no `..`, no absolute
// or hidden path, images under image keys only); a damaged archive is refused naming all that is wrong.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { isImageKey } from "../providers/images";
import { BackupError } from "./backup-error";
import { imagePrefix, manifestName, manifestSchema, type Manifest } from "./manifest";
import { ArchiveError, fileSink, readTar } from "./tar";

/** A name an archive may hold: relative, no `..`, nothing hidden. */
function safeName(name: string): boolean {
  return (
    name.length > 0 &&
    !name.startsWith("/") &&
    name.split("/").every((part) => part !== "" && part !== "." && part !== ".." && !part.startsWith("."))
  );
}

export type VerifiedArchive = {
  manifest: Manifest;
  /** Where each entry was written (staging only). */
  staged: Map<string, string>;
};

/**
 * Reads the whole archive, writing its entries under `stageDir` when given, and checks it against its
 * manifest. Throws a BackupError naming everything wrong.
 */
export async function verifyArchive(file: string, stageDir?: string): Promise<VerifiedArchive> {
  const staged = new Map<string, string>();
  let manifestText = "";
  const problems: string[] = [];
  let entries;
  try {
    entries = await readTar(file, async (name, bytes, type) => {
      if (type === "folder") throw new ArchiveError(`it holds a folder, ${JSON.stringify(name)}`);
      if (name === manifestName) {
        if (bytes > 64 * 1024 * 1024) throw new ArchiveError(`${manifestName} is implausibly large`);
        const chunks: Buffer[] = [];
        return {
          write: async (chunk) => {
            chunks.push(Buffer.from(chunk));
          },
          close: async () => {
            manifestText = Buffer.concat(chunks).toString("utf8");
          },
        };
      }
      if (!safeName(name)) throw new ArchiveError(`it holds an unsafe name, ${JSON.stringify(name)}`);
      if (!stageDir) return undefined;
      const target = path.join(stageDir, name);
      await mkdir(path.dirname(target), { recursive: true });
      staged.set(name, target);
      return fileSink(target);
    });
  } catch (error) {
    if (error instanceof ArchiveError) {
      throw new BackupError(`${file} was not restored: ${error.message}`);
    }
    throw error;
  }
  if (!entries.some((entry) => entry.name === manifestName)) {
    throw new BackupError(
      `${file} has no ${manifestName}: it is not a Kammare backup, or it was cut off. Nothing was restored.`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText));
  } catch (error) {
    throw new BackupError(
      `${file} is damaged and was not restored: its ${manifestName} is not a valid Kammare backup manifest (${(error as Error).message.slice(0, 300)}).`,
    );
  }
  const found = new Map(entries.map((entry) => [entry.name, entry]));
  for (const expected of manifest.files) {
    const entry = found.get(expected.name);
    if (!entry) problems.push(`${expected.name} is missing`);
    else if (entry.bytes !== expected.bytes) {
      problems.push(`${expected.name} has ${entry.bytes} bytes where the manifest says ${expected.bytes}`);
    } else if (entry.sha256 !== expected.sha256) {
      problems.push(
        `${expected.name} does not match its checksum (SHA-256 ${entry.sha256}, the manifest says ${expected.sha256})`,
      );
    }
  }
  const listed = new Set(manifest.files.map((entry) => entry.name));
  for (const entry of entries) {
    if (entry.name !== manifestName && !listed.has(entry.name)) {
      problems.push(`${entry.name} is in the archive but not in its manifest`);
    }
  }
  if (!listed.has(manifest.database.file))
    problems.push(`the database's copy ${manifest.database.file} is not listed`);
  // Checked here, before anything is written: the images go back into the store under these keys.
  for (const name of listed) {
    if (name.startsWith(imagePrefix) && !isImageKey(name.slice(imagePrefix.length)))
      problems.push(`${name} is not an image's key (an image store holds nothing else)`);
    else if (!name.startsWith(imagePrefix) && name !== manifest.database.file)
      problems.push(`${name} is neither the database's copy nor an image`);
  }
  if (problems.length) {
    throw new BackupError(
      `${file} is damaged and was not restored:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`,
    );
  }
  return { manifest, staged };
}
