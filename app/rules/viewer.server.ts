// Root middleware: finds the page's viewer from the session cookie, once per request, for every rule
// and loader below.
import type { MiddlewareFunction } from "react-router";
import { servicesContext, viewerContext } from "../../server/context";
import { authenticate } from "../../server/http/auth";

export const viewerMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const { db } = context.get(servicesContext);
  const session = await authenticate(db, request.headers);
  context.set(
    viewerContext,
    session
      ? { sessionId: session.id, id: session.user.id, email: session.user.email, roles: session.user.roles }
      : null,
  );
};
