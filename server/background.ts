// Work that continues after the answer is sent (e-mails, for one), tracked so that shutdown waits
// for it and tests can wait for it. Failures are logged, never thrown at anybody.
import type { Logger } from "./logger";

export type BackgroundTasks = {
  run(name: string, work: () => Promise<unknown>): void;
  /** Resolves once nothing runs any more (including work started while waiting). */
  idle(): Promise<void>;
};

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, work) {
      const task = work()
        .catch((error: unknown) => logger.error({ err: error, task: name }, "background task failed"))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
