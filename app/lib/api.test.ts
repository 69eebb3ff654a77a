// The browser API client's retry rule (spec section 7), against a real local HTTP server.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApiClient, retryStatusCodes } from "./api";

let server: Server;
let baseURL: string;
const hits = new Map<string, number>();
const authHeaders: (string | undefined)[] = [];

beforeAll(async () => {
  // /status/{code}: answers {code} on the first request and 200 after, counting requests per path.
  server = createServer((req, res) => {
    const url = req.url ?? "/";
    hits.set(url, (hits.get(url) ?? 0) + 1);
    authHeaders.push(req.headers.authorization);
    const code = Number(/^\/status\/(\d+)/.exec(url)?.[1] ?? 200);
    const first = hits.get(url) === 1;
    res.writeHead(first ? code : 200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ attempt: hits.get(url) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  hits.clear();
  authHeaders.length = 0;
});

const client = () => createApiClient({ baseURL, getSession: () => null });

describe("GET retry rule", () => {
  it.each(retryStatusCodes)("retries a GET once after %i and returns the second answer", async (code) => {
    const body = (await client()(`/status/${code}`)) as { attempt: number };
    expect(body.attempt).toBe(2);
    expect(hits.get(`/status/${code}`)).toBe(2);
  });

  it("lists exactly the spec's codes", () => {
    expect(retryStatusCodes).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it("retries only once: a GET failing twice fails", async () => {
    const failing = createServer((_req, res) => {
      res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => failing.listen(0, "127.0.0.1", resolve));
    let count = 0;
    failing.on("request", () => count++);
    const url = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
    await expect(createApiClient({ baseURL: url, getSession: () => null })("/x")).rejects.toThrow();
    expect(count).toBe(2);
    await new Promise<void>((resolve) => failing.close(() => resolve()));
  });

  it("does not retry a GET answered 404", async () => {
    await expect(client()("/status/404")).rejects.toThrow();
    expect(hits.get("/status/404")).toBe(1);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("never retries %s, even on 503", async (method) => {
    await expect(client()("/status/503", { method, body: { a: 1 } })).rejects.toThrow();
    expect(hits.get("/status/503")).toBe(1);
  });
});

describe("authorization", () => {
  it("sends Authorization: Bearer {access_token} from the stored session", async () => {
    const withSession = createApiClient({
      baseURL,
      getSession: () => ({ access_token: "tok123", user: { id: "u1", email: "a@example.se" } }),
    });
    await withSession("/status/200");
    expect(authHeaders).toEqual(["Bearer tok123"]);
  });

  it("sends no Authorization header without a session", async () => {
    await client()("/status/200");
    expect(authHeaders).toEqual([undefined]);
  });
});
