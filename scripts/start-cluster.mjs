// `npm run start:cluster`: the app on every core of this machine, one process each, sharing one port
// (node:cluster hands connections to the processes in turn). The processes share what must be shared
// through the PostgreSQL database (sessions, rate limits, the public-page cache's invalidations, one
// run of each scheduled sweep), so DATABASE_URL is required: the embedded database is one process's.
// WORKERS sets the number of processes (default: the cores). The first process starts alone (it
// migrates the database and, on the very first start, creates the admin), then the others.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { ensureBuild } from "./start.mjs";

if (cluster.isPrimary) {
  if (!process.env.DATABASE_URL) {
    console.error(
      "npm run start:cluster needs DATABASE_URL (a PostgreSQL database): the embedded database can " +
        "be opened by one process only. For one process on the embedded database: npm start",
    );
    process.exit(1);
  }
  const raw = process.env.WORKERS ?? String(availableParallelism());
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    console.error(`WORKERS must be a whole number from 1 to 64, got "${raw}"`);
    process.exit(1);
  }
  ensureBuild();

  let stopping = false;
  const fork = () => cluster.fork();
  const first = fork();
  first.once("listening", () => {
    for (let index = 1; index < count; index++) fork();
    console.log(`Serving on ${count} processes.`);
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A process that died is replaced, so the others keep serving meanwhile.
    console.error(`Process ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another.`);
    fork();
  });
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      stopping = true;
      // Each process finishes its requests and closes its database connections (server/serve.ts).
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  }
} else {
  await import("../server.js");
}
