// Bad input (ADR 019): malformed requests for every call of contract/endpoints.ts, made by
// tests/support/fuzz.ts, each answered with a 4xx in the error shape, never a 5xx or a hang; the server
// answers afterwards, logged no unhandled error, and the database is as it was: a rejected request
// changed nothing. The short form sends 2,500 requests per database engine; the long form
// (`npm run fuzz`) as many as FUZZ_REQUESTS says, with a new seed each run. A failure names its seed:
// FUZZ_SEED=<seed> with the same FUZZ_REQUESTS replays the run, and FUZZ_ONLY="POST /api/auth/login"
// keeps the calls whose "METHOD path" contains that text (each call's cases do not depend on the others).
import { beforeAll, expect, it } from "vitest";
import { endpoints } from "../../contract/endpoints";
import { apiErrorSchema } from "../../contract/errors";
import type { DatabaseHandle } from "../../server/db/client";
import { call, type TestApp } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import {
  bodyKind,
  malformedRequests,
  Random,
  seedFor,
  systematicCount,
  type FuzzRequest,
  type FuzzTarget,
} from "../support/fuzz";
import {
  bearerFor,
  jsonSchemaOf,
  makeSampleWorld,
  samples,
  type Json,
  type SampleWorld,
} from "../support/request-samples";

const long = process.env.FUZZ_REQUESTS !== undefined;
const total = long ? Number(process.env.FUZZ_REQUESTS) : 2500;
const seed = Number(process.env.FUZZ_SEED ?? (long ? Math.floor(Math.random() * 2 ** 32) : 1502));
const only = process.env.FUZZ_ONLY;
const replay = `FUZZ_SEED=${seed}${long ? ` FUZZ_REQUESTS=${total}` : ""}${only ? ` FUZZ_ONLY="${only}"` : ""}`;
/** A request not answered in this time hangs. */
const hangMs = 15_000;

/**
 * Columns a rejected request may change, each with its reason; every other column of every table in
 * the public schema must be as it was.
 */
const changing: Record<string, string[]> = {
  // Any request with a token moves its session's last use and expiry (at most once a minute,
  // server/domain/accounts/sessions.ts), when it is authenticated: before the call reads its input.
  sessions: ["last_used_at", "expires_at"],
  // A language form whose only odd part is its return path is a good request (expect "survive" in
  // tests/support/fuzz.ts: it redirects home): it keeps the signed-in account's language.
  users: ["locale"],
};

/** Rows that may change all the same (a condition on the table's rows), each with its reason. */
const changingRows: Record<string, string> = {
  // A request that is not rejected may add a row: a GET with a query parameter it does not know is a
  // good one (expect "survive" in tests/support/fuzz.ts), so /api/kammare/account/export?anything=1
  // is an export, and each export is audited.
  audit_log: "action = 'account.export'",
  // An image upload counts against its limit once its fields are good, before the image is read
  // (server/domain/profiles/images.ts): the limit is on the work of reading it, so a garbage image counts too.
  rate_limit_counters: "key like 'image-upload:%'",
};

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Each table's row count and the md5 of its rows in order, without `changing` and `changingRows`. */
async function snapshot(handle: DatabaseHandle): Promise<Record<string, string>> {
  return handle.withConnection(async (connection) => {
    const columns = await connection.query<{ table_name: string; column_name: string }>(
      `select c.table_name, c.column_name from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
    );
    const tables = new Map<string, string[]>();
    for (const { table_name: table, column_name: column } of columns) {
      if (changing[table]?.includes(column)) continue;
      tables.set(table, [...(tables.get(table) ?? []), column]);
    }
    const state: Record<string, string> = {};
    for (const [table, kept] of tables) {
      const row = `row(${kept.map(quoted).join(", ")})::text`;
      const [result] = await connection.query<{ rows: string; digest: string }>(
        `select count(*)::text as rows, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest
           from ${quoted(table)}${changingRows[table] ? ` where not (${changingRows[table]})` : ""}`,
      );
      state[table] = `${result?.rows} rows, md5 ${result?.digest}`;
    }
    return state;
  });
}

/** What is wrong with an answer, or null. */
async function problem(request: FuzzRequest, response: Response): Promise<string | null> {
  const { status } = response;
  if (status < 400) {
    await response.arrayBuffer();
    return request.expect === "reject" ? `answered ${status}, not a 4xx` : null;
  }
  const text = await response.text();
  const excerpt = text.length > 300 ? `${text.slice(0, 300)}…` : text;
  if (status >= 500) return `answered ${status}: ${excerpt}`;
  if (!/^application\/json/.test(response.headers.get("content-type") ?? "")) {
    return `answered ${status} as ${response.headers.get("content-type")}, not JSON: ${excerpt}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `answered ${status} with JSON that does not parse: ${excerpt}`;
  }
  const parsed = apiErrorSchema.safeParse(body);
  if (!parsed.success || Object.keys(body as object).join() !== "error" || parsed.data.error.message === "") {
    return `answered ${status} not in the error shape: ${excerpt}`;
  }
  return null;
}

/** The request sent, or "hang" when no answer came in time. */
async function send(app: TestApp, request: FuzzRequest): Promise<Response | "hang"> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<"hang">((resolve) => {
    timer = setTimeout(() => resolve("hang"), hangMs);
  });
  try {
    return await Promise.race([
      app.request(request.path, { method: request.method, headers: request.headers, body: request.body }),
      hang,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function targets(world: SampleWorld): FuzzTarget[] {
  const stringValues = (value: Json | undefined) =>
    Object.fromEntries(Object.entries((value ?? {}) as Record<string, Json>).map(([k, v]) => [k, String(v)]));
  return endpoints
    .filter((endpoint) => !only || `${endpoint.method.toUpperCase()} ${endpoint.path}`.includes(only))
    .map((endpoint) => {
      const kind = bodyKind(endpoint);
      return {
        endpoint,
        bodies:
          kind === "json" && endpoint.request
            ? samples(world, jsonSchemaOf(endpoint.request))
            : kind === "multipart"
              ? [{ profileId: world.profileId, kind: "portrait" }]
              : [],
        query: endpoint.query ? stringValues(samples(world, jsonSchemaOf(endpoint.query))[0]) : {},
        parameter: (name) => (name === "provider" ? "sandbox" : world.profileId),
        bearer: bearerFor(world, endpoint.path),
        methods: endpoints
          .filter((other) => other.path === endpoint.path)
          .map((other) => other.method.toUpperCase()),
      };
    });
}

/** How many requests each call gets: its share of `total` by how many systematic cases it has. */
function quotas(all: FuzzTarget[]): number[] {
  const weights = all.map(systematicCount);
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((weight) => Math.max(5, Math.floor((total * weight) / sum)));
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (let index = 0; left > 0; index = (index + 1) % shares.length, left--)
    shares[index] = (shares[index] ?? 0) + 1;
  return shares;
}

describeOnEngines("malformed requests", (fixture) => {
  const { app, handle, logs } = fixture;
  let world: SampleWorld;
  let before: Record<string, string>;

  beforeAll(async () => {
    world = await makeSampleWorld(fixture);
    // A first name, so that a DELETE of an injection string has a row it must leave alone.
    const named = await call(app, "/api/admin/first-names", {
      bearer: world.admin.token,
      json: { name: "Kalle" },
    });
    expect(named.status).toBe(201);
    before = await snapshot(handle);
  });

  it(
    `answers each with a 4xx in the error shape, never a 5xx (${total} requests, seed ${seed})`,
    async () => {
      const all = targets(world);
      const shares = quotas(all);
      const statuses = new Map<string, number>();
      const kinds = new Map<string, number>();
      const failures: string[] = [];
      let sent = 0;
      const started = performance.now();
      for (const [index, target] of all.entries()) {
        const name = `${target.endpoint.method.toUpperCase()} ${target.endpoint.path}`;
        const requests = malformedRequests(target, new Random(seedFor(seed, name)));
        for (let count = 0; count < (shares[index] ?? 0); count++) {
          const request = requests.next().value as FuzzRequest;
          sent += 1;
          kinds.set(
            `${request.kind} (${request.expect})`,
            (kinds.get(`${request.kind} (${request.expect})`) ?? 0) + 1,
          );
          const response = await send(app, request);
          const status = response === "hang" ? "hang" : String(response.status);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          const wrong =
            response === "hang" ? `no answer in ${hangMs / 1000} s` : await problem(request, response);
          if (wrong) {
            const path = request.path.length > 160 ? `${request.path.slice(0, 160)}…` : request.path;
            failures.push(
              `${name} #${count} [${request.kind}] ${request.method} ${path}: ${request.what}: ${wrong}`,
            );
          }
          if (sent % 500 === 0 || response === "hang") {
            const health = await send(app, {
              ...request,
              method: "GET",
              path: "/api/health",
              headers: {},
              body: undefined,
            });
            if (health === "hang" || health.status !== 200) {
              failures.push(
                `the app stopped answering /api/health after request ${sent} (${name} #${count})`,
              );
              break;
            }
          }
        }
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const counts = (map: Map<string, number>) =>
        [...map]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, value]) => `${key}: ${value}`)
          .join(", ");
      const summary =
        `${sent} requests in ${seconds} s (replay: ${replay}); statuses ${counts(statuses)}; ` +
        `kinds ${counts(kinds)}`;
      if (long) console.info(`${fixture.engine.name}: ${summary}`);
      expect(sent).toBeGreaterThanOrEqual(Math.min(total, 1));
      expect(
        failures.length,
        `${failures.length} failed of ${summary}\n${failures.slice(0, 30).join("\n")}`,
      ).toBe(0);
    },
    long ? 3_600_000 : 120_000,
  );

  it("changed nothing in the database", async () => {
    expect(await snapshot(handle)).toEqual(before);
  });

  it("still answers, and logged no unhandled error", async () => {
    expect((await call(app, "/api/health")).status).toBe(200);
    const errors = logs.filter((line) => line.msg === "unhandled error" || Number(line.level) >= 50);
    expect(errors.slice(0, 5), `seed ${seed}`).toEqual([]);
  });
});
