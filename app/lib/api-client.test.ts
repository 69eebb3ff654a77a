// The typed client's behaviour a screen relies on, against a real local HTTP server: the address it
// builds from the contract's path, what it sends, and that a write loads the page's data again
// (after success, and after a 404 or 409 that says the page is out of date) before it settles.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, apiFormAction, apiHref, configureApi, refreshAfterWrites } from "./api";

type Seen = { method: string; url: string; type: string | undefined; body: string };
let server: Server;
let seen: Seen[] = [];
let status = 200;
let answer: unknown = { ok: true };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        type: req.headers["content-type"],
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  configureApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let refreshes: string[] = [];
beforeEach(() => {
  seen = [];
  status = 200;
  answer = { ok: true };
  refreshes = [];
});

/** Registers a refresh that records when it ran and finishes a little later, as a loader does. */
function countRefreshes(): () => void {
  return refreshAfterWrites(async () => {
    refreshes.push("started");
    await new Promise((resolve) => setTimeout(resolve, 20));
    refreshes.push("done");
  });
}

describe("addresses", () => {
  it("puts /api before the contract's path and encodes each path parameter", async () => {
    await api.delete("/admin/partner-whitelist/{id}", { params: { id: "a b/c?" } });
    expect(seen).toEqual([
      expect.objectContaining({ method: "DELETE", url: "/api/admin/partner-whitelist/a%20b%2Fc%3F" }),
    ]);
  });

  it("sends the body as JSON and the query as search parameters", async () => {
    await api.post("/kammare/own", { body: { owner: "u1", profileId: "K7M2P9QX" } });
    await api.get("/kammare/orders", { query: { profileId: "K7M2P9QX" } });
    expect(seen[0]).toMatchObject({ method: "POST", url: "/api/kammare/own", type: "application/json" });
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ owner: "u1", profileId: "K7M2P9QX" });
    expect(seen[1]).toMatchObject({ method: "GET", url: "/api/kammare/orders?profileId=K7M2P9QX" });
  });

  it("sends a file body as it is, as application/octet-stream", async () => {
    const file = new Blob(["01BGMAX"], { type: "text/x-weird" });
    await api.post("/admin/invoices/bgmax", { body: file });
    expect(seen[0]).toMatchObject({ type: "application/octet-stream", body: "01BGMAX" });
  });

  it("answers a file as a Blob", async () => {
    answer = { some: "bytes" };
    const blob = await api.file("get", "/kammare/account/export");
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe('{"some":"bytes"}');
  });

  it("builds link addresses on this site, leaving out empty query values", () => {
    expect(
      apiHref("/admin/qr/{file}", { params: { file: "K7M2P9QX.svg" }, query: { size: 512, margin: 4 } }),
    ).toBe("/api/admin/qr/K7M2P9QX.svg?size=512&margin=4");
    expect(apiHref("/partner/users.csv", { query: { q: "" } })).toBe("/api/partner/users.csv");
    expect(apiFormAction("/preferences/locale")).toBe("/api/preferences/locale");
  });
});

describe("refreshing the page after a write", () => {
  it("loads the page's data again after a write, before the write settles", async () => {
    const stop = countRefreshes();
    await api.put("/partner/organisation", { body: { name: "Lindqvists" } });
    expect(refreshes).toEqual(["started", "done"]);
    stop();
  });

  it("does not after a read, nor after a write that says it changes nothing shown", async () => {
    const stop = countRefreshes();
    await api.get("/admin/check");
    await api.file("post", "/admin/invoices/preview.pdf", { body: {} as never, refresh: false });
    expect(refreshes).toEqual([]);
    stop();
  });

  it.each([404, 409])("does after a write refused with %i (the page was out of date)", async (code) => {
    const stop = countRefreshes();
    status = code;
    answer = { error: { code: "conflict", message: "Changed" } };
    await expect(api.delete("/admin/first-names/{name}", { params: { name: "Anna" } })).rejects.toMatchObject(
      {
        status: code,
      },
    );
    expect(refreshes).toEqual(["started", "done"]);
    stop();
  });

  it("does not after a write refused as bad input: the form shows what to fix", async () => {
    const stop = countRefreshes();
    status = 400;
    answer = { error: { code: "invalid_request", message: "Bad", fields: { name: "Required" } } };
    await expect(api.post("/admin/first-names", { body: { name: "" } })).rejects.toMatchObject({
      status: 400,
    });
    expect(refreshes).toEqual([]);
    stop();
  });

  it("a refresh that fails does not make the write fail", async () => {
    const stop = refreshAfterWrites(() => Promise.reject(new Error("loader failed")));
    await expect(api.post("/admin/first-names", { body: { name: "Anna" } })).resolves.toEqual({ ok: true });
    stop();
  });
});
