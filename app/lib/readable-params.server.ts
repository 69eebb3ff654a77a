// A page address whose parameters hold text PostgreSQL cannot keep (%00 decodes to U+0000) names a
// page that cannot exist: it answers the layout's usual 404 view before any rule or loader hands the
// parameter to the database. (React Router keeps an escape that is not UTF-8 as written, so that
// reaches a loader as harmless text.) The address itself is left as it is: the page must be rendered
// for the address the browser shows, or it would not hydrate.
import { data, type MiddlewareFunction } from "react-router";
import { isStorableText } from "../../contract/zod";

export const unreadableParamsAreNotFound: MiddlewareFunction<Response> = ({ params, request }) => {
  if (Object.values(params).every((value) => value === undefined || isStorableText(value))) return;
  throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
};
