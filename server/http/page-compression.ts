// Rendered pages are sent compressed to a browser that accepts it: brotli (quality 4, about as quick
// as gzip's default and a tenth smaller), else gzip. Only a page written whole (it says its
// Content-Length, app/entry.server.tsx) is compressed, in one call on the buffer: the answer stays a
// buffer, sent with its headers at once. A page still streaming is sent as it comes; a page served
// from the page cache comes compressed already, from parts deflated once (server/http/spliced-gzip.ts).
// ADR 024 says why a compressing stream was taken back.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

type Encoding = "br" | "gzip";

/** The encoding the request accepts, brotli first; none when it names neither (or refuses them). */
export function acceptedEncoding(acceptEncoding: string | null): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    accepted.set(name.trim(), quality === undefined ? 1 : Number(quality));
  }
  const allows = (name: Encoding) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return null;
}

export async function compressPage(request: Request, response: Response): Promise<Response> {
  // Only the headers are read until the body is compressed: the server's Response (@hono/node-server's)
  // keeps a buffer body as it is, and sends it with its headers in one write, until `body` is asked
  // for; that makes it a stream, which went out as a second write of its own (the sign-in page's
  // identity answer: a tenth of its CPU time).
  const headers = response.headers;
  const length = headers.get("content-length");
  if (
    length === null ||
    length === "0" ||
    headers.has("content-encoding") ||
    headers.get("x-cache") === "HIT" ||
    !(headers.get("content-type") ?? "").startsWith("text/html")
  ) {
    return response;
  }
  const encoding = acceptedEncoding(request.headers.get("accept-encoding"));
  const vary = [headers.get("vary"), "Accept-Encoding"].filter(Boolean).join(", ");
  if (!encoding) {
    headers.set("Vary", vary);
    return response;
  }
  const body = Buffer.from(await response.arrayBuffer());
  const compressed =
    encoding === "br"
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 4,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : gzipSync(body);
  const changed = new Headers(headers);
  changed.set("Content-Encoding", encoding);
  changed.set("Content-Length", String(compressed.length));
  changed.set("Vary", vary);
  return new Response(new Uint8Array(compressed), {
    status: response.status,
    statusText: response.statusText,
    headers: changed,
  });
}
