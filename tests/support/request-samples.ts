// Good requests for every call of contract/endpoints.ts, made from its schemas, for the tests that spoil
// them: bad-input.test.ts (text PostgreSQL cannot keep) and fuzz.test.ts (malformed requests of every
// kind). Also the world those requests need: a claimed profile with an uploaded image, and a partner.
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { expect } from "vitest";
import { z } from "zod";
import { uploadImageResponseSchema } from "../../contract/images";
import { createProfilesAnswerSchema } from "../../contract/profiles";
import { call, type Account, type TestApp } from "./accounts";
import type { ApiFixture } from "./api-fixture";

export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
};
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The JSON schema of a request (what a client may send), zod's refinements left out. */
export const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;

/** A PNG of the given size, one flat colour. */
export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
}

/** POST /api/kammare/images with these form fields and the image as a file. */
export function uploadImage(app: TestApp, token: string, fields: Record<string, string>, image: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("image", new File([new Uint8Array(image)], "photo.png", { type: "image/png" }));
  return app.request("/api/kammare/images", {
    method: "POST",
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
}

/** What good requests need besides the fixture's admin and customer (the owner). */
export type SampleWorld = {
  admin: Account;
  owner: Account;
  /** A profile the owner has claimed. */
  profileId: string;
  /** The address the upload call gave an image of that profile. */
  imageUrl: string;
  /** A partner with an organisation, for the partner area's calls. */
  partnerToken: string;
};

/** Makes the world (call it in a beforeAll): the owner's profile and image, a whitelisted partner. */
export async function makeSampleWorld(
  fixture: Pick<ApiFixture, "app" | "accounts" | "admin" | "customer">,
): Promise<SampleWorld> {
  const { app, accounts, admin, customer: owner } = fixture;
  const created = await call(app, "/api/admin/profiles", { bearer: admin.token, json: { count: 1 } });
  expect(created.status).toBe(201);
  const [profile] = createProfilesAnswerSchema.parse(await created.json()).profiles;
  const profileId = profile?.id as string;
  const claimed = await call(app, "/api/kammare/own", {
    bearer: owner.token,
    json: { owner: owner.id, profileId },
  });
  expect(claimed.status).toBe(200);
  const uploaded = await uploadImage(app, owner.token, { profileId, kind: "portrait" }, await png(40, 40));
  expect(uploaded.status).toBe(201);
  const imageUrl = uploadImageResponseSchema.parse(await uploaded.json()).image.url;
  const partnerEmail = accounts.email("partner");
  const listed = await call(app, "/api/admin/partner-whitelist", {
    bearer: admin.token,
    json: { email: partnerEmail, partnerName: "Sweep Partner" },
  });
  expect(listed.status).toBe(201);
  const signedUp = await call(app, "/api/partner/signup", {
    json: { email: partnerEmail, password: accounts.password() },
  });
  expect(signedUp.status).toBe(201);
  const partnerToken = accounts.secret(
    ((await signedUp.json()) as { session: { access_token: string } }).session.access_token,
  );
  return { admin, owner, profileId, imageUrl, partnerToken };
}

/** The token a call's area wants: the owner's for /api/kammare/, the partner's for /api/partner/, else the admin's. */
export function bearerFor(world: SampleWorld, path: string): string {
  if (path.startsWith("/api/kammare/")) return world.owner.token;
  if (path.startsWith("/api/partner/")) return world.partnerToken;
  return world.admin.token;
}

/** Good values where the shape alone does not say: ids of real rows, real addresses. */
function knownValue(world: SampleWorld, path: string[]): string | undefined {
  const { admin, owner, profileId, imageUrl } = world;
  const known: Record<string, string> = {
    "user.id": admin.id,
    "user.email": admin.email,
    access_token: admin.token,
    id: profileId,
    profileId,
    owner: owner.id,
    userId: owner.id,
    email: owner.email,
    ownerEmail: owner.email,
    themeColor: "#336699",
    portraitImageUrl: imageUrl,
    coverImageUrl: imageUrl,
    url: "https://example.se/album",
    name: "Kalle",
    // A place in a page's list of memories (contract/memories.ts), so the other parameters are tried alone.
    before: "2026-01-01T00:00:00.123456Z_0b9d6d52-8f4e-4d43-9a59-6c1f4c8f2f3e",
  };
  return known[path.slice(-2).join(".")] ?? known[path.at(-1) ?? ""];
}

/** Good-looking bodies for a JSON schema: one per option of a union, every optional field filled. */
export function samples(world: SampleWorld, schema: JsonSchema, path: string[] = []): Json[] {
  if (schema.oneOf) return schema.oneOf.flatMap((option) => samples(world, option, path));
  if (schema.anyOf) {
    const option = schema.anyOf.find((candidate) => candidate.type !== "null");
    return option ? samples(world, option, path) : [null];
  }
  if (schema.const !== undefined) return [schema.const as Json];
  if (schema.enum) return [schema.enum[0] as Json];
  switch (schema.type) {
    case "object": {
      let bodies: { [key: string]: Json }[] = [{}];
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        const values = samples(world, property, [...path, key]);
        bodies = bodies.flatMap((body) => values.map((value) => ({ ...body, [key]: value })));
      }
      return bodies;
    }
    case "array":
      return samples(world, schema.items ?? {}, [...path, "0"]).map((item) => [item]);
    case "integer":
    case "number":
      return [schema.minimum ?? 1];
    case "boolean":
      return [true];
    case "string": {
      const known = knownValue(world, path);
      if (known !== undefined) return [known];
      if (schema.format === "uuid") return [randomUUID()];
      return ["x".repeat(Math.max(schema.minLength ?? 1, 1))];
    }
    default:
      return [schema.default === undefined ? "x" : (schema.default as Json)];
  }
}

/** The path of every field of a body (objects, arrays and what they hold), each before what it holds. */
export function fieldPaths(value: Json, path: string[] = []): string[][] {
  const children: [string, Json][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : value && typeof value === "object"
      ? Object.entries(value)
      : [];
  return children.flatMap(([key, item]) => [[...path, key], ...fieldPaths(item, [...path, key])]);
}

/** The value at a path of a body; undefined where there is none. */
export function valueAt(body: Json, path: string[]): Json | undefined {
  let value: Json | undefined = body;
  for (const key of path) {
    value = value && typeof value === "object" ? (value as Record<string, Json>)[key] : undefined;
  }
  return value;
}

/** Every string in a body, by its path. */
export const stringPaths = (body: Json): string[][] =>
  fieldPaths(body).filter((path) => typeof valueAt(body, path) === "string");

/** A copy of the body with the value at `path` changed (`undefined`: the field removed). */
export function replacedAt(body: Json, path: string[], change: (old: Json) => Json | undefined): Json {
  if (path.length === 0) return change(body) ?? null;
  const copy = structuredClone(body);
  let holder = copy as Record<string, Json>;
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string, Json>;
  const last = path.at(-1) as string;
  const value = change(holder[last] as Json);
  if (value !== undefined) holder[last] = value;
  else if (Array.isArray(holder)) holder.splice(Number(last), 1);
  else delete holder[last];
  return copy;
}

/** A call's address with every `{parameter}` replaced by the value (written as is: encode it first). */
export const pathWith = (template: string, value: string | ((name: string) => string)) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => (typeof value === "string" ? value : value(name)));
