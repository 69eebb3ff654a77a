// The admin profile list at scale: a fresh database with 1,000,000 profiles (and 20,000 owners) made
// with generate_series, then listProfiles timed for the pages an admin opens: the first page in each
// sort, a page reached by following the cursor, a page in the middle, a status filter, searches by id
// prefix and by owner e-mail. Runs the build's own code (migrations are bundled; see server/index.ts).
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import pg from "pg";
import type { AdminProfileListQuery } from "../../contract/profiles";
import { historyTtlMs } from "../../server/domain/dashboard";
import type * as ServerEntry from "../../server/index";
import { makeDataDir, removeDataDir, serverEntry } from "./processes.ts";

export type ServerBuild = Pick<
  typeof ServerEntry,
  "openDatabase" | "migrate" | "listProfiles" | "hashPassword" | "adminDashboard" | "exportAccountData"
>;
type Handle = Awaited<ReturnType<ServerBuild["openDatabase"]>>;

export async function loadServerBuild(): Promise<ServerBuild> {
  const module = (await import(pathToFileURL(serverEntry).href)) as Partial<ServerBuild>;
  if (
    !module.openDatabase ||
    !module.migrate ||
    !module.listProfiles ||
    !module.hashPassword ||
    !module.adminDashboard ||
    !module.exportAccountData
  ) {
    throw new Error(
      "build/server/index.js does not export openDatabase, migrate, listProfiles, hashPassword, " +
        "adminDashboard and exportAccountData; rebuild",
    );
  }
  return module as ServerBuild;
}

export const profileIdAlphabetSql = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const owners = 20_000;

/**
 * SQL for the 8-character id of series number `n`: n scrambled by an odd multiplier modulo 2^40
 * (a bijection, so unique), written in the profile alphabet, 5 bits per character.
 */
function idSql(n: string): string {
  const x = `((${n} * 2654435761 + 12345) & 1099511627775)`;
  const chars = Array.from(
    { length: 8 },
    (_, position) => `substr('${profileIdAlphabetSql}', ((${x} >> ${35 - 5 * position}) & 31)::int + 1, 1)`,
  );
  return chars.join(" || ");
}

/** The status mix of a grown site: many printed, unclaimed plaques; most claimed ones live. */
const statusCase = `case
  when h < 35 then 'unclaimed' when h < 45 then 'draft' when h < 55 then 'trial'
  when h < 60 then 'extended_trial' when h < 85 then 'active' when h < 90 then 'past_due'
  when h < 97 then 'expired' else 'suspended' end`;

/** Inserts profiles first..last (inclusive) in one statement. */
function profilesBatchSql(first: number, last: number): string {
  // Plaques are made in batches, so 250 profiles share one created_at (ties broken by id); spread
  // over about three years. Owners: 20,000 users, each with about 33 claimed profiles.
  // Claims (and the trials that start with them) spread over the three years up to now, about 600 a
  // day, so the dashboard's days and month hold what a grown site's do.
  return `insert into profiles (id, status, owner_user_id, content, metadata, created_at, updated_at,
      claimed_at, trial_started_at, extended_trial_started_at)
    select id, status,
      case when status = 'unclaimed' then null else md5('owner' || (1 + (x >> 3) % ${owners}))::uuid end,
      case when status = 'unclaimed' then '{}'::jsonb
        else jsonb_build_object('displayName', 'Person ' || n) end,
      '{}'::jsonb, created_at,
      created_at + make_interval(secs => (n * 7919) % 3000000),
      claimed_at,
      case when status in ('trial', 'active', 'past_due', 'expired') then claimed_at end,
      case when status = 'extended_trial' then claimed_at end
    from (select *, case when status = 'unclaimed' then null
        else now() - make_interval(secs => (n * 7919) % 94000000) end as claimed_at from (
      select n, ((n * 2654435761 + 12345) & 1099511627775) as x, ${idSql("n")} as id,
        ${statusCase} as status,
        timestamptz '2023-01-01T00:00:00Z' + make_interval(secs => (n / 250) * 250 * 94) as created_at
      from (select n, (n * 40503) % 100 as h from generate_series(${first}::bigint, ${last}::bigint) n) s
    ) t) c`;
}

function ownersSql(): string {
  return `insert into users (id, email, password_hash, roles, created_at)
    select md5('owner' || i)::uuid, 'owner' || i || '@example.com', 'not-a-hash', array['customer'],
      now() - make_interval(secs => (i * 4711) % 94000000)
    from generate_series(1, ${owners}) i`;
}

/** One paid order for each paying page (active, past due, expired), two weeks after its claim. */
function ordersSql(): string {
  return `insert into orders (order_number, profile_id, customer_user_id, method, plan, amount_ore, net_ore,
      vat_ore, vat_rate_percent, status, provider, created_at, paid_at)
    select 'KM-' || lpad(row_number() over (order by id)::text, 7, '0'), id, owner_user_id,
      case when ascii(id) % 3 = 0 then 'invoice' else 'card' end, 'yearly', 49000, 39200, 9800, 25,
      'paid', case when ascii(id) % 3 = 0 then 'invoice' else 'sandbox' end,
      least(claimed_at + interval '14 days', now()), least(claimed_at + interval '14 days', now())
    from profiles where status in ('active', 'past_due', 'expired')`;
}

export type SeedResult = { profiles: number; seconds: number; analyzeSeconds: number };

/** Fills a migrated, empty database with `count` profiles in batches; runs ANALYZE afterwards. */
export async function seedProfiles(
  handle: Handle,
  count: number,
  log: (line: string) => void,
  { batch = 100_000, analyze = true } = {},
): Promise<SeedResult> {
  const started = performance.now();
  await handle.withConnection(async (connection) => {
    await connection.exec(ownersSql());
    for (let first = 1; first <= count; first += batch) {
      const last = Math.min(count, first + batch - 1);
      await connection.exec(profilesBatchSql(first, last));
      log(
        `list: ${last.toLocaleString("en-US")} profiles (${Math.round((performance.now() - started) / 1000)} s)`,
      );
    }
    await connection.exec(ordersSql());
  });
  const seeded = performance.now();
  // Fresh statistics, as autovacuum would have them on a server. The embedded database has no
  // autovacuum; see the bench README on what that means for the plans.
  if (analyze) await handle.withConnection((connection) => connection.exec("analyze"));
  return {
    profiles: count,
    seconds: (seeded - started) / 1000,
    analyzeSeconds: (performance.now() - seeded) / 1000,
  };
}

export type ListCase = { name: string; query: AdminProfileListQuery };

export type CaseResult = {
  name: string;
  runs: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  rows: number;
  total: number;
  passed: boolean;
};

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

const base: AdminProfileListQuery = { limit: 50, sort: "created_desc" };

/** A cursor as listProfiles writes them, for a row deep in the list (it is opaque to clients). */
function cursorFor(v: string, id: string): string {
  return Buffer.from(JSON.stringify({ v, id })).toString("base64url");
}

/** The cases: fixed queries, plus cursors found by following pages and one in the middle. */
export async function listCases(build: ServerBuild, handle: Handle, count: number): Promise<ListCase[]> {
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const result = await build.listProfiles(handle.db, { ...base, cursor: cursor ?? undefined });
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  const [middle] = await handle.withConnection((connection) =>
    connection.query<{ v: string; id: string }>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as v, id
       from profiles order by created_at desc, id desc offset $1 limit 1`,
      [Math.floor(count / 2)],
    ),
  );
  const [someId] = await handle.withConnection((connection) =>
    connection.query<{ id: string }>("select id from profiles order by id offset $1 limit 1", [
      Math.floor(count / 3),
    ]),
  );
  const id = someId?.id ?? "7K3M9QPZ";
  const cases: ListCase[] = [
    { name: "first page, newest first (default)", query: base },
    { name: "first page, oldest first", query: { ...base, sort: "created_asc" } },
    { name: "first page, recently updated", query: { ...base, sort: "updated_desc" } },
    { name: "first page, by id", query: { ...base, sort: "id_asc" } },
  ];
  if (cursor) cases.push({ name: "page 21 (cursor followed 20 times)", query: { ...base, cursor } });
  if (middle) {
    cases.push({
      name: "a page in the middle (cursor)",
      query: { ...base, cursor: cursorFor(middle.v, middle.id) },
    });
  }
  cases.push(
    { name: "status active, newest first", query: { ...base, status: "active" } },
    { name: "status suspended (3 %), newest first", query: { ...base, status: "suspended" } },
    { name: "status trial, recently updated", query: { ...base, status: "trial", sort: "updated_desc" } },
    { name: "status draft, by id", query: { ...base, status: "draft", sort: "id_asc" } },
    { name: `id prefix "${id.slice(0, 1)}" (1/32 of all)`, query: { ...base, q: id.slice(0, 1) } },
    { name: `id prefix "${id.slice(0, 2)}"`, query: { ...base, q: id.slice(0, 2) } },
    { name: `id prefix "${id.slice(0, 5)}"`, query: { ...base, q: id.slice(0, 5) } },
    { name: "owner e-mail owner4242@example.com", query: { ...base, q: "owner4242@example.com" } },
    { name: 'owner e-mail prefix "owner42@" (1 owner)', query: { ...base, q: "owner42@" } },
    { name: 'owner e-mail prefix "owner1@ex"', query: { ...base, q: "owner1@ex" } },
  );
  return cases;
}

/** Times each case `runs` times (after `warmup` untimed runs), interleaving nothing: one case at a time. */
export async function timeCases(
  build: ServerBuild,
  handle: Handle,
  cases: ListCase[],
  { runs = 50, warmup = 3, targetP95Ms = 50 } = {},
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const listCase of cases) {
    let last = await build.listProfiles(handle.db, listCase.query);
    for (let i = 1; i < warmup; i++) last = await build.listProfiles(handle.db, listCase.query);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      last = await build.listProfiles(handle.db, listCase.query);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p95Ms = percentile(times, 0.95);
    results.push({
      name: listCase.name,
      runs,
      medianMs: percentile(times, 0.5),
      p95Ms,
      maxMs: times.at(-1) ?? 0,
      rows: last.profiles.length,
      total: last.total,
      passed: p95Ms < targetP95Ms,
    });
  }
  return results;
}

/**
 * The admin dashboard on the same database, against a primary-key lookup timed alongside: warm (its
 * finished days counted already, as for every load within 10 minutes of another) and cold (every day
 * counted again, as for the first load in a while).
 */
export type DashboardResult = {
  runs: number;
  medianMs: number;
  p95Ms: number;
  coldMedianMs: number;
  coldP95Ms: number;
  /** One profile by its id: the cheapest query the app makes, as the floor. */
  baselineMedianMs: number;
  /** medianMs / baselineMedianMs. */
  ratio: number;
  /** What the dashboard counted this month, so the figures are known not to be empty. */
  claimsThisMonth: number;
  paidThisMonth: number;
  passed: boolean;
};

export async function timeDashboard(
  build: ServerBuild,
  handle: Handle,
  { runs = 30, warmup = 3, targetP95Ms = 50 } = {},
): Promise<DashboardResult> {
  const [some] = await handle.withConnection((connection) =>
    connection.query<{ id: string }>("select id from profiles order by id offset 1000 limit 1"),
  );
  const lookup = () =>
    handle.withConnection((connection) =>
      connection.query("select id, status from profiles where id = $1", [some?.id ?? ""]),
    );
  const timed = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  // Cold: each run a moment past the last one's history, so every day is counted again.
  const start = Date.now();
  const cold: number[] = [];
  for (let i = 0; i < Math.min(runs, 10); i++) {
    const at = new Date(start + (i + 1) * (historyTtlMs + 1));
    cold.push(await timed(() => build.adminDashboard(handle.db, at)));
  }
  let last = await build.adminDashboard(handle.db);
  for (let i = 1; i < warmup; i++) {
    last = await build.adminDashboard(handle.db);
    await lookup();
  }
  const times: number[] = [];
  const baseline: number[] = [];
  // Alternating, so both see the same machine.
  for (let i = 0; i < runs; i++) {
    times.push(await timed(async () => (last = await build.adminDashboard(handle.db))));
    baseline.push(await timed(lookup));
  }
  for (const list of [times, baseline, cold]) list.sort((a, b) => a - b);
  const medianMs = percentile(times, 0.5);
  const baselineMedianMs = percentile(baseline, 0.5);
  const p95Ms = percentile(times, 0.95);
  return {
    runs,
    medianMs,
    p95Ms,
    coldMedianMs: percentile(cold, 0.5),
    coldP95Ms: percentile(cold, 0.95),
    baselineMedianMs,
    ratio: medianMs / Math.max(baselineMedianMs, 0.001),
    claimsThisMonth: last.figures.claims.month,
    paidThisMonth: last.figures.conversions.month,
    passed: p95Ms < targetP95Ms,
  };
}

export type ListBench = {
  engine: "embedded" | "server";
  profiles: number;
  seedSeconds: number;
  analyzeSeconds: number;
  cases: CaseResult[];
  dashboard: DashboardResult;
};

type ListBenchOptions = {
  profiles: number;
  runs: number;
  targetP95Ms: number;
  engine: "embedded" | "server";
  /** For the server engine: a PostgreSQL URL where a scratch database may be created and dropped. */
  serverUrl?: string;
};

/** A scratch database on the server: created for the run, dropped after. */
async function scratchServerDatabase(serverUrl: string) {
  const name = `kammare_bench_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Seeds a fresh database with `profiles` profiles and times the admin list's queries on it. */
export async function runListBench(
  build: ServerBuild,
  options: ListBenchOptions,
  log: (line: string) => void,
): Promise<ListBench> {
  let cleanUp: () => Promise<void>;
  let handle: Handle;
  if (options.engine === "server") {
    if (!options.serverUrl) throw new Error("the server engine needs a URL");
    const scratch = await scratchServerDatabase(options.serverUrl);
    handle = await build.openDatabase({ url: scratch.url });
    cleanUp = scratch.drop;
  } else {
    const dataDir = await makeDataDir();
    handle = await build.openDatabase({ dataDir });
    cleanUp = () => removeDataDir(dataDir);
  }
  try {
    log(`list (${options.engine}): migrating, then ${options.profiles.toLocaleString("en-US")} profiles…`);
    await build.migrate(handle);
    const seeded = await seedProfiles(handle, options.profiles, (line) => log(`${line} (${options.engine})`));
    log(`list (${options.engine}): timing the queries…`);
    const cases = await listCases(build, handle, options.profiles);
    const results = await timeCases(build, handle, cases, {
      runs: options.runs,
      targetP95Ms: options.targetP95Ms,
    });
    log(`list (${options.engine}): timing the admin dashboard…`);
    const dashboard = await timeDashboard(build, handle, { targetP95Ms: options.targetP95Ms });
    return {
      engine: options.engine,
      profiles: options.profiles,
      seedSeconds: seeded.seconds,
      analyzeSeconds: seeded.analyzeSeconds,
      cases: results,
      dashboard,
    };
  } finally {
    await handle.close();
    await cleanUp();
  }
}
