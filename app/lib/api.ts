// The browser's one API client. Its calls are named by the contract's method and path (without the
// leading /api, which only this file writes), and their path parameters, query, body and answer are
// typed from contract/endpoints: a wrong path or payload fails `npm run typecheck`. The contract is
// imported for its types only, so no schema reaches the browser through here.
//
// Transport: base address from configuration, bearer token from the stored session, GET retried once
// on 408, 409, 425, 429, 500, 502, 503, 504 (spec section 7), other methods never. A write that
// succeeds, or is refused because the page showed something no longer so (404, 409), loads the page's
// data again before it settles (see `refreshAfterWrites`): a form never reloads by hand what it changed.
import type { z } from "zod";
import type { ContractEndpoint } from "../../contract/endpoints";
import type { StoredSession } from "../../contract/session";

export const retryStatusCodes = [408, 409, 425, 429, 500, 502, 503, 504];

/** A call that failed: the answer's status and body (JSON read, or a Blob for a file), or no status offline. */
export class ApiError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly data: unknown,
    options?: { cause?: unknown },
  ) {
    super(status === undefined ? "The API did not answer" : `The API answered ${status}`, options);
    this.name = "ApiError";
  }
}

export type RequestOptions = {
  method?: string;
  /** A Blob is sent as it is; anything else as JSON. */
  body?: unknown;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  responseType?: "json" | "blob";
};

/** Sends one request and answers the body read (JSON, text, or a Blob when asked); throws ApiError. */
export type Transport = (path: string, options?: RequestOptions) => Promise<unknown>;

export type ApiClientOptions = {
  baseURL: string;
  getSession: () => StoredSession | null | Promise<StoredSession | null>;
  /** Only for tests outside a browser; the browser's own fetch is used otherwise. */
  fetch?: typeof globalThis.fetch;
};

/** `?a=1&b=2` of the values given (left out: undefined, null and ""), or nothing. */
function searchOf(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

async function read(response: Response, responseType: "json" | "blob"): Promise<unknown> {
  if (responseType === "blob") return response.blob();
  const text = await response.text();
  if (!text) return undefined;
  return (response.headers.get("Content-Type") ?? "").includes("json") ? (JSON.parse(text) as unknown) : text;
}

export function createApiClient({
  baseURL,
  getSession,
  fetch = globalThis.fetch,
}: ApiClientOptions): Transport {
  return async (path, options = {}) => {
    const method = (options.method ?? "GET").toUpperCase();
    const responseType = options.responseType ?? "json";
    const headers = new Headers(options.headers);
    const token = (await getSession())?.access_token;
    if (token) headers.set("Authorization", `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (options.body instanceof Blob) body = options.body;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers.set("Content-Type", "application/json");
    }
    const url = `${baseURL}${path}${searchOf(options.query)}`;
    // A GET is tried once more after no answer or one of the spec's statuses; other methods never.
    const attempts = method === "GET" ? 2 : 1;
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(url, { method, headers, body, signal: options.signal });
      } catch (cause) {
        if (attempt < attempts && !options.signal?.aborted) continue;
        throw new ApiError(undefined, undefined, { cause });
      }
      if (response.ok) return read(response, responseType);
      if (attempt < attempts && retryStatusCodes.includes(response.status)) continue;
      throw new ApiError(response.status, await read(response, responseType).catch(() => undefined));
    }
  };
}

// ---- The contract's calls as types ----

type Method = ContractEndpoint["method"];
type PathOf<E> = E extends { path: `/api${infer Rest}` } ? Rest : never;
/** The paths (without /api) that have a call with this method. */
export type ApiPath<M extends Method> = PathOf<Extract<ContractEndpoint, { method: M }>>;
type EndpointAt<M extends Method, P extends string> = Extract<
  ContractEndpoint,
  { method: M; path: `/api${P}` }
>;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
type BodyOf<E> = E extends { request: infer S extends z.ZodType }
  ? z.input<S>
  : E extends { fileBody: readonly string[] }
    ? Blob
    : undefined;
type QueryOf<E> = E extends { query: infer Q extends z.ZodType } ? Partial<z.input<Q>> : undefined;
type SuccessOf<E> = E extends { responses: infer R } ? R[Extract<keyof R, 200 | 201 | 202 | 204>] : never;
/** What a call answers on success: its schema's output, or unknown where the contract names none. */
export type AnswerOf<M extends Method, P extends string> =
  SuccessOf<EndpointAt<M, P>> extends { schema: infer S extends z.ZodType } ? z.output<S> : unknown;

/** Nothing to send: an object whose fields are all optional accepts it (the `{} extends` tests below). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type Nothing = {};

type Part<Key extends string, Value> = [Value] extends [undefined]
  ? { [K in Key]?: never }
  : Nothing extends Value
    ? { [K in Key]?: Value }
    : { [K in Key]: Value };

export type CallOptions<M extends Method, P extends string> = Part<"body", BodyOf<EndpointAt<M, P>>> &
  Part<"query", QueryOf<EndpointAt<M, P>>> &
  ([ParamNames<P>] extends [never] ? { params?: never } : { params: Record<ParamNames<P>, string> }) & {
    /** False for a write that changes nothing the page shows (a preview) or leaves the page. */
    refresh?: boolean;
    signal?: AbortSignal;
  };

/** The options are required when the call has path parameters or a required body. */
type Args<M extends Method, P extends string> =
  Nothing extends CallOptions<M, P> ? [options?: CallOptions<M, P>] : [options: CallOptions<M, P>];

// ---- The client ----

let transport: Transport | undefined;
let transportBaseURL = "";
let afterWrite: (() => Promise<void>) | undefined;

/** Sets the base address the browser's client uses (from the server's public configuration). */
export function configureApi(baseURL: string): void {
  if (transport && baseURL === transportBaseURL) return;
  transportBaseURL = baseURL;
  transport = createApiClient({
    baseURL,
    // Loaded with the first call: the schema library is not part of the first page load.
    getSession: async () => (await import("./stored-session")).readStoredSession(),
  });
}

/**
 * What a successful write runs before it resolves: the root gives it the router's revalidation, so the
 * loaders of the page on screen load again. Answers a function that takes it back.
 */
export function refreshAfterWrites(refresh: () => Promise<void>): () => void {
  afterWrite = refresh;
  return () => {
    if (afterWrite === refresh) afterWrite = undefined;
  };
}

type LooseOptions = {
  body?: unknown;
  query?: unknown;
  params?: Record<string, string>;
  refresh?: boolean;
  signal?: AbortSignal;
};

/** The address of a call: /api, the path with its parameters filled in (each encoded), and its query. */
function addressOf(path: string, params: Record<string, string> | undefined): string {
  return `/api${path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ""))}`;
}

async function send(
  method: Method,
  path: string,
  options: LooseOptions = {},
  responseType: "json" | "blob" = "json",
): Promise<unknown> {
  if (!transport) configureApi(transportBaseURL);
  const refresh = async () => {
    // A loader that fails to load again shows its own error, not this call's.
    if (method !== "get" && options.refresh !== false && afterWrite)
      await afterWrite().catch(() => undefined);
  };
  try {
    const answer = await (transport as Transport)(addressOf(path, options.params), {
      method,
      body: options.body,
      // A file is sent as it is (the contract's fileBody), whatever type the browser guessed for it.
      headers: options.body instanceof Blob ? { "Content-Type": "application/octet-stream" } : undefined,
      query: options.query as Record<string, unknown> | undefined,
      signal: options.signal,
      responseType,
    });
    await refresh();
    return answer;
  } catch (error) {
    // Refused because what the page shows is gone or has changed meanwhile: show it as it is now.
    if (error instanceof ApiError && (error.status === 404 || error.status === 409)) await refresh();
    throw error;
  }
}

function call<M extends Method>(method: M) {
  return <P extends ApiPath<M>>(path: P, ...[options]: Args<M, P>): Promise<AnswerOf<M, P>> =>
    send(method, path, options as LooseOptions) as Promise<AnswerOf<M, P>>;
}

export const api = {
  get: call("get"),
  post: call("post"),
  put: call("put"),
  patch: call("patch"),
  delete: call("delete"),
  /** A call that answers a file (a PDF, a ZIP, a CSV): its body as a Blob. */
  file<M extends Method, P extends ApiPath<M>>(method: M, path: P, ...[options]: Args<M, P>): Promise<Blob> {
    return send(method, path, options as LooseOptions, "blob") as Promise<Blob>;
  },
};

/**
 * The address of a GET call for a link or an image (a QR code, a receipt, a CSV): path parameters
 * filled in and the query appended, on this site (as the server renders it). Such a link carries no
 * token: it is for calls the session cookie is enough for.
 */
export function apiHref<P extends ApiPath<"get">>(path: P, ...[options]: Args<"get", P>): string {
  const { params, query } = (options ?? {}) as LooseOptions;
  return `${addressOf(path, params)}${searchOf(query as Record<string, unknown> | undefined)}`;
}

/**
 * The address of a POST call sent outside the client: the action of an HTML form that works without
 * JavaScript (the language, the consent), or an upload sent with XMLHttpRequest for its progress.
 */
export function apiFormAction(path: ApiPath<"post">): string {
  return `/api${path}`;
}
