// The embedded database's worker threads (ADR 048), from the app's thread: where the worker's code is
// (the build's chunk, or compiled from its TypeScript), what every worker shares (PGlite's compiled
// WebAssembly and its file bundle), one worker's requests and answers, and the workers kept between
// databases.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, type Transferable } from "node:worker_threads";
import { messages, type QueryOptions } from "@electric-sql/pglite";
import type * as Esbuild from "esbuild";
import { replySchema, type RequestBody, type WireError } from "./embedded-protocol";

/**
 * The worker's file in the production build: build-tools/embedded-worker-plugin.ts emits it as a chunk
 * of its own and puts its URL in place of this text. Run from source (Vitest, `npm run dev`, tsx) the
 * text stays, and the worker is compiled from its TypeScript instead.
 */
const builtWorker: string = "kammare:embedded-worker-url";

/**
 * From source: embedded-worker.ts bundled once per process into one ES module (the packages it imports
 * named by their files, so a data: URL can hold it). A worker thread does not have the TypeScript loader
 * the app's thread runs with (tsx, Vitest's module runner), and tsx's, registered in each worker, made
 * a worker's start five times slower (2 to 3.5 s against 0.4 to 0.9 s, on a busy machine).
 */
async function compiledFromSource(): Promise<URL> {
  // Named through a variable, so the production build leaves esbuild out: it is a development tool.
  const name = "esbuild";
  const esbuild = (await import(/* @vite-ignore */ name)) as typeof Esbuild;
  const packagesByFile: Esbuild.Plugin = {
    name: "packages-by-file",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.path.startsWith("node:") || args.pluginData === packagesByFile) return undefined;
        const found = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          pluginData: packagesByFile,
        });
        if (found.errors.length > 0) return { errors: found.errors };
        return { path: pathToFileURL(found.path).href, external: true };
      });
    },
  };
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL("./embedded-worker.ts", import.meta.url))],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "silent",
    plugins: [packagesByFile],
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error("esbuild made nothing of embedded-worker.ts.");
  return new URL(`data:text/javascript;base64,${Buffer.from(output.contents).toString("base64")}`);
}

let workerEntry: Promise<URL> | undefined;
function entry(): Promise<URL> {
  if (!workerEntry) {
    workerEntry = builtWorker.startsWith("file:")
      ? Promise.resolve(new URL(builtWorker))
      : compiledFromSource();
    // A failure is tried again by the next open.
    workerEntry.catch(() => (workerEntry = undefined));
  }
  return workerEntry;
}

type Shared = { wasmModule: WebAssembly.Module; fsBundle: SharedArrayBuffer };
let shared: Promise<Shared> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process (seconds of a core, cold) and handed to every
 * worker, which instantiates it without compiling; and its file bundle (PostgreSQL's share folder, 6 MB),
 * read once into memory every worker can read.
 */
export function sharedArtifacts(): Promise<Shared> {
  shared ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const [wasm, data] = await Promise.all([
      readFile(path.join(dist, "pglite.wasm")),
      readFile(path.join(dist, "pglite.data")),
    ]);
    const fsBundle = new SharedArrayBuffer(data.byteLength);
    new Uint8Array(fsBundle).set(data);
    return { wasmModule: await WebAssembly.compile(wasm), fsBundle };
  })();
  // A failure is tried again by the next open.
  shared.catch(() => (shared = undefined));
  return shared;
}

/** An error from the worker as PGlite would have thrown it here: a DatabaseError with its fields. */
function fromWire(wire: WireError, queryOptions: QueryOptions | undefined): Error {
  let error: Error;
  if (wire.database) {
    const { length, name, ...fields } = wire.database;
    // Made here, so its stack is the caller's on this thread.
    error = Object.assign(new messages.DatabaseError(wire.message, length, "error"), fields, { name });
  } else {
    error = new Error(wire.message);
    error.name = wire.name;
  }
  if (wire.query !== undefined) {
    Object.assign(error, { query: wire.query, params: wire.params, queryOptions });
  }
  return error;
}

/** How an open database's statements end when its thread has stopped. */
function threadStopped(reason: unknown): Error {
  const error = new Error(
    `The embedded database's thread stopped: ${reason instanceof Error ? reason.message : String(reason)}`,
  );
  error.cause = reason;
  return error;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; options?: QueryOptions };

/** One worker: requests numbered and answered in turn, notifications handed to whoever has it now. */
export class DatabaseThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #lastId = 0;
  #stopped: Error | undefined;
  /** The database open on this thread now hears its notifications. */
  onNotification: ((subscription: number, payload: string) => void) | undefined;

  constructor(entryUrl: URL) {
    // No execArgv of the app's thread: its loaders (tsx's) have nothing to do in the worker.
    // A small young generation: the worker's own objects are a statement's rows on their way out, and
    // the default's room (its heap at 60 MB under the soak, 25 MB of it used) was memory held for nothing.
    this.#worker = new Worker(entryUrl, { execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 8 } });
    // An idle database keeps no process alive (PGlite on the app's thread did: a script that forgot
    // to close it never ended); a request in flight does (below), or a script awaiting its answer
    // would end before it comes.
    this.#worker.unref();
    this.#worker.on("message", (message: unknown) => this.#receive(message));
    this.#worker.on("error", (error) => this.#stop(error));
    this.#worker.on("exit", (code) => this.#stop(new Error(`its worker exited with code ${code}`)));
  }

  get stopped(): boolean {
    return this.#stopped !== undefined;
  }

  nextId(): number {
    this.#lastId += 1;
    return this.#lastId;
  }

  request(
    body: RequestBody,
    {
      id = this.nextId(),
      transfer = [],
      options,
    }: { id?: number; transfer?: Transferable[]; options?: QueryOptions } = {},
  ): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject, options });
      try {
        this.#worker.postMessage({ ...body, id }, transfer);
      } catch (error) {
        // What the structured clone cannot carry (a function among the parameters): refused here.
        this.#settled(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  async terminate(): Promise<void> {
    this.#stop(new Error("it was stopped"));
    await this.#worker.terminate();
  }

  #settled(id: number): Pending | undefined {
    const pending = this.#pending.get(id);
    this.#pending.delete(id);
    if (pending && this.#pending.size === 0) this.#worker.unref();
    return pending;
  }

  #receive(message: unknown): void {
    const parsed = replySchema.safeParse(message);
    if (!parsed.success) {
      this.#stop(new Error(`it sent what is not a reply (${parsed.error.message})`));
      void this.#worker.terminate();
      return;
    }
    const reply = parsed.data;
    if (reply.type === "notification") {
      this.onNotification?.(reply.subscription, reply.payload);
      return;
    }
    const pending = this.#settled(reply.id);
    if (!pending) return;
    if (reply.type === "done") pending.resolve(reply.value);
    else pending.reject(fromWire(reply.error, pending.options));
  }

  #stop(reason: unknown): void {
    if (this.#stopped) return;
    this.#stopped = threadStopped(reason);
    idle.delete(this);
    for (const [id, pending] of this.#pending) {
      this.#settled(id);
      pending.reject(this.#stopped);
    }
  }
}

/**
 * Workers whose database was closed, kept for the next open: a new worker loads PGlite's JavaScript
 * again (a few hundred ms on a busy machine), and the tests open many databases per process. At most
 * two, and none keeps the process alive.
 */
const idle = new Set<DatabaseThread>();
const keptIdle = 2;

export async function takeThread(): Promise<DatabaseThread> {
  for (const thread of idle) {
    idle.delete(thread);
    if (!thread.stopped) return thread;
  }
  return new DatabaseThread(await entry());
}

export function giveBack(thread: DatabaseThread): void {
  thread.onNotification = undefined;
  if (!thread.stopped && idle.size < keptIdle) idle.add(thread);
  else void thread.terminate();
}
