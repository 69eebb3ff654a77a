// What opening the embedded database and a statement on it cost (ADR 048): a migrated database's image
// (the tests open one per block of tests) opened BENCH_OPENS (8) times in this process, and once cold in
// a fresh process, to its first answer; then BENCH_STATEMENTS (2,000) statements one after another
// (`select 1` as raw SQL, and a primary-key select through drizzle), with their mean time each. Beside
// the time, the CPU time the process spent (every thread's: the database's worker too), which a busy
// machine changes less than the time.
// `nice -n 19 npx tsx bench/embedded-open.ts`
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../server/db/client";
import { users } from "../server/db/schema";
import { migrateFromFiles } from "./lib/migrate-files.ts";

const opens = Number(process.env.BENCH_OPENS ?? 8);
const statements = Number(process.env.BENCH_STATEMENTS ?? 2000);
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

/** An image as the tests hand it over (tests/support/databases.ts): its bytes in one copy. */
function imageBlob(bytes: ArrayBuffer): Blob {
  return new (class extends Blob {
    override arrayBuffer(): Promise<ArrayBuffer> {
      return Promise.resolve(bytes.slice(0));
    }
  })();
}

/** The process's CPU time so far (all its threads), in ms. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Opens the image and waits for its first answer; answers the handle and the time and CPU it took. */
async function openImage(bytes: ArrayBuffer): Promise<{ handle: DatabaseHandle; ms: number; cpu: number }> {
  const started = performance.now();
  const cpuBefore = cpuMs();
  const handle = await openDatabase({ memory: true, image: imageBlob(bytes) });
  await handle.ping();
  return { handle, ms: performance.now() - started, cpu: cpuMs() - cpuBefore };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

if (process.argv[2] === "--open-once") {
  const bytes = new Uint8Array(await readFile(process.argv[3] as string)).buffer;
  const { handle, ms, cpu } = await openImage(bytes);
  await handle.close();
  process.stdout.write(`${JSON.stringify({ ms, cpu })}\n`);
  process.exit(0);
}

log("making the migrated image (initdb and the migrations)…");
const made = await openDatabase({ memory: true });
await migrateFromFiles(made);
await made.withConnection((connection) =>
  connection.exec(
    "insert into users (id, email, password_hash) values ('00000000-0000-4000-8000-000000000001', 'bench@example.com', 'x')",
  ),
);
const image = await (made.alone as NonNullable<DatabaseHandle["alone"]>)((session) => session.dumpDataDir());
const bytes = await image.arrayBuffer();
await made.close();

const times: number[] = [];
const cpus: number[] = [];
for (let round = 0; round < opens; round++) {
  const { handle, ms, cpu } = await openImage(bytes);
  times.push(ms);
  cpus.push(cpu);
  await handle.close();
}

const dir = await mkdtemp(path.join(os.tmpdir(), "kammare-open-"));
const file = path.join(dir, "image.tar");
await writeFile(file, new Uint8Array(bytes));
const cold = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, "--open-once", file], {
  encoding: "utf8",
});
await rm(dir, { recursive: true, force: true });
if (cold.status !== 0) throw new Error(`the cold open failed: ${cold.stderr}`);

const { handle } = await openImage(bytes);
/** A statement's mean time and CPU time, one after another, in µs. */
const perStatementUs = async (run: () => Promise<unknown>) => {
  for (let i = 0; i < 200; i++) await run();
  const started = performance.now();
  const cpuBefore = cpuMs();
  for (let i = 0; i < statements; i++) await run();
  const each = (ms: number) => ((ms / statements) * 1000).toFixed(0);
  return `${each(performance.now() - started)} µs (CPU ${each(cpuMs() - cpuBefore)} µs)`;
};
const raw = await perStatementUs(() => handle.withConnection((connection) => connection.query("select 1")));
const byKey = await perStatementUs(() =>
  handle.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, "00000000-0000-4000-8000-000000000001")),
);
const executed = await perStatementUs(() => handle.db.execute(sql`select ${1}::int as n`));
await handle.close();

const coldOpen = JSON.parse(cold.stdout.trim()) as { ms: number; cpu: number };
const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(" ");
console.log(`image: ${(bytes.byteLength / 1e6).toFixed(1)} MB; load average ${os.loadavg()[0]?.toFixed(2)}`);
console.log(
  `open from the image, this process (${opens}×): median ${median(times).toFixed(0)} ms (${list(times)}), CPU median ${median(cpus).toFixed(0)} ms (${list(cpus)})`,
);
console.log(
  `open from the image, a fresh process (WebAssembly compiled cold): ${coldOpen.ms.toFixed(0)} ms, CPU ${coldOpen.cpu.toFixed(0)} ms`,
);
console.log(`statements one after another (${statements}×), mean each:`);
console.log(`  select 1 (raw connection)     ${raw}`);
console.log(`  primary-key select (drizzle)  ${byKey}`);
console.log(`  db.execute(select $1::int)    ${executed}`);
