// Listens on the configured port and shuts down gracefully on SIGTERM and SIGINT.
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import type { Hono } from "hono";
import type { Booted } from "./boot";
import { startBackups } from "./backup/schedule";
import { jobLocks, runExclusive } from "./db/exclusive";
import { refreshPlannerStatistics, statisticsEveryMs, vacuumEmbedded } from "./db/statistics";
import { runLifecycle } from "./domain/lifecycle";
import { retentionPeriods, sweepRetention } from "./domain/privacy";
import { outboxDir } from "./providers/email";
import { createInvoiceProvider } from "./providers/invoicing";
import { chargeKeptCard } from "./providers/payments/sandbox";
import type { SweepName } from "./metrics";

export type Running = { server: ServerType; port: number; stop: () => Promise<void> };

type ScheduledJob = {
  name: string;
  /** Its name in the metrics (kammare_sweeps_total). */
  sweep: SweepName;
  lockKey: number;
  everyMs: number;
  /** A first run soon after start, so a restart does not leave the work a whole interval behind. */
  firstAfterMs: number;
  work: () => Promise<void>;
};

/**
 * Every `everyMs`, one process of the site (whoever takes the job's advisory lock) runs the job; the
 * others skip that round. Answers the stop, which lets a run in progress finish first.
 */
function scheduleExclusive(
  { logger, database, metrics }: Pick<Booted, "logger" | "database" | "metrics">,
  job: ScheduledJob,
): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = runExclusive(database, job.lockKey, job.work).then(
      (ran) => {
        if (ran) metrics?.sweep(job.sweep, "ran");
      },
      (error: unknown) => {
        metrics?.sweep(job.sweep, "failed");
        logger.warn({ err: error }, `${job.name} failed`);
      },
    );
  };
  const timer = setInterval(run, job.everyMs);
  const first = setTimeout(run, job.firstAfterMs);
  timer.unref();
  first.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      clearTimeout(first);
      // A run in progress finishes before the database closes.
      await running;
    },
  };
}

/** The lifecycle sweep every LIFECYCLE_EVERY_SECONDS, one process at a time. Answers the stop. */
export function scheduleLifecycle(
  {
    config,
    logger,
    database,
    email,
    metrics,
  }: Pick<Booted, "config" | "logger" | "database" | "email" | "metrics">,
  options: { firstSweepAfterMs?: number } = {},
): { stop: () => Promise<void> } {
  // The sweep hands over invoices whose hand-over failed; made once, so a token is reused.
  const invoiceProvider = createInvoiceProvider(config);
  return scheduleExclusive(
    { logger, database, metrics },
    {
      name: "lifecycle sweep",
      sweep: "lifecycle",
      lockKey: jobLocks.lifecycle,
      everyMs: config.LIFECYCLE_EVERY_SECONDS * 1000,
      firstAfterMs: options.firstSweepAfterMs ?? 5_000,
      work: async () => {
        await runLifecycle({
          db: database.db,
          email,
          config,
          logger,
          invoiceProvider,
          // The sandbox's renewals are charged by the sweep; Stripe charges its own.
          charge: config.PAYMENT_PROVIDER === "sandbox" ? chargeKeptCard : undefined,
        });
      },
    },
  );
}

/** The retention sweep every RETENTION_SWEEP_EVERY_MINUTES, one process at a time. Answers the stop. */
export function scheduleRetention({
  config,
  logger,
  database,
  images,
  metrics,
}: Pick<Booted, "config" | "logger" | "database" | "images" | "metrics">): { stop: () => Promise<void> } {
  const deps = {
    db: database.db,
    images,
    // With SMTP nothing is kept here; the built-in provider's copies are.
    outboxDir: config.SMTP_URL ? null : outboxDir(config),
    periods: retentionPeriods(config),
  };
  return scheduleExclusive(
    { logger, database, metrics },
    {
      name: "retention sweep",
      sweep: "retention",
      lockKey: jobLocks.retention,
      everyMs: config.RETENTION_SWEEP_EVERY_MINUTES * 60 * 1000,
      firstAfterMs: 30_000,
      work: async () => {
        const removed = await sweepRetention(deps);
        if (Object.values(removed).some((count) => count > 0)) logger.info({ removed }, "retention sweep");
      },
    },
  );
}

/** How long an idle keep-alive connection stays open: longer than load balancers keep theirs (60 s). */
export const keepAliveMs = 65_000;

export function listen(
  app: { fetch: Hono["fetch"] },
  { config, logger, database, background, email, images, metrics }: Booted,
): Promise<Running> {
  return new Promise((resolve) => {
    const server = serve(
      { fetch: app.fetch, port: config.PORT, hostname: config.HOST },
      (info: AddressInfo) => {
        const url = config.PUBLIC_URL ?? `http://localhost:${info.port}`;
        logger.info({ url, port: info.port, database: database.kind }, "listening");
        const retention = scheduleRetention({ config, logger, database, images, metrics });
        // The embedded database has no autovacuum: ANALYZE now and then, or large lists get slow plans,
        // and VACUUM, or the space of deleted rows is never reused (on a server both are no-ops). One
        // after the other, and shutdown waits for the one running: closing the database under it can
        // take the process down.
        let maintaining: Promise<unknown> = Promise.resolve();
        const maintain = (name: string, task: typeof refreshPlannerStatistics) => () => {
          maintaining = maintaining
            .then(() => task(database))
            .catch((error: unknown) => logger.warn({ err: error }, `${name} failed`));
        };
        const analyze = maintain("refreshing planner statistics", refreshPlannerStatistics);
        const maintenance = [
          setInterval(analyze, statisticsEveryMs),
          setInterval(maintain("vacuum", vacuumEmbedded), config.VACUUM_EVERY_HOURS * 60 * 60 * 1000),
        ];
        for (const timer of maintenance) timer.unref();
        setImmediate(analyze);
        const lifecycle = scheduleLifecycle({ config, logger, database, email, metrics });
        // Scheduled backups, and on the embedded database `npm run backup`'s socket (ADR 030).
        const backups = startBackups({ config, logger, database, images });
        let stopping: Promise<void> | undefined;
        const stop = () =>
          (stopping ??= (async () => {
            logger.info("shutting down: no new connections, finishing requests in flight");
            for (const timer of maintenance) clearInterval(timer);
            await new Promise<void>((done) => {
              // close() waits for requests in flight; idle keep-alive sockets are closed at once.
              server.close(() => done());
              if ("closeIdleConnections" in server) server.closeIdleConnections();
            });
            // E-mails and other work started by finished requests complete before the database closes.
            await background.idle();
            await lifecycle.stop();
            await retention.stop();
            await (await backups).stop();
            await maintaining;
            await database.close();
            logger.info("stopped");
          })());
        resolve({ server, port: info.port, stop });
      },
    );
    // Node closes an idle keep-alive connection after 5 s; a client (or a load balancer, which keeps
    // them about 60 s) that sends on it just then gets ECONNRESET. Keeping them longer than the
    // clients do means the client closes first.
    if ("keepAliveTimeout" in server) {
      server.keepAliveTimeout = keepAliveMs;
      server.headersTimeout = keepAliveMs + 1000;
      // A video clip of up to 500 MB (ADR 040) takes longer than Node's 5 minutes to arrive on a
      // slow line; every other body is capped at a few MB (server/api/body-limits.ts).
      server.requestTimeout = 30 * 60 * 1000;
    }
  });
}

/** Stops on the first SIGTERM or SIGINT and exits 0 once requests in flight are done. */
export function stopOnSignals(running: Running, logger: Booted["logger"]): void {
  const onSignal = (signal: NodeJS.Signals) => {
    logger.info({ signal }, "signal received");
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
}
