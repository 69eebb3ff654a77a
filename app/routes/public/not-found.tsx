// /404 and every unknown path: a 404 answer, shown by the layout's 404 view.
import { notFound } from "../../lib/not-found";

export function loader({ request }: { request: Request }) {
  throw notFound(request);
}

export default function NotFound() {
  return null;
}
