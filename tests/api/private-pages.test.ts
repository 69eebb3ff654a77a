// Private pages (ADR 043), on every engine: a private page's content is refused to a visitor without
// access on every way in (the page and its photo pages through the `profile` rule, the memories,
// candles and calendar calls); the visitor password is checked with sign-in's argon2id and limits
// (429 with Retry-After, per page and per address); the right one lets in for 30 days by an httpOnly
// cookie that a changed password shuts out; e-mailed invitations let in and can be revoked; the
// owner, editors and admins always see the page; private and unlisted pages answer noindex and are
// never kept by the anonymous page cache; /sitemap.xml lists public live pages only, robots.txt names it.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { privatePageSettingsSchema, visitorAccessCookieName } from "../../contract/private-pages";
import {
  accountFailuresPerMinute,
  failuresPerAddressWhileGuessedAt,
  signInLimitPerMinute,
} from "../../server/domain/accounts";
import { loadConfig } from "../../server/config";
import { pageDoorContext, servicesContext, viewerContext, type AppServices } from "../../server/context";
import { privatePageDoors, profileEditors, profiles } from "../../server/db/schema";
import type { Viewer } from "../../server/domain/core";
import { mayEnterPage } from "../../server/domain/private-pages";
import { createPageCache } from "../../server/http/page-cache";
import { createLogger } from "../../server/logger";
import { serverRules } from "../../app/rules/index.server";
import { awayFromWindowEdge, call, expectError, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { ownedPageWith } from "../support/named-draft";

const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: siteOrigin, TRUST_PROXY: "on" });

const livePage = {
  status: "active" as const,
  paidUntil: new Date(Date.now() + 200 * 24 * 60 * 60 * 1000),
  content: {
    displayName: "Ingrid Berg",
    story: "The whole story of a private life.",
    portraitImageUrl: "/uploads/portraits/private-portrait.webp",
    birthDate: "1931-04-02",
    deathDate: "2024-11-30",
  },
};

describeOnEngines("private pages", { app: { config } }, (fixture) => {
  const { app, db, accounts, admin, mailbox, logs } = fixture;
  const as = (who: Account, path: string, json?: unknown, method?: string) =>
    call(app, path, { bearer: who.token, json, method, origin: siteOrigin });

  /** A visitor's request, from an address, with the pass cookie if given. */
  const visitor = (
    path: string,
    options: { json?: unknown; pass?: string; address?: string; form?: string } = {},
  ) => {
    const headers: Record<string, string> = { "X-Forwarded-For": options.address ?? "192.0.2.10" };
    if (options.pass) headers.Cookie = options.pass;
    if (options.form !== undefined) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      return app.request(path, {
        method: "POST",
        headers: { ...headers, Origin: siteOrigin },
        body: options.form,
      });
    }
    return call(app, path, { json: options.json, origin: options.json ? siteOrigin : undefined, headers });
  };

  /** A live page of a new owner, made private with a visitor password. */
  async function privatePage(fields: Partial<typeof livePage> = {}) {
    const { id, owner } = await ownedPageWith(fixture, { ...livePage, ...fields });
    const password = accounts.secret(`door-${Math.random().toString(36).slice(2)}`);
    const visibility = await as(
      owner,
      "/api/kammare/profile-metadata",
      { id, metadata: { visibility: "private" } },
      "PUT",
    );
    expect(visibility.status, await visibility.clone().text()).toBe(200);
    const set = await as(owner, "/api/kammare/private-page", { profileId: id, password }, "PUT");
    expect(set.status, await set.clone().text()).toBe(200);
    return { id, owner, password };
  }

  /** The `Name=value` of the page's pass in an answer's Set-Cookie, checked for its attributes. */
  function passOf(response: Response, id: string): string {
    const header = response.headers.get("set-cookie") ?? "";
    const name = visitorAccessCookieName(id);
    expect(header).toContain(`${name}=`);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//);
    expect(header).toMatch(/Max-Age=2592000/);
    const value = new RegExp(`${name}=([^;]+)`).exec(header)?.[1] ?? "";
    accounts.secret(value);
    return `${name}=${value}`;
  }

  const enter = (id: string, password: string, address = "192.0.2.10") =>
    visitor("/api/page-access", { json: { profileId: id, password }, address });

  /** The `profile` rule for a page address: where it sends the viewer, whether it shows the door, its headers. */
  async function rule(path: string, viewer: Viewer | null, cookie?: string) {
    const context = new RouterContextProvider();
    context.set(servicesContext, {
      config,
      db,
      logger: createLogger("silent"),
      buildId: "t",
    } satisfies AppServices);
    context.set(viewerContext, viewer);
    const [middleware] = serverRules("profile");
    const [, id = "", , photoId] = path.split("/").slice(1);
    try {
      const response = (await middleware?.(
        {
          request: new Request(`${siteOrigin}${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
          context,
          params: { id, photoId },
          unstable_pattern: "/k/:id",
        } as never,
        async () =>
          new Response(context.get(pageDoorContext) ? "door" : "content", {
            headers: { "Content-Type": "text/html" },
          }),
      )) as Response;
      return { door: context.get(pageDoorContext), response, redirect: null };
    } catch (thrown) {
      if (thrown instanceof Response)
        return { door: null, response: thrown, redirect: thrown.headers.get("Location") };
      throw thrown;
    }
  }

  const asViewer = (account: Account, roles: Viewer["roles"] = ["customer"]): Viewer => ({
    id: account.id,
    email: account.email,
    roles,
    sessionId: "s",
    via: "cookie",
  });

  it("refuses a private page's content on every way in to a visitor without access, and lets a pass-holder in", async () => {
    const { id, password } = await privatePage();
    // The page and its photo pages: the door at /k/{id}, a photo's address sends to it.
    const page = await rule(`/k/${id}`, null);
    expect(page.door).toBe(true);
    expect(await page.response.text()).toBe("door");
    const photo = await rule(`/k/${id}/photos/0b7c0c4e-1f7a-4d43-9a3f-6a2b7b9b7f10`, null);
    expect(photo.redirect).toBe(`/k/${id}`);
    // The memories and candles (JSON and the light page's plain forms), the calendar file.
    await expectError(await visitor(`/api/memories?profileId=${id}`), 403, "forbidden");
    const write = await visitor("/api/memories", {
      json: { profileId: id, name: "A", text: "Hello", formToken: "x", website: "" },
    });
    const refused = await expectError(write, 403, "forbidden");
    expect(refused.error.refusal).toBe("private.closed");
    await expectError(
      await visitor("/api/memories/candles", { json: { profileId: id, formToken: "x", website: "" } }),
      403,
      "forbidden",
    );
    const candleForm = await visitor("/api/memories/candles", {
      form: `profileId=${id}&formToken=x&website=`,
    });
    expect(candleForm.status).toBe(303);
    expect(candleForm.headers.get("location")).toContain("memory=closed");
    expect((await visitor(`/k/${id}/calendar.ics`)).status).toBe(404);

    // The right password: a pass for this browser, and every way in opens.
    const entered = await enter(id, password);
    expect(entered.status).toBe(204);
    const pass = passOf(entered, id);
    expect((await rule(`/k/${id}`, null, pass)).door).toBe(false);
    expect(
      (await rule(`/k/${id}/photos/0b7c0c4e-1f7a-4d43-9a3f-6a2b7b9b7f10`, null, pass)).redirect,
    ).toBeNull();
    expect((await visitor(`/api/memories?profileId=${id}`, { pass })).status).toBe(200);
    const calendar = await visitor(`/k/${id}/calendar.ics`, { pass });
    expect(calendar.status).toBe(200);
    expect(calendar.headers.get("cache-control")).toMatch(/^private/);
    // A pass is for its own page only, and a made-up one lets nobody in.
    const other = await privatePage();
    expect((await rule(`/k/${other.id}`, null, pass.replace(id, other.id))).door).toBe(true);
    expect((await rule(`/k/${id}`, null, `${visitorAccessCookieName(id)}=p.9999999999.forged`)).door).toBe(
      true,
    );
  });

  it("always shows the page to its owner, its editors and admins, never to another customer", async () => {
    const { id, owner } = await privatePage();
    const editor = await accounts.signUp();
    await db.insert(profileEditors).values({ profileId: id, userId: editor.id });
    const stranger = await accounts.signUp();
    for (const [who, roles, door] of [
      [owner, ["customer"], false],
      [editor, ["customer"], false],
      [admin, ["customer", "admin"], false],
      [stranger, ["customer"], true],
    ] as const) {
      expect((await rule(`/k/${id}`, asViewer(who, [...roles]))).door, who.email).toBe(door);
    }
    // The signed-in stranger is refused by the API too; the owner reads the memories.
    await expectError(await as(stranger, `/api/memories?profileId=${id}`), 403, "forbidden");
    expect((await as(owner, `/api/memories?profileId=${id}`)).status).toBe(200);
    const page = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(await mayEnterPage(db, page[0] as never, null, null)).toBe(false);
  });

  it("refuses a wrong password, and limits tries per address and per page like sign-in (429 with Retry-After)", async () => {
    const { id, password } = await privatePage();
    await awayFromWindowEdge(60, 20_000);
    const wrong = await enter(id, "not-the-password", "198.51.100.7");
    const body = await expectError(wrong, 401, "invalid_credentials");
    expect(body.error.refusal).toBe("private.password-wrong");
    expect(wrong.headers.get("set-cookie")).toBeNull();
    for (let attempt = 1; attempt < signInLimitPerMinute; attempt++) {
      expect((await enter(id, `wrong-${attempt}`, "198.51.100.7")).status).toBe(401);
    }
    // The address's tries are used up: refused even with the right password, with the time to wait.
    const limited = await enter(id, password, "198.51.100.7");
    await expectError(limited, 429, "rate_limited");
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    // The plain form says so at the door.
    const form = await visitor("/api/page-access", {
      form: `profileId=${id}&password=x`,
      address: "198.51.100.7",
    });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toMatch(new RegExp(`^/k/${id}\\?door=limited&retry=\\d+#door$`));
    // The page is guessed at now (more wrong passwords than one address may send): another address
    // gets a few tries, as an account guessed at does; the family's right password still lets them in.
    for (let attempt = 0; attempt < accountFailuresPerMinute - signInLimitPerMinute + 1; attempt++) {
      await enter(id, `more-${attempt}`, `198.51.100.${20 + attempt}`);
    }
    for (let typo = 0; typo < failuresPerAddressWhileGuessedAt; typo++) {
      expect((await enter(id, `typo-${typo}`, "203.0.113.9")).status).toBe(401);
    }
    await expectError(await enter(id, password, "203.0.113.9"), 429, "rate_limited");
    expect((await enter(id, password, "203.0.113.10")).status).toBe(204);
  });

  it("says a wrong password at the door's field for a plain form, and lets the right one in with a redirect", async () => {
    const { id, password } = await privatePage();
    const wrong = await visitor("/api/page-access", {
      form: `profileId=${id}&password=nope`,
      address: "192.0.2.30",
    });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get("location")).toBe(`/k/${id}?door=wrong#door`);
    const right = await visitor("/api/page-access", {
      form: new URLSearchParams({ profileId: id, password }).toString(),
      address: "192.0.2.30",
    });
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe(`/k/${id}`);
    passOf(right, id);
    // From another site, no password is even tried.
    const foreign = await app.request("/api/page-access", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify({ profileId: id, password }),
    });
    expect(foreign.status).toBe(403);
    // Bad input names its field: a NUL, a lone surrogate, a huge string, a wrong type.
    for (const bad of ["a\u0000b", "\ud800", "x".repeat(10_000), 42]) {
      await expectError(await enter(id, bad as string), 400, "invalid_request", "password");
    }
  });

  it("shuts out everyone let in by the old password when the password changes; never shows the password back", async () => {
    const { id, owner, password } = await privatePage();
    const pass = passOf(await enter(id, password, "192.0.2.40"), id);
    expect((await rule(`/k/${id}`, null, pass)).door).toBe(false);
    const next = accounts.secret("a-new-door-password");
    const changed = await as(owner, "/api/kammare/private-page", { profileId: id, password: next }, "PUT");
    const settings = privatePageSettingsSchema.parse(await changed.json());
    expect(settings.passwordSet).toBe(true);
    expect(JSON.stringify(settings)).not.toContain(next);
    expect(JSON.stringify(settings)).not.toContain("argon2");
    expect((await rule(`/k/${id}`, null, pass)).door).toBe(true);
    expect((await enter(id, password, "192.0.2.40")).status).toBe(401);
    expect((await enter(id, next, "192.0.2.40")).status).toBe(204);
    // Stored as an argon2id hash, the same as accounts' passwords.
    const [door] = await db.select().from(privatePageDoors).where(eq(privatePageDoors.profileId, id));
    expect(door?.passwordHash).toMatch(/^\$argon2id\$/);
    // A password too short is refused at its field.
    await expectError(
      await as(owner, "/api/kammare/private-page", { profileId: id, password: "abc" }, "PUT"),
      400,
      "invalid_request",
      "password",
    );
  });

  it("lets in by an e-mailed invitation (from the owner or an editor) until it is revoked", async () => {
    const { id, owner } = await privatePage();
    const editor = await accounts.signUp();
    await db.insert(profileEditors).values({ profileId: id, userId: editor.id });
    const guest = accounts.email("guest");
    const invited = await as(editor, "/api/kammare/private-page/invitations", {
      profileId: id,
      email: guest,
    });
    expect(invited.status, await invited.clone().text()).toBe(201);
    const settings = privatePageSettingsSchema.parse(await invited.json());
    expect(settings.invitations.map((row) => row.email)).toEqual([guest]);
    const mail = (await mailbox()).filter((sent) => sent.to.includes(guest)).at(-1);
    expect(mail?.subject).toContain("Ingrid Berg");
    const link = /(\/api\/page-access\/invitation\?[^\s]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(link).toContain(`page=${id}`);
    accounts.secret(new URL(link, siteOrigin).searchParams.get("token") ?? "");
    const opened = await visitor(link);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/k/${id}`);
    const pass = passOf(opened, id);
    expect((await rule(`/k/${id}`, null, pass)).door).toBe(false);
    expect((await visitor(`/api/memories?profileId=${id}`, { pass })).status).toBe(200);

    // Another customer may neither read nor change the door; a visitor is asked to sign in.
    const stranger = await accounts.signUp();
    await expectError(await as(stranger, `/api/kammare/private-page?profileId=${id}`), 403, "forbidden");
    await expectError(
      await as(stranger, "/api/kammare/private-page/invitations", { profileId: id, email: "x@example.com" }),
      403,
      "forbidden",
    );
    expect((await call(app, `/api/kammare/private-page?profileId=${id}`)).status).toBe(401);

    const invitationId = settings.invitations[0]?.id ?? "";
    await expectError(
      await as(stranger, "/api/kammare/private-page/invitations/revoke", { profileId: id, invitationId }),
      403,
      "forbidden",
    );
    const revoked = await as(owner, "/api/kammare/private-page/invitations/revoke", {
      profileId: id,
      invitationId,
    });
    expect(privatePageSettingsSchema.parse(await revoked.json()).invitations).toEqual([]);
    expect((await rule(`/k/${id}`, null, pass)).door).toBe(true);
    const again = await visitor(link);
    expect(again.headers.get("location")).toBe(`/k/${id}?door=revoked#door`);
    expect(again.headers.get("set-cookie")).toBeNull();
    await expectError(
      await as(owner, "/api/kammare/private-page/invitations/revoke", { profileId: id, invitationId }),
      404,
      "not_found",
    );
  });

  it("answers noindex for private and unlisted pages and keeps them out of the anonymous page cache", async () => {
    const { id, password } = await privatePage();
    const unlisted = await ownedPageWith(fixture, { ...livePage, metadata: { visibility: "unlisted" } });
    const open = await ownedPageWith(fixture, { ...livePage, metadata: { visibility: "public" } });
    for (const page of [id, unlisted.id]) {
      const { response } = await rule(`/k/${page}`, null);
      expect(response.headers.get("x-robots-tag")).toBe("noindex");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    const publicAnswer = (await rule(`/k/${open.id}`, null)).response;
    expect(publicAnswer.headers.get("x-robots-tag")).toBeNull();

    // The real page cache in front of the rule: a let-in visitor's render is never kept for the next.
    const pass = passOf(await enter(id, password, "192.0.2.50"), id);
    const cache = createPageCache();
    const page = (cookie?: string) =>
      cache.handle(
        new Request(`${siteOrigin}/k/${id}`, { headers: cookie ? { Cookie: cookie } : {} }),
        async () => {
          return (await rule(`/k/${id}`, null, cookie)).response;
        },
      );
    expect(await (await page(pass)).text()).toBe("content");
    expect(await (await page()).text()).toBe("door");
    expect(await (await page(pass)).text()).toBe("content");
    expect(cache.stats().entries).toBe(0);
    // A public page is kept, as before.
    await cache.handle(
      new Request(`${siteOrigin}/k/${open.id}`),
      async () => (await rule(`/k/${open.id}`, null)).response,
    );
    expect(cache.stats().entries).toBe(1);
  });

  it("lists public live pages only in /sitemap.xml, and robots.txt names it", async () => {
    const listed = await ownedPageWith(fixture, { ...livePage, metadata: { visibility: "public" } });
    const notListed = await Promise.all([
      ownedPageWith(fixture, { ...livePage, metadata: { visibility: "unlisted" } }),
      ownedPageWith(fixture, { ...livePage, metadata: { visibility: "private" } }),
      ownedPageWith(fixture, { status: "draft" }),
      ownedPageWith(fixture, { ...livePage, status: "expired" }),
      ownedPageWith(fixture, { ...livePage, status: "suspended" }),
      ownedPageWith(fixture, { ...livePage, status: "removed" }),
    ]);
    const sitemap = await app.request("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${siteOrigin}/k/${listed.id}</loc>`);
    for (const page of notListed) expect(xml).not.toContain(page.id);
    const robots = await app.request("/robots.txt");
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${siteOrigin}/sitemap.xml`);
  });

  it("logs no password and no pass", () => {
    accounts.expectNoSecretLogged(logs);
  });
});
