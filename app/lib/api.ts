// The browser's API client: base address from configuration, bearer token from the stored session,
// GET retried once on 408, 409, 425, 429, 500, 502, 503, 504 (spec section 7), other methods never.
import { ofetch, type $Fetch, type FetchOptions } from "ofetch";
import type { StoredSession } from "../../contract/session";

export const retryStatusCodes = [408, 409, 425, 429, 500, 502, 503, 504];

export type ApiClientOptions = {
  baseURL: string;
  getSession: () => StoredSession | null | Promise<StoredSession | null>;
  /** Only for tests outside a browser; the browser's own fetch is used otherwise. */
  fetch?: typeof globalThis.fetch;
};

export function createApiClient({ baseURL, getSession, fetch }: ApiClientOptions): $Fetch {
  const options: FetchOptions = {
    baseURL: baseURL || undefined,
    retry: 1,
    retryDelay: 0,
    retryStatusCodes,
    async onRequest({ options: request }) {
      const method = (request.method ?? "GET").toUpperCase();
      // ofetch retries only methods without a body by default; make the rule explicit: GET alone.
      if (method !== "GET") request.retry = 0;
      const token = (await getSession())?.access_token;
      if (token) {
        const headers = new Headers(request.headers);
        headers.set("Authorization", `Bearer ${token}`);
        request.headers = headers;
      }
    },
  };
  return fetch ? ofetch.create(options, { fetch }) : ofetch.create(options);
}

let browserClient: $Fetch | undefined;
let browserBaseURL = "";

/** Sets the base address the browser's client uses (from the server's public configuration). */
export function configureApi(baseURL: string): void {
  if (browserClient && baseURL === browserBaseURL) return;
  browserBaseURL = baseURL;
  browserClient = createApiClient({
    baseURL,
    // Loaded with the first call: the schema library is not part of the first page load.
    getSession: async () => (await import("./stored-session")).readStoredSession(),
  });
}

/** The browser's API client. */
export function api(): $Fetch {
  if (!browserClient) configureApi(browserBaseURL);
  return browserClient as $Fetch;
}
