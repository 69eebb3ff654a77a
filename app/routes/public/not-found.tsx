// /404 and every unknown path: a 404 answer, shown by the layout's 404 view.
import { data } from "react-router";

export function loader({ request }: { request: Request }) {
  throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
}

export default function NotFound() {
  return null;
}
