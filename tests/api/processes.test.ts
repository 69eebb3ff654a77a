// Several app processes on one PostgreSQL database, as `npm run start:cluster` or N processes behind a
// load balancer run it: two production servers (`node server.js`) on their own ports, the client
// alternating between them. A session made on one works on the other, sign-in's rate limit counts the
// attempts on both, and an edit through one reaches the other's public-page cache at once. That a
// scheduled sweep runs in one process at a time is exclusive.test.ts (the advisory lock across
// connections); that the cluster script serves and stops is the last test here.
import { spawn } from "node:child_process";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { signInLimitPerMinute } from "../../server/api/accounts/auth";
import { profiles } from "../../server/db/schema";
import { createProfiles } from "../../server/domain/profiles";
import { awayFromWindowEdge } from "../support/accounts";
import { describeOnDatabases } from "../support/api-fixture";
import { postgresqlOnly } from "../support/databases";
import { useServerProcesses } from "../support/server-process";

const { startServer, listeningPort, stopServer } = useServerProcesses();

type Json = Record<string, unknown>;

describe("several app processes", () => {
  describeOnDatabases("two processes on one database", ({ engine, url, connect }) => {
    const processes = async () => {
      const settings = { DATABASE_URL: url(), E2E_FIXTURES: "on", LOG_LEVEL: "info" };
      const first = startServer(settings);
      // The first one migrates; the second starts on the migrated database.
      const firstPort = await listeningPort(first);
      const second = startServer(settings);
      const secondPort = await listeningPort(second);
      const bases = [`http://127.0.0.1:${firstPort}`, `http://127.0.0.1:${secondPort}`];
      return { servers: [first, second], bases };
    };
    const post = async (base: string, path: string, body: unknown, token?: string, method = "POST") => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          "Content-Type": "application/json",
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json().catch(() => ({}))) as Json };
    };

    /** A page of the user's in its trial, with a name (made as an admin would, in the database). */
    async function livePageOf(userId: string): Promise<string> {
      const handle = await connect();
      try {
        const [row] = await createProfiles(
          handle.db,
          { count: 1, ownerUserId: userId },
          { id: userId, roles: ["admin"] },
          { ip: null, userAgent: "test" },
        );
        const id = row?.id as string;
        await handle.db
          .update(profiles)
          .set({ status: "trial", content: { displayName: "Two Processes" } })
          .where(eq(profiles.id, id));
        return id;
      } finally {
        await handle.close();
      }
    }

    postgresqlOnly(engine)(
      "share sessions, rate limits and the public-page cache",
      async () => {
        const { servers, bases } = await processes();
        const [one, two] = bases as [string, string];
        try {
          // A session made on one process is good on the other, and signing out on the other ends it.
          const email = `two-${Date.now()}@example.com`;
          const password = "two-processes-password-1";
          const signedUp = await post(one, "/api/auth/signup", { email, password });
          expect(signedUp.status).toBe(201);
          const token = (signedUp.body.session as { access_token: string }).access_token;
          const check = await fetch(`${two}/api/admin/check`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          expect(check.status).toBe(200);

          // Sign-in's limit per account counts the wrong passwords sent to both processes together,
          // in one minute's window: the attempts start well away from its edge.
          await awayFromWindowEdge(60, 20_000);
          const statuses: number[] = [];
          for (let attempt = 0; attempt < signInLimitPerMinute + 2; attempt++) {
            const base = bases[attempt % 2] as string;
            statuses.push(
              (await post(base, "/api/auth/login", { type: "email", email, password: "wrong-password-0" }))
                .status,
            );
          }
          expect(statuses.slice(0, signInLimitPerMinute)).toEqual(Array(signInLimitPerMinute).fill(401));
          expect(statuses.slice(signInLimitPerMinute)).toEqual([429, 429]);

          // A live page, cached by both processes, then edited through the first: the second shows the
          // edit on its next answer (the database tells every process which page changed).
          const id = await livePageOf((signedUp.body.session as { user: { id: string } }).user.id);
          for (const base of bases) {
            for (let round = 0; round < 2; round++) {
              const page = await fetch(`${base}/k/${id}`);
              await page.text();
              expect(page.status).toBe(200);
            }
            const cached = await fetch(`${base}/k/${id}`);
            expect(await cached.text()).not.toContain("Edited through the first process");
            expect(cached.headers.get("x-cache")).toBe("HIT");
          }
          const edited = await post(
            one,
            "/api/kammare/profile",
            { profile: { id, subtitle: "Edited through the first process" } },
            token,
            "PUT",
          );
          expect(edited.status).toBe(200);
          await expect
            .poll(
              async () => (await (await fetch(`${two}/k/${id}`)).text()).includes("Edited through the first"),
              {
                timeout: 5_000,
              },
            )
            .toBe(true);
        } finally {
          for (const server of servers) await stopServer(server);
        }
      },
      120_000,
    );

    postgresqlOnly(engine)(
      "npm run start:cluster serves on one process per core and stops on SIGTERM",
      async () => {
        const child = spawn(process.execPath, ["scripts/start-cluster.mjs"], {
          env: {
            PATH: process.env.PATH ?? "",
            HOME: process.env.HOME ?? "",
            NODE_ENV: "production",
            HOST: "127.0.0.1",
            PORT: "0",
            LOG_LEVEL: "info",
            DATABASE_URL: url(),
            WORKERS: "2",
          },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
        const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
        try {
          await expect.poll(() => output, { timeout: 60_000 }).toContain("Serving on 2 processes.");
          const listening = output
            .split("\n")
            .filter((line) => line.startsWith("{"))
            .map((line) => JSON.parse(line) as Json)
            .filter((line) => line.msg === "listening");
          expect(listening.length).toBeGreaterThanOrEqual(1);
          const port = listening[0]?.port as number;
          const health = await fetch(`http://127.0.0.1:${port}/api/health`);
          expect(health.status).toBe(200);
        } finally {
          child.kill("SIGTERM");
        }
        expect(await exited).toBe(0);
      },
      120_000,
    );
  });
});
