// The messages between the app's thread and the embedded database's worker (embedded-worker.ts,
// ADR 048), each checked on arrival: both ends are ours, but a message one side does not expect must
// fail as such, not be half-read. Only what the structured clone carries crosses: no functions, so
// PGlite's parsers are named by type OID (`rawTypes`) and its errors travel as their fields.
import { z } from "zod";

const id = z.number().int().nonnegative();
const oid = z.number().int().nonnegative();

/** What PGlite.create is given beyond what the thread shares (its WebAssembly, its file bundle). */
export const openOptionsSchema = z.object({
  dataDir: z.string().optional(),
  startParams: z.array(z.string()).optional(),
});
export type OpenOptions = z.infer<typeof openOptionsSchema>;

/**
 * A request from the app's thread. `tx` names an open transaction (the id of its `begin`); `rawTypes`
 * the types whose text comes back as it is (drizzle's parsers, which keep the text for its own mapping).
 */
export const requestSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("open"),
    id,
    options: openOptionsSchema,
    /** pglite.wasm, compiled once per process and shared by every worker. */
    wasmModule: z.instanceof(WebAssembly.Module),
    /** pglite.data (PostgreSQL's share folder), read once per process; each worker copies it. */
    fsBundle: z.instanceof(SharedArrayBuffer),
    /** A data folder's tarball to start from (a database in memory), transferred. */
    image: z.object({ bytes: z.instanceof(ArrayBuffer), type: z.string() }).optional(),
  }),
  z.object({
    type: z.literal("query"),
    id,
    tx: id.optional(),
    sql: z.string(),
    params: z.array(z.unknown()),
    rowMode: z.enum(["array", "object"]).optional(),
    rawTypes: z.array(oid).optional(),
    paramTypes: z.array(oid).optional(),
  }),
  z.object({ type: z.literal("exec"), id, tx: id.optional(), sql: z.string() }),
  z.object({ type: z.literal("begin"), id }),
  /** Ends the transaction `tx`: COMMIT, or ROLLBACK (the caller's callback failed). */
  z.object({ type: z.literal("end"), id, tx: id, commit: z.boolean() }),
  /** PGlite's tx.rollback(): ROLLBACK now; the end that follows commits nothing. */
  z.object({ type: z.literal("rollback"), id, tx: id }),
  z.object({ type: z.literal("listen"), id, channel: z.string() }),
  z.object({ type: z.literal("unlisten"), id, subscription: id }),
  z.object({ type: z.literal("dump"), id }),
  z.object({ type: z.literal("close"), id }),
]);
export type Request = z.infer<typeof requestSchema>;
type WithoutId<Each> = Each extends unknown ? Omit<Each, "id"> : never;
/** A request as the app's thread hands it over: the thread numbers it. */
export type RequestBody = WithoutId<Request>;

const text = z.string().optional();

/** PostgreSQL's fields of an error (pg-protocol's DatabaseError, which PGlite throws). */
export const databaseFieldsSchema = z.object({
  length: z.number(),
  /** The protocol message's name ("error"), which DatabaseError keeps as its `name`. */
  name: z.string(),
  severity: text,
  code: text,
  detail: text,
  hint: text,
  position: text,
  internalPosition: text,
  internalQuery: text,
  where: text,
  schema: text,
  table: text,
  column: text,
  dataType: text,
  constraint: text,
  file: text,
  line: text,
  routine: text,
});
export type DatabaseFields = z.infer<typeof databaseFieldsSchema>;

/** An error thrown in the worker, as it crosses: PostgreSQL's fields when it came from PostgreSQL. */
export const wireErrorSchema = z.object({
  name: z.string(),
  message: z.string(),
  database: databaseFieldsSchema.optional(),
  /** What PGlite adds to a statement's error: the statement and its parameters. */
  query: z.string().optional(),
  params: z.array(z.unknown()).optional(),
});
export type WireError = z.infer<typeof wireErrorSchema>;

export const replySchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("done"), id, value: z.unknown() }),
  z.object({ type: z.literal("failed"), id, error: wireErrorSchema }),
  z.object({ type: z.literal("notification"), subscription: id, payload: z.string() }),
]);
export type Reply = z.infer<typeof replySchema>;

/** A statement's results, as PGlite gives them (loose: whatever else PGlite adds comes along too). */
export const resultsSchema = z.looseObject({
  rows: z.array(z.unknown()),
  fields: z.array(z.object({ name: z.string(), dataTypeID: z.number() })),
  affectedRows: z.number().optional(),
});
export const execResultsSchema = z.array(resultsSchema);

/** The data folder's tarball (PGlite's dumpDataDir), its bytes transferred. */
export const dumpSchema = z.object({ bytes: z.instanceof(ArrayBuffer), name: z.string(), type: z.string() });
export type Dump = z.infer<typeof dumpSchema>;
