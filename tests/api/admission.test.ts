// Renders and API calls take turns (ADR 049): with one turn, a cached page and a file are served while
// a render holds it, the render that refills the page cache goes ahead of the others waiting, and a
// client that sends its body slowly never holds a turn.
import { expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { createPageCache } from "../../server/http/page-cache";
import { createMetrics } from "../../server/metrics";
import { describeOnEngines } from "../support/api-fixture";

/** A page renderer whose renders of `/held` wait until `release` is called; it notes what it renders. */
function heldPages() {
  const rendered: string[] = [];
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const pages = async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === "/held") await gate;
    rendered.push(path);
    return new Response(`<!doctype html><p>${path}</p>`, { headers: { "Content-Type": "text/html" } });
  };
  return { pages, rendered, release: () => open() };
}

/** Whether `answer` settles within `ms`. */
async function settlesWithin(answer: unknown, ms: number): Promise<boolean> {
  const late = Symbol("late");
  const first = await Promise.race([answer, new Promise((resolve) => setTimeout(() => resolve(late), ms))]);
  return first !== late;
}

// Each test holds a render of its own (the engines' blocks run one after the other).
let held = heldPages();
// One cache for both engines' apps (the options are made once): each test starts it empty.
const pageCache = createPageCache();
// Both engines' apps count into one registry; the first's turns are idle while the second's are tried.
const metrics = createMetrics({ processMetrics: false });

/** A sample of the turns' metrics as an operator reads them at /metrics. */
async function turns(name: string): Promise<number> {
  const { text } = await metrics.exposition();
  const line = text.split("\n").find((row) => row.startsWith(`${name} `) || row.startsWith(`${name}{`));
  return Number(line?.split(" ").at(-1));
}

describeOnEngines(
  "requests taking turns",
  {
    pages: (request) => held.pages(request),
    app: {
      config: loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000", REQUEST_CONCURRENCY: "1" }),
      pageCache,
      metrics,
    },
  },
  ({ app }) => {
    it("serves a cached page while a render holds the only turn, and lets the waiting refill of the cache go first", async () => {
      held = heldPages();
      pageCache.clear();
      expect((await app.request("/k/AAAA0001")).headers.get("x-cache")).toBe("MISS");
      held.rendered.length = 0;

      const holder = app.request("/held");
      // Waiting for the turn: an API call, another page, then a page the cache is to keep.
      const health = app.request("/api/health");
      const login = app.request("/login");
      const kept = app.request("/k/AAAA0002");
      expect(await settlesWithin(health, 100)).toBe(false);
      // What an operator sees meanwhile: one working, three waiting for their turn.
      expect(await turns('kammare_requests_in_turn{state="running"}')).toBe(1);
      expect(await turns('kammare_requests_in_turn{state="waiting"}')).toBe(3);
      expect(await turns("kammare_requests_queued_total")).toBeGreaterThanOrEqual(3);

      const hit = await app.request("/k/AAAA0001");
      expect(hit.headers.get("x-cache")).toBe("HIT");
      expect(await hit.text()).toContain("/k/AAAA0001");

      held.release();
      expect((await holder).status).toBe(200);
      expect((await health).status).toBe(200);
      expect((await login).status).toBe(200);
      expect((await kept).headers.get("x-cache")).toBe("MISS");
      // The page everyone waits for is rendered before the page asked for before it.
      expect(held.rendered).toEqual(["/held", "/k/AAAA0002", "/login"]);
    });

    it("takes a body before the call takes its turn: a client sending it slowly holds no one up", async () => {
      let stall: () => void = () => {};
      const neverEnding = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"type":"email","email":"slow@'));
          stall = () => controller.close();
        },
      });
      const slow = app.request("/api/auth/login", {
        method: "POST",
        // Announced, as a client does (without it, the body limit reads the body first anyway).
        headers: { "Content-Type": "application/json", "Content-Length": "1000" },
        body: neverEnding,
        duplex: "half",
      } as RequestInit);
      expect(await settlesWithin(slow, 50)).toBe(false);

      const health = await app.request("/api/health");
      expect(health.status).toBe(200);

      // The rest of the body never comes: the call, once it has the end, answers a clear 400.
      stall();
      const answer = await slow;
      expect(answer.status).toBe(400);
    });
  },
);
