import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflateParts, splicedGzip } from "./spliced-gzip";

describe("splicedGzip", () => {
  const page = (nonce: string) =>
    `<!doctype html><link nonce="${nonce}" rel="stylesheet"><style nonce="${nonce}">p{}</style>` +
    "<p>Åsa Öberg tended the roses. ".repeat(2000) +
    `</p><script nonce="${nonce}" src="/a.js"></script>`;

  it("gives, for any value spliced in, exactly the page rendered with it", () => {
    const parts = page("NONCE")
      .split("NONCE")
      .map((part) => Buffer.from(part));
    const deflated = deflateParts(parts);
    for (const nonce of ["Dz1uaGh2LDiCx3y2/NA6FA==", randomBytes(16).toString("base64"), ""]) {
      const gzipped = splicedGzip({ parts, deflated }, Buffer.from(nonce));
      expect(gunzipSync(gzipped).toString()).toBe(page(nonce));
    }
  });

  it("sends a tenth of a repetitive page's bytes", () => {
    const html = page("x");
    const parts = html.split("x").map((part) => Buffer.from(part));
    const gzipped = splicedGzip({ parts, deflated: deflateParts(parts) }, Buffer.from("x"));
    expect(gzipped.length).toBeLessThan(Buffer.byteLength(html) / 10);
  });

  it("holds a page without the value, and binary parts", () => {
    const parts = [randomBytes(70_000)];
    expect(gunzipSync(splicedGzip({ parts, deflated: deflateParts(parts) }, Buffer.from("n")))).toEqual(
      parts[0],
    );
  });
});
