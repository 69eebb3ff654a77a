// Renders a page on the server: streamed HTML for browsers, complete HTML for bots, with the CSP nonce.
// Both languages' texts for the pages the server renders (the browser loads only the one it shows).
import { resources } from "../i18n";
import { pickTexts, textAreasFor } from "../i18n/areas";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { requestContext } from "../server/context";
import { htmlBody } from "../server/http/html-stream";
import { NonceProvider } from "./lib/nonce";
import { PageTextsProvider, pageTextsJson } from "./lib/i18n";
import type { Locale } from "../contract/locale";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestContext);
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Set before React starts, so that the callbacks below always find it.
    let abortRender = () => {};
    const abortTimer = setTimeout(() => abortRender(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <PageTextsProvider value={(locale) => pageTextsFor(locale, new URL(request.url).pathname)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PageTextsProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // The status as the shell has it: an error while piping (onError below) does not change it.
          const status = responseStatusCode;
          // Written or its reader gone: the timer would keep the finished render alive for seconds
          // (a few thousand of them under load, promoted to the old generation with all they hold).
          htmlBody(pipe, () => clearTimeout(abortTimer)).then((body) => {
            // A page written whole says its length: it may then be compressed whole (page-compression).
            if (body instanceof Uint8Array) responseHeaders.set("Content-Length", String(body.byteLength));
            resolve(new Response(body, { headers: responseHeaders, status }));
          }, reject);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; before it, React Router's handleError does.
          if (shellRendered) loadContext.get(requestContext).logger.error({ err: error }, "render error");
        },
      },
    );
    abortRender = abort;
  });
}

const pageTextsMade = new Map<string, string>();

/** The texts a page sends in its HTML: its language's, of its path's areas (made once per pair). */
function pageTextsFor(locale: Locale, pathname: string): string {
  const areas = textAreasFor(pathname);
  const key = `${locale} ${areas.join(",")}`;
  let json = pageTextsMade.get(key);
  if (json === undefined) {
    json = pageTextsJson(locale, areas, pickTexts(resources[locale].translation, areas));
    pageTextsMade.set(key, json);
  }
  return json;
}

/** The server's error hook: every unhandled loader, action or render error, with the request id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // The client's mistake (a POST to a page without an action: 405; an unknown path: 404) is answered
  // with its status and the error page; it is not a failure of ours.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const logger = context.get(requestContext).logger;
  logger.error({ err: error, url: new URL(request.url).pathname }, "unhandled page error");
};
