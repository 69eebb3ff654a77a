// The embedded database's worker thread (ADR 048): PGlite runs here, so its statements, which run
// synchronously in WebAssembly, never hold up the app's thread. It does what embedded-thread.ts asks,
// one database at a time; after a close it waits for the next open (the tests open many per process).
import { parentPort, type Transferable } from "node:worker_threads";
import { messages, PGlite, type ParserOptions, type Transaction } from "@electric-sql/pglite";
import {
  requestSchema,
  type DatabaseFields,
  type Dump,
  type Reply,
  type Request,
  type WireError,
} from "./embedded-protocol";

if (!parentPort)
  throw new Error("embedded-worker.ts runs as a worker thread (embedded-workers.ts starts it).");
const port = parentPort;

/** An open transaction: its PGlite handle, how to end it, and the end of PGlite's transaction(). */
type OpenTransaction = { tx: Transaction; end: (commit: boolean) => void; finished: Promise<void> };

let database: PGlite | undefined;
const transactions = new Map<number, OpenTransaction>();
const subscriptions = new Map<number, () => Promise<void>>();

/** What a transaction's callback is rejected with to make PGlite roll it back. */
const rolledBack = new Error("rolled back by the app's thread");

function opened(): PGlite {
  if (!database) throw new Error("PGlite is closed");
  return database;
}

/**
 * Bytes as the Blob PGlite reads them from: it calls arrayBuffer() and nothing else, so they are handed
 * over as they are (`read` answers them) instead of through a copy into a Blob.
 */
function blobOf(read: () => ArrayBuffer, type = ""): Blob {
  return new (class extends Blob {
    override arrayBuffer(): Promise<ArrayBuffer> {
      return Promise.resolve(read());
    }
  })([], { type });
}

/** Parsers that keep each type's text as it is: what drizzle's parsers do, by type OID. */
const rawParsers = new Map<string, ParserOptions>();
function keepingText(rawTypes: number[]): ParserOptions {
  const key = rawTypes.join(",");
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(rawTypes.map((type) => [type, (value: string) => value]));
    rawParsers.set(key, parsers);
  }
  return parsers;
}

function transaction(tx: number): Transaction {
  const open = transactions.get(tx);
  if (!open) throw new Error("Transaction is closed");
  return open.tx;
}

const databaseFields = [
  "severity",
  "code",
  "detail",
  "hint",
  "position",
  "internalPosition",
  "internalQuery",
  "where",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "file",
  "line",
  "routine",
] as const;

/** An error as it crosses to the app's thread, PostgreSQL's fields and PGlite's additions kept. */
function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const wire: WireError = { name: error.name, message: error.message };
  if (error instanceof messages.DatabaseError) {
    const fields: DatabaseFields = { length: error.length, name: error.name };
    for (const field of databaseFields) {
      if (typeof error[field] === "string") fields[field] = error[field];
    }
    wire.database = fields;
  }
  // PGlite puts the statement and its parameters on a statement's error (its queryOptions hold
  // functions; the app's thread has its own).
  const added = error as Error & { query?: unknown; params?: unknown };
  if (typeof added.query === "string") wire.query = added.query;
  if (Array.isArray(added.params)) wire.params = added.params;
  return wire;
}

async function begin(id: number): Promise<void> {
  const db = opened();
  await new Promise<void>((began, failed) => {
    // PGlite's transaction() runs BEGIN, then this callback, which holds the transaction open until
    // the app's thread ends it; then COMMIT, or ROLLBACK when the callback is rejected.
    const finished = db.transaction(
      (tx) =>
        new Promise<void>((commit, rollBack) => {
          const end = (shouldCommit: boolean) => (shouldCommit ? commit() : rollBack(rolledBack));
          transactions.set(id, { tx, end, finished });
          began();
        }),
    );
    // BEGIN failed: so does the request. Later failures are the end's to report.
    finished.catch(failed);
  });
}

async function end(tx: number, commit: boolean): Promise<void> {
  const open = transactions.get(tx);
  if (!open) throw new Error("Transaction is closed");
  transactions.delete(tx);
  open.end(commit);
  try {
    await open.finished;
  } catch (error) {
    // Rolled back as asked; any other error is COMMIT's or ROLLBACK's own.
    if (error !== rolledBack) throw error;
  }
}

/** Carries out one request; answers its value and what to transfer with it. */
async function run(request: Request): Promise<[unknown, Transferable[]]> {
  switch (request.type) {
    case "open": {
      if (database) throw new Error("This worker already has a database open.");
      const { fsBundle, image } = request;
      database = await PGlite.create({
        ...request.options,
        pgliteWasmModule: request.wasmModule,
        // A copy for each PGlite (initdb makes one of its own): its file system keeps the bundle's
        // files in the very buffer it is given, and may write to them.
        fsBundle: blobOf(() => new Uint8Array(fsBundle).slice().buffer),
        loadDataDir: image ? blobOf(() => image.bytes, image.type) : undefined,
      });
      return [null, []];
    }
    case "query": {
      const target = request.tx === undefined ? opened() : transaction(request.tx);
      const results = await target.query(request.sql, request.params, {
        rowMode: request.rowMode,
        paramTypes: request.paramTypes,
        parsers: request.rawTypes ? keepingText(request.rawTypes) : undefined,
      });
      return [results, []];
    }
    case "exec": {
      const target = request.tx === undefined ? opened() : transaction(request.tx);
      return [await target.exec(request.sql), []];
    }
    case "begin":
      await begin(request.id);
      return [null, []];
    case "end":
      await end(request.tx, request.commit);
      return [null, []];
    case "rollback":
      await transaction(request.tx).rollback();
      return [null, []];
    case "listen": {
      const subscription = request.id;
      const unlisten = await opened().listen(request.channel, (payload) => {
        const notification: Reply = { type: "notification", subscription, payload };
        port.postMessage(notification);
      });
      subscriptions.set(subscription, unlisten);
      return [null, []];
    }
    case "unlisten": {
      const unlisten = subscriptions.get(request.subscription);
      subscriptions.delete(request.subscription);
      if (unlisten && database) await unlisten();
      return [null, []];
    }
    case "dump": {
      const tarball = await opened().dumpDataDir("none");
      const bytes = await tarball.arrayBuffer();
      const dump: Dump = {
        bytes,
        name: tarball instanceof File ? tarball.name : "pgdata.tar",
        type: tarball.type,
      };
      return [dump, [bytes]];
    }
    case "close": {
      const db = database;
      database = undefined;
      transactions.clear();
      subscriptions.clear();
      // Written out and shut down as PostgreSQL does, before the app's thread sees it closed.
      await db?.close();
      return [null, []];
    }
  }
}

async function answer(request: Request): Promise<void> {
  let reply: Reply;
  let transfer: Transferable[] = [];
  try {
    const [value, transferred] = await run(request);
    reply = { type: "done", id: request.id, value };
    transfer = transferred;
  } catch (error) {
    reply = { type: "failed", id: request.id, error: toWire(error) };
  }
  try {
    port.postMessage(reply, transfer);
  } catch (error) {
    // A value the structured clone cannot carry: the caller hears why instead of waiting forever.
    const failed: Reply = { type: "failed", id: request.id, error: toWire(error) };
    port.postMessage(failed);
  }
}

port.on("message", (message: unknown) => {
  const parsed = requestSchema.safeParse(message);
  if (parsed.success) {
    void answer(parsed.data);
    return;
  }
  // Not a request this worker knows: answered as a failure if it has an id to answer, else dropped
  // (the app's thread sends nothing else).
  const id = (message as { id?: unknown } | null)?.id;
  if (typeof id === "number") {
    const failed: Reply = {
      type: "failed",
      id,
      error: { name: "TypeError", message: `Not a request: ${parsed.error.message}` },
    };
    port.postMessage(failed);
  }
});
