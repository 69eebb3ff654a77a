// Listens on the configured port and shuts down gracefully on SIGTERM and SIGINT.
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import type { Hono } from "hono";
import type { Booted } from "./boot";
import { jobLocks, runExclusive } from "./db/exclusive";
import { refreshPlannerStatistics, statisticsEveryMs, vacuumEmbedded } from "./db/statistics";
import { runLifecycle } from "./domain/lifecycle";
import { retentionPeriods, sweepRetention } from "./domain/retention";
import { outboxDir } from "./providers/email";
import { createInvoiceProvider } from "./providers/invoicing";

export type Running = { server: ServerType; port: number; stop: () => Promise<void> };

export type ListenOptions = {
  /** Called after the lifecycle sweep changes a profile's status (drops its cached page at once). */
  onProfileChanged?: (id: string) => void;
};

/**
 * Every LIFECYCLE_EVERY_SECONDS, one process of the site (whoever takes the advisory lock) runs the
 * lifecycle sweep; the others skip that round. Answers the stop.
 */
export function scheduleLifecycle(
  { config, logger, database, email }: Pick<Booted, "config" | "logger" | "database" | "email">,
  options: ListenOptions & { firstSweepAfterMs?: number } = {},
): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  // The sweep hands over invoices whose hand-over failed; made once, so a token is reused.
  const invoiceProvider = createInvoiceProvider(config);
  const sweep = () => {
    running = runExclusive(database, jobLocks.lifecycle, async () => {
      await runLifecycle({
        db: database.db,
        email,
        config,
        onProfileChanged: options.onProfileChanged,
        logger,
        invoiceProvider,
      });
    }).catch((error: unknown) => logger.warn({ err: error }, "lifecycle sweep failed"));
  };
  const timer = setInterval(sweep, config.LIFECYCLE_EVERY_SECONDS * 1000);
  timer.unref();
  // A first sweep soon after start, so a restart does not leave a page a whole interval behind.
  const first = setTimeout(sweep, options.firstSweepAfterMs ?? 5_000);
  first.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      clearTimeout(first);
      // A sweep in progress finishes before the database closes.
      await running;
    },
  };
}

/**
 * Every RETENTION_SWEEP_EVERY_MINUTES, one process of the site runs the retention sweep; every
 * VACUUM_EVERY_HOURS the embedded database is vacuumed (a server has autovacuum). Answers the stop.
 */
export function scheduleRetention(
  { config, logger, database, images }: Pick<Booted, "config" | "logger" | "database" | "images">,
  options: { firstSweepAfterMs?: number } = {},
): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const deps = {
    db: database.db,
    images,
    // With SMTP nothing is kept here; the built-in provider's copies are.
    outboxDir: config.SMTP_URL ? null : outboxDir(config),
    periods: retentionPeriods(config),
  };
  const sweep = () => {
    running = runExclusive(database, jobLocks.retention, async () => {
      const removed = await sweepRetention(deps);
      if (Object.values(removed).some((count) => count > 0)) logger.info({ removed }, "retention sweep");
    }).catch((error: unknown) => logger.warn({ err: error }, "retention sweep failed"));
  };
  const vacuum = () => {
    running = running
      .then(() => vacuumEmbedded(database))
      .catch((error: unknown) => logger.warn({ err: error }, "vacuum failed"));
  };
  const timers = [
    setInterval(sweep, config.RETENTION_SWEEP_EVERY_MINUTES * 60 * 1000),
    setInterval(vacuum, config.VACUUM_EVERY_HOURS * 60 * 60 * 1000),
  ];
  const first = setTimeout(sweep, options.firstSweepAfterMs ?? 30_000);
  for (const timer of [...timers, first]) timer.unref();
  return {
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}

/** How long an idle keep-alive connection stays open: longer than load balancers keep theirs (60 s). */
export const keepAliveMs = 65_000;

export function listen(
  app: { fetch: Hono["fetch"] },
  { config, logger, database, background, email, images }: Booted,
  options: ListenOptions = {},
): Promise<Running> {
  return new Promise((resolve) => {
    const server = serve(
      { fetch: app.fetch, port: config.PORT, hostname: config.HOST },
      (info: AddressInfo) => {
        const url = config.PUBLIC_URL ?? `http://localhost:${info.port}`;
        logger.info({ url, port: info.port, database: database.kind }, "listening");
        const retention = scheduleRetention({ config, logger, database, images });
        // The embedded database has no autovacuum: ANALYZE now and then, or large lists get slow plans.
        // Each run is kept, so shutdown waits for it: closing the database under a running ANALYZE
        // can take the process down (seen under load right after start).
        let analyzing: Promise<unknown> = Promise.resolve();
        const analyze = () => {
          analyzing = analyzing
            .then(() => refreshPlannerStatistics(database))
            .catch((error: unknown) => logger.warn({ err: error }, "refreshing planner statistics failed"));
        };
        const statistics = setInterval(analyze, statisticsEveryMs);
        statistics.unref();
        setImmediate(analyze);
        const lifecycle = scheduleLifecycle({ config, logger, database, email }, options);
        let stopping: Promise<void> | undefined;
        const stop = () =>
          (stopping ??= (async () => {
            logger.info("shutting down: no new connections, finishing requests in flight");
            clearInterval(statistics);
            await new Promise<void>((done) => {
              // close() waits for requests in flight; idle keep-alive sockets are closed at once.
              server.close(() => done());
              if ("closeIdleConnections" in server) server.closeIdleConnections();
            });
            // E-mails and other work started by finished requests complete before the database closes.
            await background.idle();
            await lifecycle.stop();
            await retention.stop();
            await analyzing;
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
