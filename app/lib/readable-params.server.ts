// A page address whose parameters hold text PostgreSQL cannot keep (%00 decodes to U+0000) names a
// page that cannot exist: it answers the layout's usual 404 view. (React Router keeps an escape that
// is not UTF-8 as written, so that reaches a loader as harmless text.) The address itself is left as
// it is: the page must be rendered for the address the browser shows, or it would not hydrate.
// The 404 comes after the loaders (app/lib/not-found.ts), so the view keeps the layout and the
// visitor's language; the rules and loaders below refuse such text before the database (the
// `profile` rule takes only an id, the first-name lookup only storable text).
import type { MiddlewareFunction } from "react-router";
import { isStorableText } from "../../contract/zod";
import { notFoundAfterLoaders } from "./not-found";

export const unreadableParamsAreNotFound: MiddlewareFunction<Response> = ({ params, request }, next) => {
  if (Object.values(params).every((value) => value === undefined || isStorableText(value))) return;
  return notFoundAfterLoaders(request, next);
};
