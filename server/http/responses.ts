// Changing a response's headers without turning its body into a stream.

/**
 * The response with its headers changed: in place where they may be changed, else on a copy.
 * @hono/node-server answers a Response made from a buffer (a page React wrote at once) in one write
 * with its headers; reading its `body` or `statusText`, as a copy must, turns the body into a web
 * stream that goes out in chunks, several writes and a tenth more time on a rendered page. The headers
 * of a Response made by `Response.redirect()`, `Response.error()` or `fetch` may not be changed: those
 * are copied.
 */
export function withHeadersChanged(response: Response, change: (headers: Headers) => void): Response {
  try {
    change(response.headers);
    return response;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  const headers = new Headers(response.headers);
  change(headers);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
