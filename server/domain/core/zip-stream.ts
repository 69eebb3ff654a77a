// A ZIP written as its reader takes it (the data export, a family's photos): each entry read only once
// the bytes before it are taken, a large one streamed a chunk at a time, so no archive (and no clip)
// is ever held in memory whole.
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

export type ZipEntry = {
  name: string;
  /** The file's bytes whole (null: left out), or, for a large one, a stream read as the download goes. */
  data: () => Promise<Uint8Array | ReadableStream<Uint8Array> | null>;
  compress: boolean;
  /** Its time in the archive; the archive's own otherwise. */
  modified?: Date;
};

/**
 * The entries as a ZIP, each read only when the reader has taken what came before; a streamed entry
 * (a video clip of hundreds of MB) one chunk at a time, so it never sits in memory whole.
 */
export function zipStream(entries: ZipEntry[], mtime: Date): ReadableStream<Uint8Array> {
  let next = 0;
  let zip: Zip | undefined;
  let streaming: { file: ZipPassThrough; reader: ReadableStreamDefaultReader<Uint8Array> } | undefined;
  /** Chunks handed to the reader so far. */
  let produced = 0;

  /** One step: a chunk of the entry being streamed, the next entry, or the end. */
  async function step(): Promise<void> {
    if (!zip) return;
    if (streaming) {
      const { value, done } = await streaming.reader.read();
      if (done) {
        streaming.file.push(new Uint8Array(0), true);
        streaming = undefined;
      } else streaming.file.push(value, false);
      return;
    }
    const entry = entries[next++];
    if (!entry) {
      zip.end();
      zip = undefined;
      return;
    }
    const data = await entry.data();
    if (!data) return;
    const file = entry.compress ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
    file.mtime = entry.modified ?? mtime;
    zip.add(file);
    if (data instanceof ReadableStream) {
      streaming = { file: file as ZipPassThrough, reader: data.getReader() };
      return;
    }
    file.push(data, true);
  }

  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        produced += 1;
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    // A pull that hands the reader nothing is not called again: steps go on until one does (a file
    // left out, or a stream's first step, gives no bytes of its own).
    async pull() {
      const before = produced;
      while (zip && produced === before) await step();
    },
  });
}
