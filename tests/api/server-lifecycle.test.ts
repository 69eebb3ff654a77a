// The production server as an operator runs it (`node server.js` on the build): it starts on the
// embedded database, serves the API and pages, refuses a wrong setting, keeps its data across
// restarts and stops gracefully on SIGTERM.
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { residentMegabytes } from "../support/resident-memory";
import { startMs, useServerProcesses } from "../support/server-process";

/** Opens a connection, sends the headers and half the announced body of a POST, then hangs up. */
async function sendHalfABodyAndHangUp(port: number, path: string): Promise<void> {
  const socket = await connect(port);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: 1000\r\n\r\n{"type":"email","email":"a@`,
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const { freshDataDir, migratedDataDir, startServer, waitForLog, listeningPort, within, stopServer } =
  useServerProcesses();

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Collects what arrives on a raw socket until a full response head has come. */
function readResponse(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    const onData = (chunk: Buffer) => {
      received += chunk.toString();
      if (received.includes("\r\n\r\n")) {
        socket.off("data", onData);
        resolve(received);
      }
    };
    socket.on("data", onData);
    socket.once("error", reject);
    socket.once("close", () => reject(new Error(`connection closed before a response: ${received}`)));
  });
}

// A test starts one or two servers, each start within startMs, and then its own work.
describe("the production server (node server.js)", { timeout: 2 * startMs + 30_000 }, () => {
  // One first start (initdb in WebAssembly, the costly part) serves both: what a fresh data folder does,
  // then a restart on the folder it left.
  it("starts on a fresh data folder and serves the API and pages; a restart on the same folder keeps the database", async () => {
    const dataDir = await freshDataDir();
    const server = startServer({ DATA_DIR: dataDir, E2E_FIXTURES: "on" });
    const port = await listeningPort(server);
    const base = `http://127.0.0.1:${port}`;
    expect(server.logs().find((line) => line.msg === "migrations applied")).toMatchObject({
      database: "embedded",
      applied: expect.arrayContaining(["0000_init"]),
    });

    // The first start made admin@localhost and shows its password once, framed, outside the JSON log.
    const framed = (label: string) => new RegExp(`^\\| +${label} +(\\S+) +\\|$`, "m");
    await expect.poll(() => server.stdout()).toMatch(framed("password"));
    const password = framed("password").exec(server.stdout())?.[1] ?? "";
    expect(framed("e-mail").exec(server.stdout())?.[1]).toBe("admin@localhost");
    expect(framed("sign in at").exec(server.stdout())?.[1]).toBe(`http://localhost:${port}/login`);
    expect(server.logs().find((line) => line.level === 40)).toMatchObject({ email: "admin@localhost" });
    expect(
      server
        .logs()
        .map((line) => JSON.stringify(line))
        .join("\n"),
    ).not.toContain(password);
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ type: "email", email: "admin@localhost", password }),
    });
    expect(await login.json()).toMatchObject({
      success: true,
      session: { user: { email: "admin@localhost" } },
    });

    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });

    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true, database: "up" });

    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = page.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await page.text();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    // The page's scripts carry the header's nonce, or the browser would block them.
    expect(html).toContain(`nonce="${nonce}"`);

    // The browser build is served from the same process.
    const asset = /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const script = await fetch(`${base}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("cache-control")).toContain("immutable");

    // Precompressed at build time: brotli when the browser takes it, else gzip.
    const brotli = await fetch(`${base}${asset}`, { headers: { "Accept-Encoding": "br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    const gzip = await fetch(`${base}${asset}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(await gzip.text()).toBe(await script.text());

    // A malformed locale cookie is ignored, not a 500.
    const badCookie = await fetch(`${base}/`, { headers: { Cookie: "locale=%zz" } });
    expect(badCookie.status).toBe(200);

    // A POST to a page without an action is the client's mistake: a 405, not logged as our failure.
    const posted = await fetch(`${base}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a",
    });
    expect(posted.status).toBe(405);

    // An unhandled page error reaches the server's error hook, logged with the request id.
    const failing = await fetch(`${base}/__e2e/server-error`);
    expect(failing.status).toBe(500);
    const requestId = failing.headers.get("x-request-id");
    await expect
      .poll(() => server.logs().find((line) => line.msg === "unhandled page error"))
      .toMatchObject({ requestId, url: "/__e2e/server-error", level: 50 });
    // Logged in order: by now the 405 would have been logged too, had it been.
    expect(server.logs().filter((line) => line.level === 50 && line.url === "/login")).toEqual([]);

    // A client that sends half a body and hangs up is the client's doing: no error with a stack per
    // connection (a probe found a log flood any visitor could cause), and the server goes on.
    for (let round = 0; round < 3; round++) await sendHalfABodyAndHangUp(port, "/api/auth/login");
    const afterAborts = await fetch(`${base}/api/health`);
    expect(afterAborts.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      server.logs().filter((line) => Number(line.level) >= 50 && line.url !== "/__e2e/server-error"),
    ).toEqual([]);

    const firstStartMb = residentMegabytes(server.child.pid ?? 0).now;
    expect((await stopServer(server)).code).toBe(0);
    expect(existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);

    // A restart on the same data folder keeps the database.
    const second = startServer({ DATA_DIR: dataDir });
    const secondPort = await listeningPort(second);
    // The admin exists now: no new password, no message.
    expect(second.stdout()).not.toContain("No admin account existed");
    expect(second.logs().find((line) => line.msg === "database schema up to date")).toMatchObject({
      database: "embedded",
      applied: [],
    });
    const readyAgain = await fetch(`http://127.0.0.1:${secondPort}/api/ready`);
    expect(await readyAgain.json()).toEqual({ ok: true, database: "up" });
    // A first start keeps no more memory than a restart does: what initdb took (700 MB) is given back,
    // not held by the site until its next restart (a first start measured 850 MB, its restart 330).
    expect(firstStartMb).toBeLessThan(residentMegabytes(second.child.pid ?? 0).now + 150);
    // Without E2E_FIXTURES the suite's fixtures do not exist, the invoice clock included.
    const clock = await fetch(`http://127.0.0.1:${secondPort}/__e2e/backdate-invoice`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: `http://127.0.0.1:${secondPort}`,
      },
      body: "id=00000000-0000-4000-8000-000000000000&days=40",
    });
    expect(clock.status).toBe(404);
    expect((await stopServer(second)).code).toBe(0);
  });

  it("on SIGTERM refuses new connections, finishes the request in flight, then exits 0", async () => {
    // Not a first start (the test above is): a folder whose database exists.
    const server = startServer({ DATA_DIR: await migratedDataDir() });
    const port = await listeningPort(server);

    // An idle keep-alive connection, left open after a finished request.
    const idle = await connect(port);
    const idleClosed = new Promise<void>((resolve) => idle.once("close", () => resolve()));
    idle.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
    expect(await readResponse(idle)).toMatch(/^HTTP\/1\.1 200/);
    // Idle past Node's default keep-alive of 5 s, it is still open and answers again (a client reusing
    // it is not reset; serve.ts keeps idle connections longer than clients and load balancers do).
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    idle.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
    expect(await within(readResponse(idle), 3_000, "a second answer on the idle connection")).toMatch(
      /^HTTP\/1\.1 200/,
    );

    // A request in flight: its headers and half its body are sent, the rest comes later.
    const body = JSON.stringify({ locale: "sv-SE" });
    const busy = await connect(port);
    const busyResponse = readResponse(busy);
    await new Promise<void>((resolve) =>
      busy.write(
        "POST /api/preferences/locale HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`,
        () => resolve(),
      ),
    );
    // Give the server a moment to read the headers and start handling the request.
    await new Promise((resolve) => setTimeout(resolve, 300));

    server.child.kill("SIGTERM");
    await waitForLog(server, "shutting down: no new connections, finishing requests in flight", 5_000);

    // New connections are refused while the request in flight is still open.
    const refusedWithin = Date.now() + 3_000;
    let refusal: unknown;
    while (!refusal && Date.now() < refusedWithin) {
      try {
        (await connect(port)).destroy();
        await new Promise((resolve) => setTimeout(resolve, 25));
      } catch (error) {
        refusal = error;
      }
    }
    expect((refusal as NodeJS.ErrnoException | undefined)?.code).toBe("ECONNREFUSED");
    // The idle connection is closed at once; the busy one is kept.
    await within(idleClosed, 3_000, "closing the idle keep-alive connection");
    expect(busy.destroyed).toBe(false);
    expect(server.stdout()).not.toContain('"msg":"stopped"');

    busy.write(body.slice(5));
    const response = await within(busyResponse, 5_000, "the response to the request in flight");
    expect(response).toMatch(/^HTTP\/1\.1 204/);
    expect(response).toMatch(/set-cookie: locale=sv-SE;/i);
    busy.end();

    const exit = await within(server.exited, 10_000, "exit after SIGTERM");
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.logs().map((line) => line.msg)).toEqual(
      expect.arrayContaining(["signal received", "stopped"]),
    );
    expect(server.stderr()).toBe("");
  });

  it.each([
    ["PORT", "abc"],
    ["DATABASE_URL", "mysql://db/app"],
    ["LOG_LEVEL", "loud"],
  ])("a wrong setting (%s=%s) stops the start with a message naming it", async (name, value) => {
    const server = startServer({ DATA_DIR: await freshDataDir(), [name]: value });
    const exit = await within(server.exited, 10_000, "exit on a wrong setting");
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(server.stderr()).toContain(name);
    expect(server.logs().find((line) => line.msg === "listening")).toBeUndefined();
  });
});
