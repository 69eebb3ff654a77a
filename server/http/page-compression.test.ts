// A page is gzip-compressed for a browser that accepts it, and left as it is otherwise.
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, compressedPage } from "./page-compression";

const page = `<!doctype html><html><body>${"<p>Minnen</p>".repeat(200)}</body></html>`;
const asks = (encoding?: string) =>
  new Request("http://localhost/login", { headers: encoding ? { "Accept-Encoding": encoding } : {} });
const html = (body = page, headers: Record<string, string> = {}) =>
  new Response(body, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });

describe("compressedPage", () => {
  it("sends a page gzip-compressed to a client that accepts it, with Vary", async () => {
    const answer = compressedPage(asks("gzip, deflate, br"), html());
    expect(answer.headers.get("Content-Encoding")).toBe("gzip");
    expect(answer.headers.get("Vary")).toContain("Accept-Encoding");
    expect(answer.headers.get("Content-Type")).toContain("text/html");
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.length).toBeLessThan(page.length / 4);
    expect(gunzipSync(bytes).toString("utf8")).toBe(page);
  });

  it("leaves the page as it is for a client that asks for no encoding, or refuses gzip", async () => {
    for (const encoding of [undefined, "br", "gzip;q=0", "identity"]) {
      const response = html();
      expect(compressedPage(asks(encoding), response)).toBe(response);
    }
  });

  it("leaves what is not a page, is encoded already, or is tiny", () => {
    const json = new Response("{}", { headers: { "Content-Type": "application/json" } });
    expect(compressedPage(asks("gzip"), json)).toBe(json);
    const encoded = html(page, { "Content-Encoding": "br" });
    expect(compressedPage(asks("gzip"), encoded)).toBe(encoded);
    const tiny = html("<p>ok</p>", { "Content-Length": "9" });
    expect(compressedPage(asks("gzip"), tiny)).toBe(tiny);
  });
});

describe("acceptsGzip", () => {
  it.each([
    ["gzip", true],
    ["br, gzip;q=0.5", true],
    ["*", true],
    ["GZIP", true],
    ["gzip;q=0", false],
    ["deflate, br", false],
    ["", false],
  ])("%s: %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
