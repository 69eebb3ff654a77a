// A restore that cannot finish leaves its target as it was (ADR 030): an archive whose database copy
// holds `../` names or is a gzip of something else than a tar, a folder given instead of an archive,
// a manifest whose row counts are wrong, an entry among the images that is not an image. Each is
// refused with one clear message and exit code 1, never a crash, and afterwards the target data folder
// holds the same files and the target database the same (no) tables as before.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { beforeAll, expect, it } from "vitest";
import { restoreCommand } from "../../server/backup/cli";
import { createBackup } from "../../server/backup/create";
import { embeddedDumpName } from "../../server/backup/manifest";
import { createTarWriter, readTar } from "../../server/backup/tar";
import { describeOnEngines } from "../support/api-fixture";
import {
  databaseSnapshot,
  folderSnapshot,
  readArchive,
  runBackupScript,
  useBackupScratch,
  writeArchive,
} from "../support/backup-targets";
import { namedDraft } from "../support/named-draft";

const { temporaryDir, emptyServerDatabase } = useBackupScratch();

/** The data folder's tar of `dump` (a gzipped tar) with `extra` entries after its own. */
async function dataFolderTarWith(dump: Buffer, extra: [string, Buffer][]): Promise<Buffer> {
  const dir = await temporaryDir("inner");
  const original = path.join(dir, "original.tar");
  await writeFile(original, gunzipSync(dump));
  const rewritten = path.join(dir, "rewritten.tar");
  const writer = await createTarWriter(rewritten);
  const files: [string, Buffer][] = [];
  await readTar(original, async (name, _bytes, type) => {
    if (type === "folder") return undefined;
    const chunks: Buffer[] = [];
    return {
      write: async (chunk) => void chunks.push(Buffer.from(chunk)),
      close: async () => void files.push([name, Buffer.concat(chunks)]),
    };
  });
  for (const [name, data] of [...files, ...extra]) await writer.add(name, data);
  await writer.finish();
  return gzipSync(await readFile(rewritten));
}

describeOnEngines("a restore that fails", (fixture) => {
  const { engine } = fixture;
  let archive: string;

  beforeAll(async () => {
    await namedDraft(fixture);
    const dataDir = await temporaryDir("site");
    archive = (
      await createBackup({
        config: {
          DATA_DIR: dataDir,
          BACKUP_DIR: path.join(dataDir, "backups"),
          DATABASE_URL: engine.name === "postgresql" ? fixture.url() : undefined,
        },
        database: fixture.handle,
        images: fixture.images,
      })
    ).file;
  }, 60_000);

  /** A target that is not a bare new folder: DATA_DIR holds the operator's notes already. */
  async function target(name: string) {
    const dataDir = await temporaryDir(name);
    await writeFile(path.join(dataDir, "notes.txt"), "the operator's own file\n");
    const url =
      engine.name === "postgresql"
        ? await emptyServerDatabase(process.env.TEST_DATABASE_URL as string)
        : undefined;
    const env: Record<string, string> = { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) };
    const snapshot = async () => ({
      folder: await folderSnapshot(dataDir),
      database: url ? await databaseSnapshot(url) : null,
    });
    return { dataDir, env, snapshot };
  }

  /** Restores `file` into a fresh target: refused with `message`, the target as it was. */
  async function expectRefused(file: string, message: RegExp): Promise<void> {
    const into = await target("target");
    const before = await into.snapshot();
    const result = await restoreCommand(into.env, [file]);
    expect(result.code).toBe(1);
    expect(result.out).toEqual([]);
    expect(await into.snapshot()).toEqual(before);
    const said = result.err.join("\n");
    expect(said).toMatch(message);
    expect(said).not.toMatch(/^\s+at /m);
  }

  /** The archive with its entries or manifest changed, every checksum made to hold. */
  async function changed(change: (archive: Awaited<ReturnType<typeof readArchive>>) => Promise<void> | void) {
    const read = await readArchive(archive);
    await change(read);
    const file = path.join(await temporaryDir("changed"), "kammare-backup-changed.tar");
    await writeArchive(file, read.entries, read.manifest);
    return file;
  }

  it("a folder given as the archive is refused", async () => {
    await expectRefused(await temporaryDir("a-folder"), /is a folder: give the archive's own file/);
  });

  it("wrong row counts in the manifest: refused after counting, the target as it was", async () => {
    const file = await changed(({ manifest }) => {
      manifest.counts.users = (manifest.counts.users ?? 0) + 1;
    });
    await expectRefused(
      file,
      /The restored database differs from the backup:[\s\S]*users: (\d+) rows, the backup had \d+[\s\S]*Nothing was restored/,
    );
  }, 60_000);

  it("an entry among the images that is not an image is refused before anything is written", async () => {
    const file = await changed(({ entries }) => {
      entries.set("images/notes.txt", Buffer.from("not an image"));
    });
    await expectRefused(file, /images\/notes\.txt is not an image's key/);
  }, 60_000);

  if (engine.name === "pglite") {
    it("`../` names in the database's copy are refused, nothing unpacked stays behind", async () => {
      const file = await changed(async ({ entries }) => {
        const dump = entries.get(embeddedDumpName) as Buffer;
        entries.set(embeddedDumpName, await dataFolderTarWith(dump, [["../escaped.txt", Buffer.from("x")]]));
      });
      await expectRefused(
        file,
        /a name outside the data folder, "\.\.\/escaped\.txt"[\s\S]*Nothing was restored/,
      );
    }, 60_000);

    it("a database copy that is a gzip of something else than a tar is refused", async () => {
      const file = await changed(({ entries }) => {
        entries.set(embeddedDumpName, gzipSync(Buffer.alloc(64 * 1024, "not a tar ")));
      });
      await expectRefused(file, /database copy is not the tar of a data folder[\s\S]*Nothing was restored/);
    }, 60_000);

    it("npm run restore of a folder says so in one line and exits 1, without a stack", async () => {
      const into = await target("cli");
      const before = await into.snapshot();
      const result = await runBackupScript(["restore", await temporaryDir("a-folder")], into.env);
      expect(result.code).toBe(1);
      expect(result.out).toBe("");
      expect(result.err.trim().split("\n")).toEqual([expect.stringMatching(/is a folder/)]);
      expect(await into.snapshot()).toEqual(before);
    }, 60_000);
  }
});
