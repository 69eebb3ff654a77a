// `npm run soak`: the long forms of issue 15, against the production build, on the embedded database
// and, when TEST_DATABASE_URL is set, on a scratch database of that PostgreSQL server.
// - load: a mixed workload (the public page /k/{id}, sign-in, the owner's edits, starting a card
//   checkout, the admin's profile list) from SOAK_CONNECTIONS (200) connections for SOAK_SECONDS (60):
//   every answer must be the one its request expects (sign-in: 200, or 429 once its limit is reached),
//   with throughput, p50/p99 latency and the app process's resident memory, sampled every second.
//   Targets: p99 < 100 ms; memory < 400 MB on the embedded database, < 200 MB on PostgreSQL.
// - crash: a writer storm (sign-ups, edits, card payments) while the app is killed with SIGKILL at
//   random moments SOAK_CRASHES (6) times and restarted on the same data; afterwards every write the
//   app acknowledged is there, and nothing is half-written (a paid order without its payment event or
//   subscription, a subscription without a paid order, a page active without a paid order).
// SOAK_PARTS=load,crash picks parts; SOAK_ENGINES=pglite,postgresql picks engines; SOAK_KINDS picks
// kinds of the load's mix ("public page,edit"); SOAK_PROFILE=DIR
// has the app write a CPU profile of the load there. Results go to bench/results/soak.json.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { loadServerBuild, type ServerBuild } from "./lib/list.ts";
import {
  cleanUpNow,
  ensureBuild,
  makeDataDir,
  removeDataDir,
  startApp,
  type Running,
} from "./lib/processes.ts";
import { benchOwner, benchProfileId, prepareProfileData } from "./lib/profile-page.ts";
import { decimal, table, writeJson } from "./lib/report.ts";

const log = (line: string) => process.stderr.write(`soak: ${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}
function list(name: string, allowed: string[]): string[] {
  const raw = process.env[name];
  const picked = raw ? raw.split(",").map((item) => item.trim()) : allowed;
  for (const item of picked) if (!allowed.includes(item)) throw new Error(`${name}: unknown "${item}"`);
  return picked;
}

const settings = {
  seconds: setting("SOAK_SECONDS", 60),
  connections: setting("SOAK_CONNECTIONS", 200),
  crashes: setting("SOAK_CRASHES", 6),
  writers: setting("SOAK_WRITERS", 8),
  parts: list("SOAK_PARTS", ["load", "crash"]),
  engines: list("SOAK_ENGINES", ["pglite", "postgresql"]).filter(
    (engine) => engine === "pglite" || process.env.TEST_DATABASE_URL,
  ),
};
const admin = { email: "soak-admin@example.com", password: "soak-admin-password-1" };
/** Pages of the bench owner in their trial: one per writer to edit, and many to pay for. */
const pagesPerWriter = 60;

// ---------------------------------------------------------------------------------------------------
// Where the data lives: a folder for the embedded database, a scratch database on the server.

type Place = {
  engine: string;
  /** The same place as the app is told it (DATA_DIR or DATABASE_URL) and as the database opens it. */
  dataDir?: string;
  url?: string;
  target: { dataDir: string } | { url: string };
  drop: () => Promise<void>;
};

async function newPlace(engine: string): Promise<Place> {
  if (engine === "pglite") {
    const dataDir = await makeDataDir();
    return { engine, dataDir, target: { dataDir }, drop: () => removeDataDir(dataDir) };
  }
  const server = process.env.TEST_DATABASE_URL as string;
  const name = `kammare_soak_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const address = new URL(server);
  address.pathname = `/${name}`;
  const url = address.toString();
  return {
    engine,
    url,
    target: { url },
    drop: async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

type Handle = Awaited<ReturnType<ServerBuild["openDatabase"]>>;
const open = (build: ServerBuild, place: Place): Promise<Handle> => build.openDatabase(place.target);

/** The bench page and owner, an admin, and trial pages for the writers (ids BENCH + 4 letters). */
async function seed(build: ServerBuild, place: Place, writers: number): Promise<string[]> {
  await prepareProfileData(build, place.target);
  const handle = await open(build, place);
  const alphabet = "ABCDEFGHJKMNPQRSTVWXYZ";
  const pages: string[] = [];
  for (let index = 0; index < writers * (pagesPerWriter + 1); index++) {
    let id = "SK";
    for (let rest = index, digit = 0; digit < 6; digit++, rest = Math.floor(rest / alphabet.length))
      id += alphabet[rest % alphabet.length];
    pages.push(id);
  }
  try {
    const passwordHash = await build.hashPassword(admin.password);
    await handle.withConnection(async (connection) => {
      await connection.query(
        `insert into users (email, password_hash, roles) values ($1, $2, array['customer','admin'])`,
        [admin.email, passwordHash],
      );
      const [owner] = await connection.query<{ id: string }>(`select id from users where email = $1`, [
        benchOwner.email,
      ]);
      await connection.query(
        `insert into profiles (id, status, owner_user_id, content, metadata, claimed_at)
         select id, 'trial', $1, '{"displayName":"Soak"}'::jsonb, '{"visibility":"public"}'::jsonb, now()
         from unnest($2::text[]) as id`,
        [owner?.id, pages],
      );
    });
  } finally {
    await handle.close();
  }
  return pages;
}

async function signIn(url: string, who: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ type: "email", ...who }),
  });
  const body = (await response.json()) as { session?: { access_token?: string } };
  if (response.status !== 200 || !body.session?.access_token)
    throw new Error(`signing ${who.email} in answered ${response.status}`);
  return body.session.access_token;
}

// ---------------------------------------------------------------------------------------------------
// Load.

/** Resident memory of a process, in MB (Linux). */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

type LoadResult = {
  engine: string;
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  unexpected: Record<string, number>;
  byKind: Record<string, Record<string, number>>;
  /** Per kind of request: its latencies' p50, p99 and maximum, in ms. */
  latencyByKind: Record<string, { p50: number; p99: number; max: number }>;
  errors: number;
  timeouts: number;
  errorsByKind: Record<string, number>;
  memoryMb: { afterWarmUp: number; peak: number; end: number; samples: number[] };
};

async function runLoadPart(build: ServerBuild, engine: string): Promise<LoadResult> {
  const place = await newPlace(engine);
  let app: Running | undefined;
  try {
    const pages = await seed(build, place, 1);
    // SOAK_PROFILE=DIR: the app writes a V8 CPU profile of the run there when it stops.
    const profile = process.env.SOAK_PROFILE;
    app = await startApp({
      dataDir: place.dataDir,
      databaseUrl: place.url,
      keepData: true,
      nodeArgs: profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [],
    });
    const pid = app.pid as number;
    const appUrl = app.url;
    const ownerToken = await signIn(app.url, benchOwner);
    const adminToken = await signIn(app.url, admin);
    const json = { "Content-Type": "application/json" };
    // What each connection asks in turn, with the answers each may get.
    const mix: { kind: string; expect: number[]; request: autocannon.Request }[] = [
      ...Array.from({ length: 4 }, () => ({
        kind: "public page",
        expect: [200],
        request: { method: "GET" as const, path: `/k/${benchProfileId}` },
      })),
      {
        kind: "admin list",
        expect: [200],
        request: {
          method: "GET",
          path: "/api/admin/profiles?limit=25",
          headers: { Authorization: `Bearer ${adminToken}` },
        },
      },
      {
        kind: "edit",
        expect: [200],
        request: {
          method: "PUT",
          path: "/api/kammare/profile",
          headers: { ...json, Authorization: `Bearer ${ownerToken}` },
          body: JSON.stringify({ profile: { id: benchProfileId, subtitle: "1931–2024 · nurse, singer" } }),
        },
      },
      {
        kind: "checkout",
        expect: [200],
        request: {
          method: "POST",
          path: "/api/checkout/card",
          headers: { ...json, Authorization: `Bearer ${ownerToken}` },
          body: JSON.stringify({ profileId: pages[0], plan: "monthly" }),
        },
      },
      {
        kind: "sign-in",
        expect: [200, 429],
        request: {
          method: "POST",
          path: "/api/auth/login",
          headers: json,
          body: JSON.stringify({ type: "email", ...benchOwner }),
        },
      },
    ];
    const byKind: Record<string, Record<string, number>> = {};
    const latencies: Record<string, number[]> = {};
    const unexpected: Record<string, number> = {};
    // SOAK_KINDS picks kinds of the mix, e.g. to measure what one kind alone costs.
    const kinds = list("SOAK_KINDS", [...new Set(mix.map((item) => item.kind))]);
    const requests = mix
      .filter((item) => kinds.includes(item.kind))
      .map(({ kind, expect, request }) => ({
        ...request,
        // Each connection has one request in flight: its context holds when that one was sent.
        setupRequest: (sent: autocannon.Request, context: object) => {
          (context as { sentAt?: number }).sentAt = performance.now();
          return sent;
        },
        onResponse: (status: number, _body: string, context: object) => {
          const sentAt = (context as { sentAt?: number }).sentAt ?? performance.now();
          (latencies[kind] ??= []).push(performance.now() - sentAt);
          const counts = (byKind[kind] ??= {});
          counts[status] = (counts[status] ?? 0) + 1;
          if (!expect.includes(status))
            unexpected[`${kind} ${status}`] = (unexpected[`${kind} ${status}`] ?? 0) + 1;
        },
      }));

    log(`${engine}: warming up for 5 s`);
    await autocannon({ url: app.url, connections: 20, duration: 5, requests });
    for (const key of Object.keys(byKind)) delete byKind[key];
    for (const key of Object.keys(latencies)) delete latencies[key];
    for (const key of Object.keys(unexpected)) delete unexpected[key];
    const afterWarmUp = residentMb(pid);
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(Math.round(residentMb(pid))), 1000);
    log(`${engine}: ${settings.connections} connections for ${settings.seconds} s`);
    const errorsByKind: Record<string, number> = {};
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const options = {
        url: appUrl,
        connections: settings.connections,
        duration: settings.seconds,
        timeout: 10,
        requests,
      };
      const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
      instance.on("reqError", (error: Error & { code?: string }) => {
        const key = error.code ?? error.message;
        errorsByKind[key] = (errorsByKind[key] ?? 0) + 1;
      });
    });
    clearInterval(sampler);
    return {
      engine,
      connections: settings.connections,
      seconds: result.duration,
      requests: result.requests.total,
      requestsPerSecond: result.requests.total / result.duration,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      unexpected,
      byKind,
      latencyByKind: Object.fromEntries(
        Object.entries(latencies).map(([kind, values]) => {
          const sorted = values.sort((a, b) => a - b);
          const at = (share: number) => Math.round(sorted[Math.floor(share * (sorted.length - 1))] ?? 0);
          return [kind, { p50: at(0.5), p99: at(0.99), max: at(1) }];
        }),
      ),
      errors: result.errors,
      timeouts: result.timeouts,
      // Connections autocannon closes when the time is up, with their requests unanswered: not errors.
      errorsByKind,
      memoryMb: {
        afterWarmUp: Math.round(afterWarmUp),
        peak: Math.max(...samples),
        end: samples.at(-1) ?? 0,
        samples,
      },
    };
  } finally {
    await app?.stop();
    await place.drop();
  }
}

// ---------------------------------------------------------------------------------------------------
// Crash safety.

type CrashResult = {
  engine: string;
  crashes: number;
  acknowledged: { signups: number; edits: number; payments: number };
  missing: string[];
  halfWritten: string[];
};

async function runCrashPart(build: ServerBuild, engine: string): Promise<CrashResult> {
  const place = await newPlace(engine);
  const pages = await seed(build, place, settings.writers);
  const acknowledged = {
    signups: [] as string[],
    /** Per edited page: the last subtitle acknowledged, and those sent after it with no answer. */
    edits: new Map<string, { acked?: string; unanswered: string[] }>(),
    payments: [] as string[],
  };
  let app: Running | undefined;
  let ownerToken = "";
  let running = true;

  async function writer(index: number) {
    const editPage = pages[index * (pagesPerWriter + 1)] as string;
    const payPages = pages.slice(index * (pagesPerWriter + 1) + 1, (index + 1) * (pagesPerWriter + 1));
    const edits = { acked: undefined as string | undefined, unanswered: [] as string[] };
    acknowledged.edits.set(editPage, edits);
    let step = 0;
    while (running) {
      const url = app?.url;
      if (!url) {
        await sleep(50);
        continue;
      }
      const bearer = { Authorization: `Bearer ${ownerToken}`, "Content-Type": "application/json" };
      const post = (path: string, body: unknown, headers: Record<string, string> = bearer, method = "POST") =>
        fetch(`${url}${path}`, {
          method,
          headers,
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(5000),
        });
      step += 1;
      try {
        const kind = step % 3;
        if (kind === 0) {
          const email = `soak-${index}-${step}-${randomBytes(3).toString("hex")}@example.com`;
          const response = await post(
            "/api/auth/signup",
            { email, password: "soak-password-123" },
            // Sign-up's limit is per address: each writer's sign-ups come from addresses of their own
            // (documentation addresses, in a header only), as many visitors' would.
            {
              "Content-Type": "application/json",
              "X-Forwarded-For": `203.0.113.${((index * 31 + step) % 250) + 1}`,
            },
          );
          if (response.status === 201) acknowledged.signups.push(email);
          await response.arrayBuffer();
        } else if (kind === 1) {
          const subtitle = `edit ${step}`;
          edits.unanswered.push(subtitle);
          const response = await post(
            "/api/kammare/profile",
            { profile: { id: editPage, subtitle } },
            bearer,
            "PUT",
          );
          if (response.status === 200) {
            edits.acked = subtitle;
            edits.unanswered = [];
          }
          await response.arrayBuffer();
        } else if (payPages.length > 0) {
          const profileId = payPages[0] as string;
          const started = await post("/api/checkout/card", { profileId, plan: "monthly" });
          const body = (await started.json()) as { order?: { orderNumber?: string } };
          if (started.status === 409) payPages.shift(); // paid in a round that was cut off
          const orderNumber = body.order?.orderNumber;
          if (started.status !== 200 || !orderNumber) continue;
          const paid = await post("/api/checkout/sandbox/pay", {
            orderNumber,
            cardNumber: "4242 4242 4242 4242",
            expiry: "12/39",
            cvc: "123",
            name: "Soak Test",
          });
          await paid.arrayBuffer();
          if (paid.status === 200) {
            acknowledged.payments.push(orderNumber);
            payPages.shift();
          }
        }
      } catch {
        // The app was killed under this request: not acknowledged, so nothing is expected of it.
      }
    }
  }

  const writers = Array.from({ length: settings.writers }, (_, index) => writer(index));
  try {
    for (let round = 0; round <= settings.crashes; round++) {
      app = await startApp({
        dataDir: place.dataDir,
        databaseUrl: place.url,
        keepData: true,
        env: { TRUST_PROXY: "on" },
      });
      ownerToken ||= await signIn(app.url, benchOwner);
      const stormMs = 1000 + Math.floor(Math.random() * 3000);
      await sleep(stormMs);
      if (round === settings.crashes) break;
      log(
        `${engine}: kill -9 after ${stormMs} ms (${round + 1}/${settings.crashes}); acknowledged so far: ` +
          `${acknowledged.signups.length} sign-ups, ${acknowledged.payments.length} payments`,
      );
      const dying = app;
      app = undefined;
      process.kill(dying.pid as number, "SIGKILL");
      await dying.stop();
    }
    running = false;
    await Promise.all(writers);
    await app?.stop();
    app = undefined;

    const handle = await open(build, place);
    const missing: string[] = [];
    const halfWritten: string[] = [];
    try {
      await handle.withConnection(async (connection) => {
        const users = await connection.query<{ email: string }>(
          `select email from users where email = any($1)`,
          [acknowledged.signups],
        );
        const found = new Set(users.map((row) => row.email));
        for (const email of acknowledged.signups) if (!found.has(email)) missing.push(`sign-up ${email}`);

        for (const [page, { acked, unanswered }] of acknowledged.edits) {
          const [row] = await connection.query<{ subtitle: string | null }>(
            `select content->>'subtitle' as subtitle from profiles where id = $1`,
            [page],
          );
          const stored = row?.subtitle ?? undefined;
          // The last acknowledged edit, or one sent after it whose answer a kill cut off.
          if (acked !== undefined && stored !== acked && !unanswered.includes(stored ?? ""))
            missing.push(`edit of ${page}: stored "${stored}", acknowledged "${acked}"`);
        }

        const paid = await connection.query<{ order_number: string; status: string }>(
          `select order_number, status from orders where order_number = any($1)`,
          [acknowledged.payments],
        );
        const paidNow = new Map(paid.map((row) => [row.order_number, row.status]));
        for (const order of acknowledged.payments)
          if (paidNow.get(order) !== "paid")
            missing.push(`payment ${order}: ${paidNow.get(order) ?? "no order"}`);

        const checks: [string, string][] = [
          [
            "a paid order without its payment event",
            `select o.order_number as what from orders o where o.status = 'paid'
             and not exists (select 1 from payment_events e where e.order_id = o.id)`,
          ],
          [
            "a paid order without its subscription",
            `select o.order_number as what from orders o where o.status = 'paid'
             and not exists (select 1 from subscriptions s where s.order_id = o.id)`,
          ],
          [
            "a subscription whose order is not paid",
            `select s.id::text as what from subscriptions s join orders o on o.id = s.order_id
             where o.status <> 'paid'`,
          ],
          [
            "an active page without a paid order",
            `select p.id as what from profiles p where p.status = 'active' and p.id <> '${benchProfileId}'
             and not exists (select 1 from orders o where o.profile_id = p.id and o.status = 'paid')`,
          ],
          [
            "a user without a password hash",
            `select email as what from users where password_hash = '' and deleted_at is null`,
          ],
        ];
        for (const [name, sql] of checks) {
          for (const row of await connection.query<{ what: string }>(sql))
            halfWritten.push(`${name}: ${row.what}`);
        }
      });
    } finally {
      await handle.close();
    }
    return {
      engine,
      crashes: settings.crashes,
      acknowledged: {
        signups: acknowledged.signups.length,
        edits: [...acknowledged.edits.values()].filter((edit) => edit.acked).length,
        payments: acknowledged.payments.length,
      },
      missing,
      halfWritten,
    };
  } finally {
    running = false;
    await Promise.allSettled(writers);
    await app?.stop();
    await place.drop();
  }
}

// ---------------------------------------------------------------------------------------------------

process.on("SIGINT", () => {
  cleanUpNow();
  process.exit(130);
});

await ensureBuild();
const build = await loadServerBuild();
const loads: LoadResult[] = [];
const crashes: CrashResult[] = [];
let failed = false;
for (const engine of settings.engines) {
  if (settings.parts.includes("load")) loads.push(await runLoadPart(build, engine));
  if (settings.parts.includes("crash")) crashes.push(await runCrashPart(build, engine));
}

if (loads.length > 0) {
  console.log(`\nLoad: ${settings.connections} connections, ${settings.seconds} s, mixed workload\n`);
  console.log(
    table(
      ["engine", "requests", "req/s", "p50 ms", "p99 ms", "unexpected", "errors", "RSS MB warm/peak/end"],
      loads.map((load) => [
        load.engine,
        String(load.requests),
        decimal(load.requestsPerSecond, 0),
        decimal(load.latencyP50Ms, 0),
        decimal(load.latencyP99Ms, 0),
        JSON.stringify(load.unexpected),
        String(load.errors + load.timeouts),
        `${load.memoryMb.afterWarmUp}/${load.memoryMb.peak}/${load.memoryMb.end}`,
      ]),
    ),
  );
  for (const load of loads) {
    const memoryTarget = load.engine === "pglite" ? 400 : 200;
    const correct = Object.keys(load.unexpected).length === 0 && load.errors + load.timeouts === 0;
    if (!correct) failed = true;
    console.log(
      `${load.engine}: answers ${correct ? "PASS" : "FAIL"}; p99 < 100 ms ${load.latencyP99Ms < 100 ? "PASS" : "MISSED"}; ` +
        `memory < ${memoryTarget} MB ${load.memoryMb.peak < memoryTarget ? "PASS" : "MISSED"}; ` +
        `errors ${JSON.stringify(load.errorsByKind)}; ` +
        `by kind ${JSON.stringify(load.byKind)}; latency by kind (p50/p99/max ms) ` +
        Object.entries(load.latencyByKind)
          .map(([kind, { p50, p99, max }]) => `${kind} ${p50}/${p99}/${max}`)
          .join(", "),
    );
  }
}
if (crashes.length > 0) {
  console.log(`\nCrash safety: ${settings.writers} writers, ${settings.crashes} kills with SIGKILL\n`);
  for (const crash of crashes) {
    const ok = crash.missing.length === 0 && crash.halfWritten.length === 0;
    if (!ok) failed = true;
    console.log(
      `${crash.engine}: acknowledged ${crash.acknowledged.signups} sign-ups, ${crash.acknowledged.edits} edited pages, ` +
        `${crash.acknowledged.payments} payments; missing ${crash.missing.length}, half-written ` +
        `${crash.halfWritten.length}: ${ok ? "PASS" : "FAIL"}`,
    );
    for (const line of [...crash.missing, ...crash.halfWritten].slice(0, 20)) console.log(`  ${line}`);
  }
}
await writeJson("bench/results/soak.json", { settings, loads, crashes });
process.exit(failed ? 1 : 0);
