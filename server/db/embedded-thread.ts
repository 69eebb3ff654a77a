// The embedded database (PGlite) in a worker thread of its own (ADR 048), seen from the app's thread:
// a client shaped as PGlite's own for what drizzle's pglite driver and client.ts call (query with
// rowMode and parsers, exec, transaction with query, exec and rollback on its tx), listen, the data
// folder's dump, and close. Every call is a message to embedded-worker.ts and its answer; the values
// and errors come back as PGlite gives them on its own thread.
import { existsSync } from "node:fs";
import path from "node:path";
import type { ParserOptions, QueryOptions, Results } from "@electric-sql/pglite";
import {
  dumpSchema,
  execResultsSchema,
  resultsSchema,
  type OpenOptions,
  type RequestBody,
} from "./embedded-protocol";
import { giveBack, sharedArtifacts, takeThread, type DatabaseThread } from "./embedded-workers";

/** What drizzle and client.ts call on a transaction (PGlite's Transaction, but for sql and listen). */
export type EmbeddedTransaction = {
  query(sqlText: string, params?: unknown[], options?: QueryOptions): Promise<Results<unknown>>;
  exec(sqlText: string, options?: QueryOptions): Promise<Results<unknown>[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
};

/** What drizzle's pglite driver and client.ts call on PGlite itself. */
export type EmbeddedClient = {
  query(sqlText: string, params?: unknown[], options?: QueryOptions): Promise<Results<unknown>>;
  exec(sqlText: string, options?: QueryOptions): Promise<Results<unknown>[]>;
  transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T>;
};

export type EmbeddedDatabase = {
  client: EmbeddedClient;
  /** PGlite's listen: `onMessage` hears every NOTIFY on `channel` from when this resolves. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite's dumpDataDir("none"): the data folder as a tarball. */
  dumpDataDir(): Promise<File>;
  /** Closes PGlite (written out and shut down as PostgreSQL does) before it resolves. */
  close(): Promise<void>;
};

/** drizzle's parsers, as the type OIDs whose text they keep: the only parsers that can cross. */
const probedParsers = new WeakMap<ParserOptions, number[]>();
const probe = "kammare: does this parser keep the text?";
function textKeptFor(parsers: ParserOptions): number[] {
  let types = probedParsers.get(parsers);
  if (!types) {
    types = Object.entries(parsers).map(([type, parse]) => {
      if (parse(probe, Number(type)) !== probe) {
        throw new Error(
          `The parser for type ${type} cannot run in the embedded database's thread: only parsers that keep the text as it is (drizzle's) can be given.`,
        );
      }
      return Number(type);
    });
    probedParsers.set(parsers, types);
  }
  return types;
}

/** A query's options as they cross; what cannot (functions, a Blob for COPY) is refused. */
function crossing(options: QueryOptions | undefined) {
  if (!options) return {};
  const { rowMode, parsers, paramTypes, ...rest } = options;
  const refused = Object.entries(rest).filter(([, value]) => value !== undefined);
  if (refused.length > 0) {
    throw new Error(
      `The embedded database's thread does not take the query options ${refused.map(([key]) => key).join(", ")}.`,
    );
  }
  return { rowMode, paramTypes, rawTypes: parsers ? textKeptFor(parsers) : undefined };
}

/** The name and type PGlite reads an image by (a .tar.gz File is unzipped whatever its type). */
function imageType(image: Blob): string {
  if (image instanceof File && /\.(tgz|tar\.gz)$/.test(image.name) && !image.type) return "application/gzip";
  return image.type;
}

/**
 * Opens PGlite in a worker thread: in `dataDir` (made by initdb there when empty), or in memory from
 * `image` (a dumpDataDir tarball, whose bytes are transferred, not copied), or a new one in memory.
 */
export async function openEmbeddedThread(options: OpenOptions & { image?: Blob }): Promise<EmbeddedDatabase> {
  const { image, ...openOptions } = options;
  if (openOptions.dataDir && !existsSync(path.join(openOptions.dataDir, "PG_VERSION"))) {
    await makeDataDir(openOptions);
  }
  // The worker starts while the WebAssembly compiles and the image is read.
  const taking = takeThread();
  let thread: DatabaseThread | undefined;
  try {
    const [{ wasmModule, fsBundle }, bytes] = await Promise.all([sharedArtifacts(), image?.arrayBuffer()]);
    thread = await taking;
    await thread.request(
      {
        type: "open",
        options: openOptions,
        wasmModule,
        fsBundle,
        image: image && bytes ? { bytes, type: imageType(image) } : undefined,
      },
      { transfer: bytes ? [bytes] : [] },
    );
  } catch (error) {
    // A worker whose open failed may hold half a database: not kept.
    void (thread ?? (await taking.catch(() => undefined)))?.terminate();
    throw error;
  }
  return overThread(thread);
}

/**
 * Makes a new data folder (initdb, then PostgreSQL's first start) in a thread that ends afterwards.
 * What that takes, about 700 MB of WebAssembly memory, is given back only when its thread ends: kept,
 * it would be the site's until its next restart (820 MB against 420 MB reopened).
 */
async function makeDataDir(options: OpenOptions): Promise<void> {
  const [{ wasmModule, fsBundle }, thread] = await Promise.all([sharedArtifacts(), takeThread()]);
  try {
    await thread.request({ type: "open", options, wasmModule, fsBundle });
    await thread.request({ type: "close" });
  } finally {
    await thread.terminate();
  }
}

function overThread(thread: DatabaseThread): EmbeddedDatabase {
  let closed = false;
  const subscribers = new Map<number, (payload: string) => void>();
  thread.onNotification = (subscription, payload) => {
    try {
      subscribers.get(subscription)?.(payload);
    } catch {
      // A failing subscriber must not keep the others from hearing it (as on a server, listener.ts).
    }
  };
  const send = (body: RequestBody, extra?: Parameters<DatabaseThread["request"]>[1]) =>
    closed ? Promise.reject(new Error("PGlite is closed")) : thread.request(body, extra);

  const query = async (sqlText: string, params: unknown[] = [], options?: QueryOptions, tx?: number) => {
    const value = await send({ type: "query", tx, sql: sqlText, params, ...crossing(options) }, { options });
    return resultsSchema.parse(value) as Results<unknown>;
  };
  const exec = async (sqlText: string, options?: QueryOptions, tx?: number) => {
    // Nothing here passes exec any (drizzle never calls it).
    if (options && Object.values(options).some((value) => value !== undefined)) {
      throw new Error("The embedded database's thread takes no options for exec.");
    }
    return execResultsSchema.parse(await send({ type: "exec", tx, sql: sqlText })) as Results<unknown>[];
  };

  const client: EmbeddedClient = {
    query: (sqlText, params, options) => query(sqlText, params, options),
    exec: (sqlText, options) => exec(sqlText, options),
    // As PGlite's: BEGIN, the callback, then COMMIT, or ROLLBACK if it throws (and then its error,
    // unless ROLLBACK's own). The worker holds the transaction open between the messages.
    async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
      const id = thread.nextId();
      await send({ type: "begin" }, { id });
      let ended = false;
      const open = () => {
        if (ended) throw new Error("Transaction is closed");
      };
      const tx: EmbeddedTransaction = {
        query: async (sqlText, params, options) => {
          open();
          return query(sqlText, params, options, id);
        },
        exec: async (sqlText, options) => {
          open();
          return exec(sqlText, options, id);
        },
        rollback: async () => {
          open();
          await send({ type: "rollback", tx: id });
          ended = true;
        },
        get closed() {
          return ended;
        },
      };
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        ended = true;
        await send({ type: "end", tx: id, commit: false });
        throw error;
      }
      ended = true;
      await send({ type: "end", tx: id, commit: true });
      return result;
    },
  };

  return {
    client,
    async listen(channel, onMessage) {
      const subscription = thread.nextId();
      subscribers.set(subscription, onMessage);
      try {
        await send({ type: "listen", channel }, { id: subscription });
      } catch (error) {
        subscribers.delete(subscription);
        throw error;
      }
      return async () => {
        if (!subscribers.delete(subscription) || closed) return;
        await send({ type: "unlisten", subscription });
      };
    },
    async dumpDataDir() {
      const dump = dumpSchema.parse(await send({ type: "dump" }));
      return new File([dump.bytes], dump.name, { type: dump.type });
    },
    async close() {
      if (closed) return;
      closed = true;
      subscribers.clear();
      if (thread.stopped) return; // nothing left to close
      try {
        await thread.request({ type: "close" });
      } catch (error) {
        await thread.terminate();
        throw error;
      }
      giveBack(thread);
    },
  };
}
