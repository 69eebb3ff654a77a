// Root middleware: finds the page's viewer, once per request, for every rule and loader below, with
// the same resolution the API uses.
import type { MiddlewareFunction } from "react-router";
import { servicesContext, viewerContext } from "../../server/context";
import { resolveViewer } from "../../server/http/auth";

export const pageViewerMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(viewerContext, await resolveViewer(context.get(servicesContext).db, request.headers));
};
