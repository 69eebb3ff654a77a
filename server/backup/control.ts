// How `npm run backup` reaches a running site on the embedded database (ADR 030). That database belongs
// to the one process that opened its folder, so the command cannot open it beside the site; instead the
// site listens on a Unix socket in its data folder (DATA_DIR/backup.sock, only its own user may
// connect: no network, no HTTP route, no token) and takes the backup itself when asked, between two of
// its statements. One line of JSON each way. The command's own BACKUP_DIR, when it has one, goes with the
// request: the operator who runs `BACKUP_DIR=/mnt/backups npm run backup` gets the archive there,
// whatever the site was started with (the caller is the site's own user, who may write there anyway).
import { chmod, unlink } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import type { Config } from "../config";
import type { Logger } from "../logger";
import { createBackup, type BackupDeps } from "./create";

/** What the command asks: a backup, into `dir` (an absolute path) or else the site's own folder. */
const requestSchema = z.object({
  command: z.literal("backup"),
  dir: z
    .string()
    .min(1)
    .refine((dir) => path.isAbsolute(dir), "must be an absolute path")
    .optional(),
});
export type BackupRequest = Omit<z.infer<typeof requestSchema>, "command">;

/** Where the site listens for backup requests. */
export function controlSocketPath(config: Pick<Config, "DATA_DIR">): string {
  return path.resolve(config.DATA_DIR, "backup.sock");
}

/** Unix socket paths are limited to 107 bytes on Linux (103 on macOS). */
const maxSocketPath = 100;

export type BackupAnswer =
  | { ok: true; file: string; takenAt: string; rows: number; images: number; schemaVersion: string | null }
  | { ok: false; message: string };

/** Connects; null when nobody listens there (no socket, or one a stopped site left). */
function connect(socketPath: string): Promise<net.Socket | null> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    socket.once("connect", () => resolve(socket));
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED" || error.code === "ENOTSOCK")
        resolve(null);
      else reject(error);
    });
  });
}

/** Reads one line of JSON from the socket. */
function readLine(socket: net.Socket, timeoutMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
      const end = text.indexOf("\n");
      if (end !== -1) {
        clearTimeout(timer);
        socket.end();
        try {
          resolve(JSON.parse(text.slice(0, end)));
        } catch (error) {
          reject(error as Error);
        }
      }
    });
    socket.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once("close", () => {
      clearTimeout(timer);
      if (!text.includes("\n")) reject(new Error("the site closed the connection without an answer"));
    });
  });
}

/** Asks the site listening at `socketPath` for a backup; null when no site listens there. */
export async function requestBackup(
  socketPath: string,
  request: BackupRequest = {},
  timeoutMs = 60 * 60 * 1000,
): Promise<BackupAnswer | null> {
  if (Buffer.byteLength(socketPath) > maxSocketPath) return null;
  const socket = await connect(socketPath);
  if (!socket) return null;
  socket.write(`${JSON.stringify({ command: "backup", ...request })}\n`);
  return (await readLine(socket, timeoutMs)) as BackupAnswer;
}

/**
 * Listens at `socketPath` and takes a backup for each request. A socket file a stopped site left is
 * replaced; a live one (another process on the same folder, which should not be) is left alone.
 */
export async function serveBackupRequests(
  deps: BackupDeps & { logger: Logger },
  socketPath: string,
): Promise<{ close: () => Promise<void> }> {
  const { logger } = deps;
  if (Buffer.byteLength(socketPath) > maxSocketPath) {
    logger.warn(
      { socketPath },
      "DATA_DIR's path is too long for the backup socket: `npm run backup` cannot reach this site; use a shorter DATA_DIR",
    );
    return { close: async () => {} };
  }
  let running: Promise<unknown> = Promise.resolve();
  const server = net.createServer((socket) => {
    let text = "";
    socket.setEncoding("utf8");
    socket.on("error", () => {});
    socket.on("data", (chunk: string) => {
      text += chunk;
      if (!text.includes("\n")) {
        if (text.length > 4096) socket.destroy();
        return;
      }
      socket.pause();
      let parsed: ReturnType<typeof requestSchema.safeParse>;
      try {
        parsed = requestSchema.safeParse(JSON.parse(text.slice(0, text.indexOf("\n"))));
      } catch {
        parsed = requestSchema.safeParse(undefined);
      }
      const answer = (value: BackupAnswer) => socket.end(`${JSON.stringify(value)}\n`);
      if (!parsed.success) {
        answer({ ok: false, message: `not a backup request (${parsed.error.issues[0]?.message ?? ""})` });
        return;
      }
      const dir = parsed.data.dir;
      // One at a time: a second request waits for the first and then takes its own.
      running = running.then(async () => {
        try {
          const { file, manifest } = await createBackup(
            dir ? { ...deps, config: { ...deps.config, BACKUP_DIR: dir } } : deps,
          );
          logger.info({ file, takenAt: manifest.takenAt }, "backup written (asked by npm run backup)");
          answer({
            ok: true,
            file,
            takenAt: manifest.takenAt,
            rows: Object.values(manifest.counts).reduce((sum, count) => sum + count, 0),
            images: manifest.images.count,
            schemaVersion: manifest.schemaVersion,
          });
        } catch (error) {
          logger.error({ err: error }, "backup failed");
          answer({ ok: false, message: (error as Error).message });
        }
      });
    });
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    });
  try {
    await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    const live = await connect(socketPath);
    if (live) {
      live.destroy();
      logger.warn(
        { socketPath },
        "another process answers on the backup socket: this one does not listen there",
      );
      return { close: async () => {} };
    }
    await unlink(socketPath);
    await listen();
  }
  await chmod(socketPath, 0o600);
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await running;
      await unlink(socketPath).catch(() => {});
    },
  };
}
