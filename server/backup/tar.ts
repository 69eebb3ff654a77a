// The backup's archive: a plain POSIX tar (ustar), written and read here without a package, so any
// `tar` reads it (`tar -tvf kammare-….tar`). Entries are streamed through a file handle: a large
// database dump is never held twice in memory. Every entry's SHA-256 is worked out as it is written or
// read, for the manifest and for checking an archive before a restore. The embedded database's copy
// is a tar of its data folder too (`tarOfFolder`, read back with its folders by `readTar`).
import { createHash } from "node:crypto";
import { open, readdir, type FileHandle } from "node:fs/promises";
import path from "node:path";

const block = 512;
const chunkBytes = 1024 * 1024;
/** The largest size the octal field holds (8 GiB - 1); larger sizes are written base-256 (GNU). */
const maxOctalSize = 0o77777777777;

export class ArchiveError extends Error {
  override name = "ArchiveError";
}

export type WrittenEntry = { name: string; bytes: number; sha256: string };

function writeString(header: Buffer, text: string, offset: number, length: number): void {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length > length) throw new ArchiveError(`tar field too long: ${text}`);
  bytes.copy(header, offset);
}

function writeOctal(header: Buffer, value: number, offset: number, length: number): void {
  writeString(header, value.toString(8).padStart(length - 1, "0"), offset, length - 1);
}

/** Splits a name into ustar's prefix (≤ 155 bytes) and name (≤ 100 bytes) at a slash. */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", name };
  for (let at = name.indexOf("/"); at !== -1; at = name.indexOf("/", at + 1)) {
    const prefix = name.slice(0, at);
    const rest = name.slice(at + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, name: rest };
  }
  throw new ArchiveError(`The name ${name} is too long for the archive`);
}

function headerOf(name: string, size: number, mtime: Date, type: "0" | "5" = "0"): Buffer {
  const header = Buffer.alloc(block);
  const parts = splitName(name);
  writeString(header, parts.name, 0, 100);
  writeOctal(header, type === "5" ? 0o700 : 0o600, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  if (size <= maxOctalSize) writeOctal(header, size, 124, 12);
  else {
    // GNU base-256: the first byte's top bit set, the size big-endian in the rest.
    header[124] = 0x80;
    header.writeBigUInt64BE(BigInt(size), 124 + 4);
  }
  writeOctal(header, Math.floor(mtime.getTime() / 1000), 136, 12);
  header.write("        ", 148, "latin1");
  header.write(type, 156, "latin1");
  header.write("ustar\u000000", 257, "latin1");
  writeString(header, "kammare", 265, 32);
  writeString(header, "kammare", 297, 32);
  writeString(header, parts.prefix, 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  writeString(header, `${sum.toString(8).padStart(6, "0")}\u0000 `, 148, 8);
  return header;
}

/** Writes a tar file entry by entry; `finish()` writes the end marker and closes it. */
export async function createTarWriter(file: string) {
  const handle = await open(file, "wx", 0o600);
  let position = 0;
  const write = async (data: Uint8Array) => {
    let done = 0;
    while (done < data.length) {
      const { bytesWritten } = await handle.write(data, done, data.length - done, position);
      done += bytesWritten;
      position += bytesWritten;
    }
  };
  const pad = async (size: number) => {
    const rest = size % block;
    if (rest) await write(Buffer.alloc(block - rest));
  };
  return {
    /** An entry from memory. */
    async add(name: string, data: Uint8Array, mtime = new Date()): Promise<WrittenEntry> {
      await write(headerOf(name, data.length, mtime));
      await write(data);
      await pad(data.length);
      return { name, bytes: data.length, sha256: createHash("sha256").update(data).digest("hex") };
    },
    /** An entry copied from a file, in chunks. */
    async addFile(name: string, source: string, mtime = new Date()): Promise<WrittenEntry> {
      const input = await open(source, "r");
      try {
        const { size } = await input.stat();
        await write(headerOf(name, size, mtime));
        const hash = createHash("sha256");
        const buffer = Buffer.alloc(chunkBytes);
        let copied = 0;
        while (copied < size) {
          const { bytesRead } = await input.read(buffer, 0, Math.min(chunkBytes, size - copied), copied);
          if (bytesRead === 0) throw new ArchiveError(`${source} shrank while it was archived`);
          const chunk = buffer.subarray(0, bytesRead);
          hash.update(chunk);
          await write(chunk);
          copied += bytesRead;
        }
        await pad(size);
        return { name, bytes: size, sha256: hash.digest("hex") };
      } finally {
        await input.close();
      }
    },
    async finish(): Promise<void> {
      try {
        await write(Buffer.alloc(block * 2));
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    /** Closes without the end marker (the caller removes the file). */
    async abandon(): Promise<void> {
      await handle.close().catch(() => {});
    },
  };
}

/**
 * A tar of the folder `dir`, as chunks for a stream (a gzip, say): its folders and files under names
 * relative to it, in a stable order, files read 1 MB at a time. `include` leaves out what it refuses
 * (by relative name). The folder must not change while it is read.
 */
export async function* tarOfFolder(
  dir: string,
  include: (name: string) => boolean = () => true,
): AsyncGenerator<Buffer> {
  const walk = async function* (relative: string): AsyncGenerator<Buffer> {
    const entries = (await readdir(path.join(dir, relative), { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (!include(name)) continue;
      if (entry.isDirectory()) {
        yield headerOf(`${name}/`, 0, new Date(), "5");
        yield* walk(name);
      } else if (entry.isFile()) {
        const input = await open(path.join(dir, name), "r");
        try {
          const { size, mtime } = await input.stat();
          yield headerOf(name, size, mtime);
          let copied = 0;
          while (copied < size) {
            const buffer = Buffer.alloc(Math.min(chunkBytes, size - copied));
            const { bytesRead } = await input.read(buffer, 0, buffer.length, copied);
            if (bytesRead === 0) throw new ArchiveError(`${name} shrank while it was archived`);
            yield buffer.subarray(0, bytesRead);
            copied += bytesRead;
          }
          if (size % block) yield Buffer.alloc(block - (size % block));
        } finally {
          await input.close();
        }
      }
    }
  };
  yield* walk("");
  yield Buffer.alloc(block * 2);
}

function readString(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function readNumber(header: Buffer, offset: number, length: number, where: string): number {
  if ((header[offset] ?? 0) & 0x80) {
    const value = header.readBigUInt64BE(offset + length - 8);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ArchiveError(`${where}: a size out of range`);
    return Number(value);
  }
  const text = readString(header, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new ArchiveError(`${where}: a number field is not octal`);
  return text === "" ? 0 : parseInt(text, 8);
}

export type ReadEntry = { name: string; bytes: number; sha256: string };

/** Where an entry's data goes: each chunk in order, then `close` (also when reading fails). */
export type EntrySink = { write(chunk: Buffer): Promise<void>; close(): Promise<void> };

/** An entry's data written to a new file readable by its owner only (mode 0600). */
export async function fileSink(target: string): Promise<EntrySink> {
  const out = await open(target, "w", 0o600);
  return {
    write: async (chunk) => {
      await out.write(chunk);
    },
    close: () => out.close(),
  };
}

/** What an entry of a tar holds: a file's data, or a folder (which has none). */
export type EntryType = "file" | "folder";

/**
 * Reads every entry of a tar, checking each header's own checksum, and hands each file entry's data to
 * the sink `onEntry` answers for it, in chunks (nothing kept when it answers none); a folder is only
 * named to it. Answers the file entries with their SHA-256, in order. A damaged or cut-off archive,
 * or one holding anything else (a link, a device), throws an ArchiveError saying where.
 */
export async function readTar(
  file: string,
  onEntry?: (name: string, bytes: number, type: EntryType) => Promise<EntrySink | undefined>,
): Promise<ReadEntry[]> {
  let handle: FileHandle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    throw new ArchiveError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) {
      throw new ArchiveError(
        `it is ${info.isDirectory() ? "a folder" : "not a file"}: give the archive's own file (kammare-backup-….tar)`,
      );
    }
    const total = info.size;
    const entries: ReadEntry[] = [];
    const header = Buffer.alloc(block);
    const buffer = Buffer.alloc(chunkBytes);
    let position = 0;
    for (;;) {
      if (position + block > total) {
        throw new ArchiveError(
          `The archive ends early at byte ${total}: it was cut off (no end-of-archive marker).`,
        );
      }
      await handle.read(header, 0, block, position);
      if (position === 0 && header[0] === 0x1f && header[1] === 0x8b) {
        throw new ArchiveError("It is gzip-compressed, not a tar (a backup archive is a plain tar).");
      }
      if (header.every((byte) => byte === 0)) break;
      const where = `The archive is damaged at byte ${position}`;
      const stored = readNumber(header, 148, 8, where);
      let sum = 0;
      for (let index = 0; index < block; index += 1) {
        sum += index >= 148 && index < 156 ? 32 : (header[index] ?? 0);
      }
      if (stored !== sum) throw new ArchiveError(`${where}: an entry's header fails its checksum.`);
      const prefix = readString(header, 345, 155);
      const short = readString(header, 0, 100);
      const name = prefix ? `${prefix}/${short}` : short;
      const type = String.fromCharCode(header[156] ?? 0);
      const size = readNumber(header, 124, 12, where);
      position += block;
      const padded = Math.ceil(size / block) * block;
      if (position + padded > total) {
        throw new ArchiveError(`The archive ends early: ${name} is cut off (it was not copied whole).`);
      }
      if (type === "5") {
        await onEntry?.(name.replace(/\/+$/, ""), 0, "folder");
      } else if (type === "0" || type === "\u0000") {
        const sink = onEntry ? await onEntry(name, size, "file") : undefined;
        const hash = createHash("sha256");
        let read = 0;
        try {
          while (read < size) {
            const { bytesRead } = await handle.read(
              buffer,
              0,
              Math.min(chunkBytes, size - read),
              position + read,
            );
            if (bytesRead === 0) throw new ArchiveError(`The archive ends early: ${name} is cut off.`);
            const chunk = buffer.subarray(0, bytesRead);
            hash.update(chunk);
            if (sink) await sink.write(chunk);
            read += bytesRead;
          }
        } finally {
          await sink?.close();
        }
        entries.push({ name, bytes: size, sha256: hash.digest("hex") });
      } else {
        throw new ArchiveError(`${where}: ${JSON.stringify(name)} is neither a file nor a folder.`);
      }
      position += padded;
    }
    return entries;
  } finally {
    await handle.close();
  }
}
