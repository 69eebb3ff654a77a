// Rendered pages go out compressed to browsers that accept it, whole and with their length; a page
// still streaming, a cached page and a client that accepts no encoding get the bytes as they are.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptedEncoding, compressPage } from "./page-compression";

const html = `<!doctype html><html><body>${"<p>Greta Lindqvist, 1931–2024</p>".repeat(200)}</body></html>`;
const bytes = new TextEncoder().encode(html);

function page(headers: Record<string, string> = {}, body: BodyInit = bytes): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": String(bytes.length),
      ...headers,
    },
  });
}
const request = (acceptEncoding?: string) =>
  new Request("http://localhost/login", {
    headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {},
  });

describe("acceptedEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip;q=0.5", "gzip"],
    ["*", "br"],
    ["identity", null],
    ["gzip;q=0", null],
    [null, null],
  ])("%s → %s", (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe("compressPage", () => {
  it("sends brotli to a browser that accepts it: the same page, smaller, with its length and Vary", async () => {
    const response = await compressPage(request("gzip, deflate, br"), page());
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(body.length);
    expect(body.length).toBeLessThan(bytes.length / 5);
    expect(brotliDecompressSync(body).toString("utf8")).toBe(html);
  });

  it("sends gzip to a client that accepts only gzip, keeping the page's status and other headers", async () => {
    const response = await compressPage(
      request("gzip"),
      new Response(bytes, {
        status: 404,
        headers: {
          "Content-Type": "text/html",
          "Content-Length": String(bytes.length),
          "X-Request-Id": "r1",
        },
      }),
    );
    expect(response.status).toBe(404);
    expect(response.headers.get("x-request-id")).toBe("r1");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8")).toBe(html);
  });

  it("sends the bytes as they are to a client that accepts no encoding, saying they vary by it", async () => {
    const original = page();
    const response = await compressPage(request(), original);
    // The same answer, its buffer untouched: the server sends it with its headers in one write.
    expect(response).toBe(original);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(await response.text()).toBe(html);
  });

  it("leaves a streaming page (no length), a cached page and what is not HTML alone", async () => {
    const streaming = new Response(new Blob([bytes]).stream(), { headers: { "Content-Type": "text/html" } });
    for (const response of [
      streaming,
      page({ "X-Cache": "HIT" }),
      page({ "Content-Type": "application/json" }),
      page({ "Content-Encoding": "gzip" }),
    ]) {
      expect(await compressPage(request("br"), response)).toBe(response);
    }
  });
});
