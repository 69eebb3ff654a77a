// The suite has one admin account, used by tests in parallel workers. Changing its password ends its
// other sessions, which would sign out every other test using it at that moment. So tests share the
// admin (many at once) or hold it alone (the password change), through a lock in the run's data folder.
import { access, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { e2eDataDir } from "./ports";

type Mode = "shared" | "exclusive";

const root = path.join(e2eDataDir, "admin-lock");
const mutex = path.join(root, "mutex");
const readers = path.join(root, "readers");
const writer = path.join(root, "writer");
const writerWaiting = path.join(root, "writer-waiting");
// A worker runs one test at a time, so the process id names the holder.
const me = String(process.pid);
let held: Mode | null = null;
// Bumped when a test ends, so a wait the test gave up on (its timeout) stops instead of taking the lock.
let generation = 0;
let waitingAsWriter = false;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const exists = (target: string) =>
  access(target).then(
    () => true,
    () => false,
  );

async function withMutex<T>(work: () => Promise<T>): Promise<T> {
  await mkdir(readers, { recursive: true });
  // mkdir is atomic: whoever creates the folder holds the mutex.
  for (;;) {
    try {
      await mkdir(mutex);
      break;
    } catch {
      await sleep(10);
    }
  }
  try {
    return await work();
  } finally {
    await rm(mutex, { recursive: true, force: true });
  }
}

/** Waits until this test may use the admin: with others (shared) or alone (exclusive). */
export async function holdAdmin(mode: Mode): Promise<void> {
  if (held === mode || held === "exclusive") return;
  const started = generation;
  if (mode === "exclusive") waitingAsWriter = true;
  for (;;) {
    if (generation !== started) return;
    const granted = await withMutex(async () => {
      const writing = await exists(writer);
      if (mode === "shared") {
        // A waiting password change goes first, so it is not starved by a stream of readers.
        if (writing || (await exists(writerWaiting))) return false;
        await writeFile(path.join(readers, me), "");
        return true;
      }
      await writeFile(writerWaiting, me);
      const others = (await readdir(readers)).filter((name) => name !== me);
      if (writing || others.length > 0) return false;
      await rm(path.join(readers, me), { force: true });
      await rm(writerWaiting, { force: true });
      await mkdir(writer);
      return true;
    });
    if (granted) {
      held = mode;
      if (mode === "exclusive") waitingAsWriter = false;
      return;
    }
    await sleep(100);
  }
}

/** Lets the admin go at the end of a test (the fixtures call it for every test). */
export async function releaseAdmin(): Promise<void> {
  generation += 1;
  const mode = held;
  const waited = waitingAsWriter;
  held = null;
  waitingAsWriter = false;
  if (!mode && !waited) return;
  await withMutex(async () => {
    if (waited) await rm(writerWaiting, { force: true });
    if (mode === "shared") await rm(path.join(readers, me), { force: true });
    if (mode === "exclusive") await rm(writer, { recursive: true, force: true });
  });
}
