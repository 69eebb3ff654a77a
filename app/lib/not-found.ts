// The spec's 404 answer of a page (sections 2 and 8): "Page Not Found: {path}", shown by the 404 view.
//
// Why it is thrown from a loader, or by a rule only after the loaders have run: React Router renders
// an error thrown by middleware before the loaders at the root's boundary, with no loader data at all
// (it needs an ancestor whose data it has). The root's loader then never ran, so the page would lose
// the visitor's language and its layout's frame: a bare English "Page Not Found". Thrown from a
// loader, or after `next()`, it renders at the layout's boundary with the root's data.
import { data, type MiddlewareFunction } from "react-router";

export function notFound(request: Request) {
  return data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
}

/**
 * For a rule that found nothing to show: the loaders run (the page's own loader is expected to
 * answer 404 itself, as it finds nothing), and if no loader did, the rule answers 404 anyway, so a
 * page that forgot to check is never shown.
 */
export async function notFoundAfterLoaders(
  request: Request,
  next: Parameters<MiddlewareFunction<Response>>[1],
): Promise<Response> {
  const response = await next();
  if (response.status === 404) return response;
  throw notFound(request);
}
