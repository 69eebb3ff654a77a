// Bad input is the client's mistake, never a 500: text PostgreSQL cannot keep (U+0000, a lone UTF-16
// surrogate) in any field, %00 or a broken escape in an API path or query, images of impossible
// proportions, and image fields that point anywhere but an uploaded image. Ends with a sweep of every
// call of the contract's list, so a new call is covered without anyone writing its test. Pages with
// bad text in their address and query: tests/api/page-bad-input.test.ts (every page of the route table),
// tests/e2e/errors.spec.ts and app/lib/readable-params.server.test.ts.
import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoints } from "../../contract/endpoints";
import { profileAnswerSchema } from "../../contract/profiles";
import type { ApiEnv } from "../../server/http/env";
import { ApiError, jsonError, readJson } from "../../server/http/errors";
import { call, expectError, siteOrigin } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import {
  bearerFor,
  jsonSchemaOf,
  makeSampleWorld,
  pathWith,
  png,
  replacedAt,
  samples,
  stringPaths,
  uploadImage as upload,
  type Json,
  type SampleWorld,
} from "../support/request-samples";

const nul = "\u0000";
const loneSurrogate = "\ud800";
/** The two kinds of text PostgreSQL cannot keep, as JSON sends them ("\u0000", "\ud800"). */
const unstorable = [
  { name: "U+0000", char: nul },
  { name: "a lone surrogate", char: loneSurrogate },
];
/** The same in an address: %00, and a lone surrogate's bytes, which are not UTF-8. */
const badEscapes = ["%00", "%ED%A0%80"];

describeOnEngines("bad input", (fixture) => {
  const { app, logs, accounts, admin, customer: owner } = fixture;
  let world: SampleWorld;
  let profileId: string;
  /** The address the upload call gave an image of the owner's profile. */
  let imageUrl: string;

  beforeAll(async () => {
    world = await makeSampleWorld(fixture);
    ({ profileId, imageUrl } = world);
  });

  const unhandled = () => logs.filter((line) => line.msg === "unhandled error");

  describe("text PostgreSQL cannot keep is a 400 naming the field", () => {
    // The fields the probe found reaching PostgreSQL, each with a call that is otherwise good.
    const cases: { name: string; field: string; send: (bad: string) => Promise<Response> }[] = [
      {
        name: "profile content",
        field: "profile.story",
        send: (bad) =>
          call(app, "/api/kammare/profile", {
            method: "PUT",
            bearer: owner.token,
            json: { profile: { id: profileId, story: `Once${bad}` } },
          }),
      },
      {
        name: "a link's label",
        field: "profile.links.0.label",
        send: (bad) =>
          call(app, "/api/kammare/profile", {
            method: "PUT",
            bearer: owner.token,
            json: { profile: { id: profileId, links: [{ label: `Album${bad}`, url: "https://e.se" }] } },
          }),
      },
      {
        name: "a walkthrough step",
        field: "displayName",
        send: (bad) =>
          call(app, "/api/kammare/walkthrough-steps", {
            bearer: owner.token,
            json: { profileId, step: "name", displayName: `Anna${bad}` },
          }),
      },
      {
        name: "a tag",
        field: "metadata.tags.0",
        send: (bad) =>
          call(app, "/api/kammare/profile-metadata", {
            method: "PUT",
            bearer: owner.token,
            json: { id: profileId, metadata: { tags: [`tag${bad}`] } },
          }),
      },
      {
        name: "a status reason",
        field: "reason",
        send: (bad) =>
          call(app, "/api/admin/profile", {
            method: "PUT",
            bearer: admin.token,
            json: { id: profileId, status: "draft", reason: `because${bad}` },
          }),
      },
      {
        name: "an owner's e-mail",
        field: "ownerEmail",
        send: (bad) =>
          call(app, "/api/admin/profiles", {
            bearer: admin.token,
            json: { count: 1, ownerEmail: `${owner.email}${bad}` },
          }),
      },
      {
        name: "a first name",
        field: "name",
        send: (bad) =>
          call(app, "/api/admin/first-names", { bearer: admin.token, json: { name: `Kalle${bad}` } }),
      },
      {
        name: "a password at sign-up",
        field: "password",
        send: (bad) =>
          call(app, "/api/auth/signup", {
            json: { email: accounts.email(), password: `long enough${bad}` },
          }),
      },
      {
        name: "an e-mail address at sign-in",
        field: "email",
        send: (bad) =>
          call(app, "/api/auth/login", {
            json: { type: "email", email: `${owner.email}${bad}`, password: owner.password },
          }),
      },
    ];

    for (const { name, field, send } of cases) {
      for (const kind of unstorable) {
        it(`${name} with ${kind.name}`, async () => {
          const body = await expectError(await send(kind.char), 400, "invalid_request", field);
          expect(body.error.fields?.[field]).toMatch(/U\+0000 or a lone UTF-16 surrogate/);
        });
      }
    }

    it("a lone surrogate's partner is fine: a whole pair (an emoji) is kept", async () => {
      const response = await call(app, "/api/kammare/profile", {
        method: "PUT",
        bearer: owner.token,
        json: { profile: { id: profileId, subtitle: "1931–2024 \ud83c\udf39" } },
      });
      expect(response.status).toBe(200);
      const { profile } = profileAnswerSchema.parse(await response.json());
      expect(profile.content.subtitle).toBe("1931–2024 🌹");
    });

    it("the JSON reader refuses such text even where a schema forgot to (a key too)", async () => {
      const careless = new Hono<ApiEnv>();
      careless.onError((error, c) => (error instanceof ApiError ? jsonError(c, error) : c.text("bug", 500)));
      careless.post("/", async (c) =>
        c.json(await readJson(c, z.object({ note: z.string(), extra: z.record(z.string(), z.number()) }))),
      );
      const send = (json: unknown) =>
        careless.request("/", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(json),
        });
      for (const { char } of unstorable) {
        await expectError(await send({ note: `a${char}`, extra: {} }), 400, "invalid_request", "note");
        await expectError(
          await send({ note: "a", extra: { [`k${char}`]: 1 } }),
          400,
          "invalid_request",
          "extra",
        );
      }
      expect((await send({ note: "fine", extra: { k: 1 } })).status).toBe(200);
    });
  });

  describe("%00 or a broken escape in a path or a query", () => {
    it("an API path answers 404 in the error shape (a first name's DELETE, a profile)", async () => {
      for (const escape of badEscapes) {
        await expectError(
          await call(app, `/api/admin/first-names/${escape}`, { method: "DELETE", bearer: admin.token }),
          404,
          "not_found",
        );
        await expectError(
          await call(app, `/api/admin/profiles/AB${escape}CD`, { bearer: admin.token }),
          404,
          "not_found",
        );
      }
    });

    it("an API query parameter answers 400 naming it (the list's search and cursor)", async () => {
      for (const escape of badEscapes) {
        for (const name of ["q", "cursor"]) {
          const response = await call(app, `/api/admin/profiles?${name}=a${escape}`, { bearer: admin.token });
          await expectError(response, 400, "invalid_request", name);
          expect(response.headers.get("cache-control")).toBe("no-store");
        }
      }
      // The same search written well still works.
      const good = await call(app, `/api/admin/profiles?q=${profileId}`, { bearer: admin.token });
      expect(good.status).toBe(200);
    });
  });

  describe("a body's character set", () => {
    it("refuses JSON said to be in another character set than UTF-8 with 415, and takes UTF-8 said either way", async () => {
      const send = (contentType: string, body: Uint8Array<ArrayBuffer>) =>
        app.request("/api/auth/login", { method: "POST", headers: { "Content-Type": contentType }, body });
      const login = JSON.stringify({
        type: "email",
        email: "nobody@example.com",
        password: "wrong-password",
      });
      for (const charset of ["utf-16", "UTF-16LE", '"iso-8859-1"', "latin1"]) {
        const refused = await send(
          `application/json; charset=${charset}`,
          new Uint8Array(Buffer.from(login, "utf16le")),
        );
        await expectError(refused, 415, "unsupported_charset");
      }
      for (const charset of ["utf-8", "UTF-8", '"utf-8"']) {
        const read = await send(`application/json; charset=${charset}`, new TextEncoder().encode(login));
        expect(read.status, charset).toBe(401);
      }
    });
  });

  describe("images", () => {
    it("a PNG of extreme proportions (1 × 100,000, 100,000 × 1) is a 400 naming image", async () => {
      for (const [width, height] of [
        [1, 100_000],
        [100_000, 1],
      ] as const) {
        for (const kind of ["portrait", "cover"]) {
          const response = await upload(app, owner.token, { profileId, kind }, await png(width, height));
          const body = await expectError(response, 400, "invalid_request", "image");
          expect(body.error.fields?.image).toMatch(/at most 20 times/);
        }
      }
      expect(unhandled()).toEqual([]);
    });

    it("a multipart profileId with U+0000 is a 400 naming it", async () => {
      const response = await upload(
        app,
        owner.token,
        { profileId: `${profileId}${nul}`, kind: "cover" },
        await png(40, 40),
      );
      await expectError(response, 400, "invalid_request", "profileId");
    });

    it("an image field takes the upload call's addresses and nothing else", async () => {
      const save = (portraitImageUrl: string) =>
        call(app, "/api/kammare/profile", {
          method: "PUT",
          bearer: owner.token,
          json: { profile: { id: profileId, portraitImageUrl } },
        });
      const small = imageUrl.replace(/-large\.webp$/, "-small.webp");
      for (const good of [imageUrl, small]) {
        const response = await save(good);
        expect(response.status, good).toBe(200);
        expect(profileAnswerSchema.parse(await response.json()).profile.content.portraitImageUrl).toBe(good);
      }
      const uuid = randomUUID();
      for (const bad of [
        "/uploads/../../api/health",
        `/uploads/${profileId}/../../api/health`,
        `/uploads/${profileId}/%2e%2e/${uuid}-large.webp`,
        `/uploads/${profileId}/${uuid}-large.webp/../../../api/health`,
        `/uploads\\${profileId}\\${uuid}-large.webp`,
        `/uploads/${profileId}/${uuid}-large.webp?x=1`,
        `/uploads/${profileId}/${uuid}-huge.webp`,
        `/uploads/${profileId}/${uuid}-large.png`,
        `/uploads/${profileId}/notes.webp`,
        `/uploads/nothing.webp`,
        `//evil.example/uploads/${profileId}/${uuid}-large.webp`,
        `https://evil.example/uploads/${profileId}/${uuid}-large.webp`,
        "https://example.se/portrait.webp",
        "/api/health",
      ]) {
        await expectError(await save(bad), 400, "invalid_request", "profile.portraitImageUrl");
      }
    });
  });

  describe("a sweep of every call in contract/endpoints.ts", () => {
    it("never answers 5xx: each text field with U+0000 or a lone surrogate, each parameter with %00", async () => {
      let requests = 0;
      for (const endpoint of endpoints) {
        const method = endpoint.method.toUpperCase();
        const bearer = bearerFor(world, endpoint.path);
        const label = `${method} ${endpoint.path}`;
        const send = async (path: string, json?: Json) => {
          requests += 1;
          // From the site's own pages, as a browser sends it: the visitors' posts require the Origin.
          return call(app, path, { method, bearer, json, origin: siteOrigin });
        };
        const goodPath = pathWith(endpoint.path, profileId);

        if (endpoint.request) {
          for (const body of samples(world, jsonSchemaOf(endpoint.request))) {
            for (const path of stringPaths(body)) {
              for (const { char, name } of unstorable) {
                const response = await send(
                  goodPath,
                  replacedAt(body, path, (old) => `${old as string}${char}`),
                );
                const field = path.join(".");
                expect(response.status, `${label} ${field} with ${name}`).toBe(400);
                await expectError(response, 400, "invalid_request", field);
              }
            }
          }
        }
        for (const escape of badEscapes) {
          if (/\{\w+\}/.test(endpoint.path)) {
            const response = await send(pathWith(endpoint.path, `a${escape}b`));
            expect(response.status, `${label} with the parameter ${escape}`).toBe(404);
            await expectError(response, 404, "not_found");
          }
          const names = Object.keys(endpoint.query?.shape ?? {});
          for (const name of [...names, "anything"]) {
            const response = await send(`${goodPath}?${name}=a${escape}`);
            expect(response.status, `${label} with ?${name}=${escape}`).toBe(400);
            await expectError(response, 400, "invalid_request", name);
          }
        }
      }
      expect(requests).toBeGreaterThan(100);
      expect(unhandled()).toEqual([]);
      const health = await call(app, "/api/health");
      expect(health.status).toBe(200);
    });
  });
});
