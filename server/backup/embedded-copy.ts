// The embedded database's copy for a backup, taken so that the site keeps answering (ADR 030).
// PGlite's own dumpDataDir reads every file of its data folder and builds the tar in one synchronous
// call: the whole site (every request, not only the database's) stopped for seconds (7 to 22). Here the
// database's turn (`alone`, no statement of the site runs meanwhile) holds only a checkpoint, the
// facts, and a copy of the folder's files made with asynchronous file calls, so the event loop keeps
// serving whatever does not need the database; the tar and its gzip are made after the turn, from the
// copy, as a stream whose compression runs on libuv's threads. A database in memory (tests) has no
// folder: its dumpDataDir is the only way, and it is small. (Since PGlite runs in a worker thread, ADR
// 048, its dump would hold only the database, not the site; the copy stays: it holds the database for
// less time, and its archive leaves out the log segments kept for reuse.)
import { constants, createWriteStream } from "node:fs";
import { copyFile, mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import { setImmediate as nextTurn } from "node:timers/promises";
import { createGzip } from "node:zlib";
import type { DatabaseHandle, EmbeddedSession, RawConnection } from "../db/client";
import { BackupError } from "./backup-error";
import { readFacts, type Facts } from "./facts";
import { tarOfFolder } from "./tar";

/** A WAL segment's file name: timeline, log and segment, 24 hex digits. */
const walSegment = /^pg_wal\/[0-9A-F]{24}$/;

/**
 * The WAL segments a copy taken right after a checkpoint needs: from the one holding the checkpoint's
 * redo point to the one being written (the same one, as nothing is written in the turn). The others are
 * old ones kept for reuse and new ones made ahead, up to min_wal_size (80 MB); names sort by position.
 */
async function neededWal(session: RawConnection): Promise<(name: string) => boolean> {
  const [range] = await session.query<{ first: string; last: string }>(
    "select pg_walfile_name(redo_lsn) as first, pg_walfile_name(pg_current_wal_insert_lsn()) as last from pg_control_checkpoint()",
  );
  if (!range) throw new BackupError("The embedded database did not say where its write-ahead log starts.");
  return (name) => {
    if (!walSegment.test(name)) return true;
    const segment = name.slice("pg_wal/".length);
    return segment >= range.first && segment <= range.last;
  };
}

/**
 * Copies the folder `from` into `to` (a new folder), the files `include` takes, four at a time (libuv's
 * threads do the copying; the event loop stays free).
 */
async function copyFolder(from: string, to: string, include: (name: string) => boolean): Promise<void> {
  const files: string[] = [];
  const walk = async (relative: string) => {
    await mkdir(path.join(to, relative), { recursive: true, mode: 0o700 });
    for (const entry of await readdir(path.join(from, relative), { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (!include(name)) continue;
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile()) files.push(name);
    }
  };
  await walk("");
  const copier = async () => {
    for (let name = files.pop(); name !== undefined; name = files.pop()) {
      // A clone where the file system makes them (btrfs, XFS): instant, whatever the size.
      await copyFile(path.join(from, name), path.join(to, name), constants.COPYFILE_FICLONE);
    }
  };
  await Promise.all([copier(), copier(), copier(), copier()]);
}

/** The connection, letting the event loop turn after each statement (each one holds it). */
function breathing(session: EmbeddedSession): RawConnection {
  return {
    exec: async (sqlText) => {
      await session.exec(sqlText);
      await nextTurn();
    },
    query: async <Row>(sqlText: string, params?: unknown[]) => {
      const rows = await session.query<Row>(sqlText, params);
      await nextTurn();
      return rows;
    },
  };
}

/**
 * Takes the embedded database's copy as `work/database.tar.gz` (a tar of its data folder, gzipped),
 * with the facts of that same moment. `work` is the backup's private working folder.
 */
export async function embeddedCopy(
  database: DatabaseHandle,
  work: string,
): Promise<Facts & { dumpFile: string }> {
  if (!database.alone) throw new BackupError("This database cannot be copied from this process.");
  const copy = path.join(work, "pglite");
  const dumpFile = path.join(work, "database.tar.gz");
  const taken = await database.alone(async (session) => {
    const connection = breathing(session);
    // Written to the data files first: a restore then starts without replaying the log.
    await connection.exec("checkpoint");
    const facts = await readFacts(connection, { slicePages: 1024 });
    if (!session.dataDir) return { facts, inMemory: await session.dumpDataDir() };
    await copyFolder(session.dataDir, copy, await neededWal(connection));
    return { facts, inMemory: undefined };
  });
  const source = taken.inMemory
    ? Readable.fromWeb(taken.inMemory.stream() as WebReadableStream<Uint8Array>)
    : Readable.from(tarOfFolder(copy));
  try {
    await pipeline(
      source,
      createGzip({ level: 3 }),
      createWriteStream(dumpFile, { flags: "wx", mode: 0o600 }),
    );
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
  return { ...taken.facts, dumpFile };
}
