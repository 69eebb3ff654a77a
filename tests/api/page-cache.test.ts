// The page cache of /k/{id}: what it keeps and for whom, the CSP nonce fresh on every answer, its
// bounds and expiry, and every way an entry goes (invalidate, a committed `page.changed`, a NOTIFY
// from the database on both engines, a listener reset).
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "../../server/context";
import { profiles } from "../../server/db/schema";
import { pageChanged, recordEvent, transaction } from "../../server/domain/core";
import { createPageCache, type PageCacheOptions, type RenderWithNonce } from "../../server/http/page-cache";
import { sessionCookieName, sleep } from "../support/accounts";
import { describeOnDatabases } from "../support/api-fixture";
import { postgresqlOnly } from "../support/databases";
import { createTestApp } from "../support/test-app";

const origin = "http://localhost:3000";
const idA = "AAAA0001";
const idB = "BBBB0002";

/** A stand-in for renderPage: HTML with the nonce where React puts it, and the CSP header. */
function standInPage(options: { status?: number; headers?: Record<string, string>; body?: string } = {}) {
  const calls: { nonce: string; language: string | null }[] = [];
  let version = 1;
  const render = (request: Request): RenderWithNonce => {
    return async (nonce) => {
      const language = request.headers.get("accept-language");
      calls.push({ nonce, language });
      const path = new URL(request.url).pathname;
      const html =
        options.body ??
        `<!doctype html><html><head><link rel="modulepreload" href="/a.js" nonce="${nonce}"/>` +
          `<style nonce="${nonce}">p{}</style></head><body><p>${path} v${version} ${language ?? ""}</p>` +
          `<script nonce="${nonce}">window.__ctx={"n":1}</script></body></html>`;
      return new Response(html, {
        status: options.status ?? 200,
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Security-Policy": `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'`,
          ...options.headers,
        },
      });
    };
  };
  return {
    calls,
    render,
    bump: () => (version += 1),
  };
}

function get(path: string, headers: Record<string, string> = {}, method = "GET"): Request {
  return new Request(`${origin}${path}`, { method, headers });
}

/** The nonce of every nonce attribute in the HTML, and the one in the CSP header. */
async function nonces(response: Response) {
  const html = await response.text();
  const inHtml = [...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);
  const csp = response.headers.get("content-security-policy") ?? "";
  const inHeader = [...csp.matchAll(/'nonce-([^']*)'/g)].map((match) => match[1]);
  return { html, inHtml, inHeader };
}

function setup(options: PageCacheOptions = {}, page = standInPage()) {
  const cache = createPageCache(options);
  const fetchPage = (request: Request) => cache.handle(request, page.render(request));
  return { cache, page, fetchPage };
}

describe("page cache", () => {
  it("renders on the first view (MISS) and answers the next from memory (HIT)", async () => {
    const { page, fetchPage, cache } = setup();
    const first = await fetchPage(get(`/k/${idA}`));
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const second = await fetchPage(get(`/k/${idA}`));
    expect(second.status).toBe(200);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.calls).toHaveLength(1);
    const a = await nonces(first);
    const b = await nonces(second);
    expect(b.html.replaceAll(b.inHtml[0] ?? "-", "N")).toBe(a.html.replaceAll(a.inHtml[0] ?? "-", "N"));
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
    expect(cache.stats().bytes).toBeGreaterThan(100);
  });

  it("gives every answer its own nonce, the same in every attribute and in the CSP header", async () => {
    const { fetchPage } = setup();
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const response = await fetchPage(get(`/k/${idA}`));
      const { inHtml, inHeader } = await nonces(response);
      expect(inHtml).toHaveLength(3);
      expect(inHeader).toHaveLength(2);
      const nonce = inHeader[0] ?? "";
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(new Set([...inHtml, ...inHeader])).toEqual(new Set([nonce]));
      seen.add(nonce);
    }
    expect(seen.size).toBe(5);
  });

  it("sends a hit gzip-compressed to a browser that takes it: the same page, its own nonce", async () => {
    const { fetchPage } = setup();
    const plain = await nonces(await fetchPage(get(`/k/${idA}`)));
    for (const accepts of ["gzip, deflate, br, zstd", "br", "gzip;q=0.5"]) {
      const response = await fetchPage(get(`/k/${idA}`, { "Accept-Encoding": accepts }));
      expect(response.headers.get("x-cache")).toBe("HIT");
      expect(response.headers.get("content-encoding")).toBe("gzip");
      expect(response.headers.get("vary")).toContain("Accept-Encoding");
      const html = gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
      const nonce = /'nonce-([^']*)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
      expect(nonce).not.toBe(plain.inHeader[0]);
      expect([...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1])).toEqual([nonce, nonce, nonce]);
      expect(html.replaceAll(nonce, "N")).toBe(plain.html.replaceAll(plain.inHtml[0] ?? "-", "N"));
    }
    // Refused or not named: sent as it is.
    const refused = await fetchPage(get(`/k/${idA}`, { "Accept-Encoding": "gzip;q=0, br;q=0" }));
    expect(refused.headers.get("content-encoding")).toBeNull();
    expect((await refused.text()).startsWith("<!doctype html>")).toBe(true);
  });

  it("keeps one copy per language: Accept-Language and the locale cookie choose it", async () => {
    const { page, fetchPage } = setup();
    const swedish = { "Accept-Language": "sv-SE,sv;q=0.9" };
    const english = { "Accept-Language": "en-US,en;q=0.9" };
    expect((await fetchPage(get(`/k/${idA}`, swedish))).headers.get("x-cache")).toBe("MISS");
    expect((await fetchPage(get(`/k/${idA}`, english))).headers.get("x-cache")).toBe("MISS");
    expect((await fetchPage(get(`/k/${idA}`, { "Accept-Language": "sv" }))).headers.get("x-cache")).toBe(
      "HIT",
    );
    const sv = await fetchPage(get(`/k/${idA}`, swedish));
    expect(await sv.text()).toContain("sv-SE,sv;q=0.9");
    // The cookie wins over the header: English asked, Swedish chosen.
    const chosen = await fetchPage(get(`/k/${idA}`, { ...english, Cookie: "locale=sv-SE; other=1" }));
    expect(chosen.headers.get("x-cache")).toBe("HIT");
    expect(await chosen.text()).toContain("sv-SE,sv;q=0.9");
    expect(page.calls).toHaveLength(2);
  });

  it("keeps one copy per answer to the analytics question: the unasked page carries the banner", async () => {
    const { page, fetchPage } = setup();
    expect((await fetchPage(get(`/k/${idA}`))).headers.get("x-cache")).toBe("MISS");
    const granted = await fetchPage(get(`/k/${idA}`, { Cookie: "analytics_consent=granted" }));
    expect(granted.headers.get("x-cache")).toBe("MISS");
    const denied = await fetchPage(get(`/k/${idA}`, { Cookie: "analytics_consent=denied" }));
    expect(denied.headers.get("x-cache")).toBe("MISS");
    // A value that is no answer is no answer: the unasked copy.
    const odd = await fetchPage(get(`/k/${idA}`, { Cookie: "analytics_consent=perhaps" }));
    expect(odd.headers.get("x-cache")).toBe("HIT");
    expect(page.calls).toHaveLength(3);
  });

  it("keeps bots' copies apart from browsers' (bots get the whole document at once)", async () => {
    const { page, fetchPage } = setup();
    await fetchPage(get(`/k/${idA}`, { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" }));
    const bot = await fetchPage(
      get(`/k/${idA}`, { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }),
    );
    expect(bot.headers.get("x-cache")).toBe("MISS");
    expect(page.calls).toHaveLength(2);
  });

  it.each([
    ["a session cookie", get(`/k/${idA}`, { Cookie: `locale=en-US; ${sessionCookieName}=token` })],
    ["an Authorization header", get(`/k/${idA}`, { Authorization: "Bearer token" })],
    ["a query string", get(`/k/${idA}?utm_source=x`)],
    ["an empty query string", get(`/k/${idA}?`)],
    ["HEAD", get(`/k/${idA}`, {}, "HEAD")],
    ["POST", get(`/k/${idA}`, {}, "POST")],
  ])("never serves nor keeps a copy for a request with %s (BYPASS)", async (_name, request) => {
    const { page, fetchPage, cache } = setup();
    await fetchPage(get(`/k/${idA}`));
    for (let i = 0; i < 2; i++) {
      const response = await fetchPage(request.clone());
      expect(response.headers.get("x-cache")).toBe("BYPASS");
    }
    expect(page.calls).toHaveLength(3);
    expect(cache.stats().entries).toBe(1);
  });

  type PageOptions = Parameters<typeof standInPage>[0] & {};
  it.each<[string, PageOptions]>([
    ["a 404 (an unknown id)", { status: 404 }],
    ["a 500", { status: 500 }],
    ["a Set-Cookie header", { headers: { "Set-Cookie": "a=b; Path=/" } }],
    ["Cache-Control: no-store", { headers: { "Cache-Control": "no-store" } }],
    ["Cache-Control: private", { headers: { "Cache-Control": "private, max-age=60" } }],
    ["not HTML", { headers: { "Content-Type": "application/json" }, body: "{}" }],
    ["a nonce it cannot swap", { body: `<script nonce="other">1</script>` }],
  ])("does not keep an answer with %s", async (_name, options) => {
    const page = standInPage(options);
    const { fetchPage, cache } = setup({}, page);
    const first = await fetchPage(get(`/k/${idA}`));
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(first.status).toBe(options.status ?? 200);
    if (options.headers?.["Set-Cookie"]) expect(first.headers.get("set-cookie")).toBe("a=b; Path=/");
    expect((await fetchPage(get(`/k/${idA}`))).headers.get("x-cache")).toBe("MISS");
    expect(page.calls).toHaveLength(2);
    expect(cache.stats().entries).toBe(0);
  });

  it("leaves every other path alone: rendered each time, no X-Cache", async () => {
    const { page, fetchPage, cache } = setup();
    for (const path of ["/", "/k/aaaa0001", "/k/AAAA00011", "/k/AAAA0001/x", "/kammare/AAAA0001", "/k/"]) {
      const response = await fetchPage(get(path));
      expect(response.headers.get("x-cache")).toBeNull();
      await fetchPage(get(path));
    }
    expect(page.calls).toHaveLength(12);
    expect(cache.stats().entries).toBe(0);
  });

  it("keeps at most maxEntries, dropping the least recently used", async () => {
    const { page, fetchPage, cache } = setup({ maxEntries: 2 });
    await fetchPage(get("/k/AAAA0001"));
    await fetchPage(get("/k/AAAA0002"));
    await fetchPage(get("/k/AAAA0001")); // 0001 is now the most recently used
    await fetchPage(get("/k/AAAA0003")); // 0002 goes
    expect(cache.stats().entries).toBe(2);
    expect((await fetchPage(get("/k/AAAA0001"))).headers.get("x-cache")).toBe("HIT");
    expect((await fetchPage(get("/k/AAAA0003"))).headers.get("x-cache")).toBe("HIT");
    expect((await fetchPage(get("/k/AAAA0002"))).headers.get("x-cache")).toBe("MISS");
    expect(page.calls).toHaveLength(4);
  });

  it("keeps at most maxBytes of HTML, and never a page larger than maxEntryBytes", async () => {
    const { fetchPage, cache } = setup({ maxBytes: 500 });
    for (const id of ["AAAA0001", "AAAA0002", "AAAA0003", "AAAA0004", "AAAA0005"]) {
      await fetchPage(get(`/k/${id}`));
      expect(cache.stats().bytes).toBeLessThanOrEqual(500);
    }
    expect(cache.stats().entries).toBeGreaterThan(0);
    expect(cache.stats().entries).toBeLessThan(5);

    const big = setup({ maxEntryBytes: 1000 }, standInPage({ body: `<p>${"x".repeat(2000)}</p>` }));
    const response = await big.fetchPage(get(`/k/${idA}`));
    expect((await response.text()).length).toBe(2007);
    expect(big.cache.stats().entries).toBe(0);
  });

  it("invalidate(id) drops every copy of that profile (all languages) and only those", async () => {
    const { page, fetchPage, cache } = setup();
    await fetchPage(get(`/k/${idA}`, { "Accept-Language": "sv" }));
    await fetchPage(get(`/k/${idA}`, { "Accept-Language": "en" }));
    await fetchPage(get(`/k/${idB}`));
    expect(cache.stats().entries).toBe(3);
    page.bump();
    cache.invalidate(idA);
    expect(cache.stats().entries).toBe(1);
    const fresh = await fetchPage(get(`/k/${idA}`, { "Accept-Language": "sv" }));
    expect(fresh.headers.get("x-cache")).toBe("MISS");
    expect(await fresh.text()).toContain(" v2 ");
    expect((await fetchPage(get(`/k/${idB}`))).headers.get("x-cache")).toBe("HIT");
  });

  it("lets an entry expire after ttlMs", async () => {
    let clock = 1_000_000;
    const { fetchPage } = setup({ ttlMs: 60_000, now: () => clock });
    await fetchPage(get(`/k/${idA}`));
    clock += 59_000;
    expect((await fetchPage(get(`/k/${idA}`))).headers.get("x-cache")).toBe("HIT");
    clock += 1_000;
    expect((await fetchPage(get(`/k/${idA}`))).headers.get("x-cache")).toBe("MISS");
    expect((await fetchPage(get(`/k/${idA}`))).headers.get("x-cache")).toBe("HIT");
  });

  /** The stand-in page, with renders that wait until `release()`. */
  function gatedPage() {
    const page = standInPage();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = (request: Request): RenderWithNonce => {
      const render = page.render(request);
      return async (nonce) => {
        await gate;
        return render(nonce);
      };
    };
    return { page, slow, release };
  }

  it("renders once for many viewers arriving together; each still gets its own nonce", async () => {
    const cache = createPageCache();
    const { page, slow, release } = gatedPage();
    const pending = Array.from({ length: 10 }, () => cache.handle(get(`/k/${idA}`), slow(get(`/k/${idA}`))));
    await sleep(10);
    release();
    const responses = await Promise.all(pending);
    expect(page.calls).toHaveLength(1);
    expect(responses.map((response) => response.headers.get("x-cache")).sort()).toEqual([
      "MISS",
      ...Array<string>(9).fill("SHARED"),
    ]);
    const all = await Promise.all(responses.map(nonces));
    expect(new Set(all.map((one) => one.inHeader[0])).size).toBe(10);
  });

  it("does not keep a copy rendered while its profile changed", async () => {
    const cache = createPageCache();
    const page = standInPage();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const request = get(`/k/${idA}`);
    const render = page.render(request);
    const during = cache.handle(request, async (nonce) => {
      await gate;
      return render(nonce);
    });
    await sleep(10);
    cache.invalidate(idA);
    // A viewer arriving after the change does not wait for the stale render.
    const after = await cache.handle(get(`/k/${idA}`), page.render(get(`/k/${idA}`)));
    expect(after.headers.get("x-cache")).toBe("MISS");
    release();
    expect((await during).headers.get("x-cache")).toBe("MISS");
    expect(page.calls).toHaveLength(2);
    // The render that finished first after the change is the one kept.
    expect(cache.stats().entries).toBe(1);
  });

  it("viewers waiting for a render when their profile changes get that render, which is not kept", async () => {
    const cache = createPageCache();
    const { page, slow, release } = gatedPage();
    const waiting = Array.from({ length: 5 }, () => cache.handle(get(`/k/${idA}`), slow(get(`/k/${idA}`))));
    await sleep(10);
    cache.invalidate(idA);
    release();
    const answers = await Promise.all(waiting);
    // One render for the five who asked before the change, each with its own nonce...
    expect(page.calls).toHaveLength(1);
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(5).fill(200));
    const all = await Promise.all(answers.map(nonces));
    expect(new Set(all.map((one) => one.inHeader[0])).size).toBe(5);
    // ...and nothing kept of it, so the next viewer gets a render made after the change.
    expect(cache.stats().entries).toBe(0);
    const next = await cache.handle(get(`/k/${idA}`), page.render(get(`/k/${idA}`)));
    expect(next.headers.get("x-cache")).toBe("MISS");
    expect(page.calls).toHaveLength(2);
  });

  it("clear() drops everything", async () => {
    const { fetchPage, cache } = setup();
    await fetchPage(get(`/k/${idA}`));
    await fetchPage(get(`/k/${idB}`));
    cache.clear();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
    expect((await fetchPage(get(`/k/${idA}`))).headers.get("x-cache")).toBe("MISS");
  });
});

// The database's announcements reach the app's cache whoever makes the change: `writer` is another
// handle on the same server, or PGlite's only one.
describeOnDatabases("page cache in the app", { other: true }, ({ engine, handle, other: writer }) => {
  beforeAll(async () => {
    await writer.db.insert(profiles).values([{ id: idA }, { id: idB }]);
  });

  /** The app with a page renderer that puts the request's nonce where React does. */
  function appWithCache() {
    const cache = createPageCache();
    let renders = 0;
    const { app } = createTestApp(
      handle,
      async (request, context) => {
        renders += 1;
        const { nonce } = context.get(requestContext);
        const path = new URL(request.url).pathname;
        return new Response(
          `<!doctype html><html><body><p>${path} render ${renders}</p><script nonce="${nonce}">1</script></body></html>`,
          { headers: { "Content-Type": "text/html; charset=utf-8" } },
        );
      },
      { pageCache: cache },
    );
    return { app, cache, renders: () => renders };
  }

  it("serves /k/{id} from the cache with the app's CSP for a fresh nonce, and the usual headers", async () => {
    const { app, renders } = appWithCache();
    const first = await app.request(`/k/${idA}`);
    const second = await app.request(`/k/${idA}`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(renders()).toBe(1);
    const a = await nonces(first);
    const b = await nonces(second);
    expect(b.inHtml).toEqual([b.inHeader[0]]);
    expect(a.inHtml).toEqual([a.inHeader[0]]);
    expect(b.inHeader[0]).not.toBe(a.inHeader[0]);
    expect(second.headers.get("content-security-policy")).toBe(
      first.headers.get("content-security-policy")?.replaceAll(a.inHeader[0] ?? "-", b.inHeader[0] ?? "-"),
    );
    expect(second.headers.get("x-request-id")).toMatch(/.{8,}/);
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");
    // Other pages are not cached.
    await app.request("/login");
    expect((await app.request("/login")).headers.get("x-cache")).toBeNull();
  });

  it("the app drops a page when the domain's page.changed commits, and not when it rolls back", async () => {
    const cache = createPageCache();
    const { app } = createTestApp(handle, undefined, { pageCache: cache });
    await app.request(`/k/${idA}`);
    await app.request(`/k/${idB}`);
    const cached = async (id: string) => (await app.request(`/k/${id}`)).headers.get("x-cache");
    expect(await cached(idA)).toBe("HIT");
    // A change that is refused halfway: nothing committed, so the cached page stays.
    await expect(
      transaction(handle.db, async (tx) => {
        await tx.update(profiles).set({ updatedAt: new Date() }).where(eq(profiles.id, idA));
        recordEvent(tx, pageChanged(idA));
        expect(await cached(idA)).toBe("HIT");
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await cached(idA)).toBe("HIT");
    // Committed: dropped before the change's answer would go out, and only that page.
    await transaction(handle.db, async (tx) => recordEvent(tx, pageChanged(idA)));
    expect(cache.stats().entries).toBe(1);
    expect(await cached(idA)).toBe("MISS");
    expect(await cached(idB)).toBe("HIT");
  });

  it("drops a profile's page when the database announces its change (UPDATE, DELETE), not others'", async () => {
    const { app, cache } = appWithCache();
    const stop = await cache.follow(handle);
    try {
      for (const id of [idA, idB]) await app.request(`/k/${id}`);
      expect(cache.stats().entries).toBe(2);
      await writer.db.update(profiles).set({ status: "draft" }).where(eq(profiles.id, idA));
      for (let i = 0; i < 250 && cache.stats().entries > 1; i++) await sleep(20);
      expect(cache.stats().entries).toBe(1);
      expect((await app.request(`/k/${idA}`)).headers.get("x-cache")).toBe("MISS");
      expect((await app.request(`/k/${idB}`)).headers.get("x-cache")).toBe("HIT");

      await writer.db.delete(profiles).where(eq(profiles.id, idB));
      for (let i = 0; i < 250 && cache.stats().entries > 1; i++) await sleep(20);
      expect((await app.request(`/k/${idB}`)).headers.get("x-cache")).toBe("MISS");
      expect((await app.request(`/k/${idA}`)).headers.get("x-cache")).toBe("HIT");
    } finally {
      await stop();
      await writer.db.insert(profiles).values({ id: idB }).onConflictDoNothing();
    }
  });

  postgresqlOnly(engine)(
    "drops everything when the listening connection was lost, and follows changes again after",
    async () => {
      const { app, cache } = appWithCache();
      const stop = await cache.follow(handle);
      try {
        await app.request(`/k/${idA}`);
        await app.request(`/k/${idB}`);
        expect(cache.stats().entries).toBe(2);
        await writer.withConnection((connection) =>
          connection.query(
            "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'",
          ),
        );
        for (let i = 0; i < 250 && cache.stats().entries > 0; i++) await sleep(20);
        expect(cache.stats().entries).toBe(0);
        // Back: it listens again (the reconnection resets once more; wait for it to be in place).
        for (let i = 0; i < 500; i++) {
          const [row] = await writer.withConnection((connection) =>
            connection.query<{ n: number }>(
              "select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen %'",
            ),
          );
          if ((row?.n ?? 0) > 0) break;
          await sleep(20);
        }
        await sleep(100);
        await app.request(`/k/${idA}`);
        expect((await app.request(`/k/${idA}`)).headers.get("x-cache")).toBe("HIT");
        await writer.db.update(profiles).set({ status: "trial" }).where(eq(profiles.id, idA));
        for (let i = 0; i < 250 && cache.stats().entries > 0; i++) await sleep(20);
        expect(cache.stats().entries).toBe(0);
      } finally {
        await stop();
      }
    },
  );
});
