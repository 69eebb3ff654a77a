// Bad input in a page's address is the client's mistake, never a 500 nor an error in the log: every
// page of the route table (app/routes.ts), with each of its path parameters and each query parameter
// its code reads given text PostgreSQL cannot keep (%00), bytes that are not UTF-8 (a lone surrogate's,
// an overlong encoding, a broken escape) or 10 KB, as a visitor, a page's owner and an admin, as a
// document (a bad path also as React Router's data request, `.data`). The built server in a child
// process, on the embedded database and, when TEST_DATABASE_URL is set, on PostgreSQL; its log may
// hold no line at level 50 (error) or above. The list of pages and parameters is read from the route table and the
// pages' code, so a new page or parameter is swept without anyone writing its test.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partnerSignupEmailParameter } from "../../contract/partner-colleagues";
import { referralQueryParameter } from "../../contract/partners";
import { appRoutePages } from "../support/route-table";
import { root, type ServerProcess } from "../support/server-spawn";
import { publishedPageOn } from "../support/server-calls";
import { serverEngines, useServerProcesses } from "../support/server-process";

const { startServer, listeningPort, stopServer } = useServerProcesses();

/** What a hostile or broken client puts in an address, percent-encoded as sent. */
const badValues = [
  "%00",
  "a%00b",
  "%ED%A0%80", // a lone surrogate's UTF-8 bytes
  "%C0%80", // U+0000 in an overlong encoding
  "%F4%90%80%80", // past U+10FFFF
  "%FF%",
  "x".repeat(10 * 1024),
];

/** The query parameters a page's code reads: `….get("name")`, or the contract's named ones. */
function queryNamesIn(files: string[]): string[] {
  const named: Record<string, string> = { referralQueryParameter, partnerSignupEmailParameter };
  const names = new Set<string>();
  for (const file of files) {
    const source = readFileSync(path.join(root, "app", file), "utf8");
    for (const [, name] of source.matchAll(/(?:searchParams|query|search|params)\.get\("(\w+)"\)/g))
      names.add(name as string);
    for (const [, constant] of source.matchAll(/\.get\((\w+Parameter)\)/g)) {
      const name = named[constant as string];
      if (name) names.add(name);
    }
  }
  return [...names].sort();
}

/** Every module whose loader runs for every page: the root and what it reads the request with. */
const everyPageFiles = ["root.tsx", "lib/root-data.server.ts"];

type Viewer = { name: string; cookie: string };

const engines = serverEngines();

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += width) {
    await Promise.all(items.slice(start, start + width).map(work));
  }
}

for (const engine of engines) {
  describe(`bad input in a page's address on ${engine.name}`, () => {
    let server: ServerProcess;
    let base: string;
    let drop: () => Promise<void> = async () => {};
    const viewers: Viewer[] = [{ name: "a visitor", cookie: "" }];
    let pageId: string;
    const admin = { email: "admin@sweep.kammare.test", password: `pw-${randomUUID()}` };

    beforeAll(async () => {
      const settings = await engine.settings();
      drop = settings.drop;
      server = startServer({
        ...settings.env,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: "info",
      });
      base = `http://127.0.0.1:${await listeningPort(server)}`;
      // Published, on its trial: the checkout pages' loaders run for it (a draft's are refused before).
      const made = await publishedPageOn(base, {
        admin,
        displayName: "Sweep Svensson",
        domain: "sweep.kammare.test",
      });
      pageId = made.pageId;
      const { adminToken } = made;
      const ownerToken = made.owner.token;
      viewers.push(
        { name: "the page's owner", cookie: `kammare_session=${ownerToken}` },
        { name: "an admin", cookie: `kammare_session=${adminToken}` },
      );
    }, 120_000);

    afterAll(async () => {
      if (server) await stopServer(server);
      await drop();
    });

    /** A good value for each path parameter, so that only the one being tried is bad. */
    const goodValue = (parameter: string) =>
      ({
        id: pageId,
        token: "no-such-link-token-0000",
        orderNumber: "KM-999999",
        name: "Kalle",
        fixture: "flags",
      })[parameter] ?? "no-such-page";

    /** Every address to try: each path parameter bad in turn, then every query parameter the page reads. */
    function addresses(): string[] {
      const found: string[] = [];
      const everyPageNames = queryNamesIn(everyPageFiles);
      for (const page of appRoutePages) {
        const segments = page.pattern.split("/");
        const fill = (badAt: number, bad: string) =>
          "/" +
          segments
            .map((segment, index) =>
              index === badAt
                ? bad
                : segment.startsWith(":")
                  ? goodValue(segment.slice(1))
                  : segment === "*"
                    ? "no-such-page"
                    : segment,
            )
            .join("/");
        segments.forEach((segment, index) => {
          if (!segment.startsWith(":") && segment !== "*") return;
          for (const bad of badValues) found.push(fill(index, bad), `${fill(index, bad)}.data`);
        });
        const good = fill(-1, "");
        const names = queryNamesIn(page.files.filter((file) => file !== "routes.ts"));
        for (const bad of badValues) {
          const all = [...new Set([...names, ...everyPageNames])].map((name) => `${name}=${bad}`).join("&");
          found.push(`${good}?${all}`);
          // The document runs the same loaders as its data request; the path's requests try both.
          for (const name of names) found.push(`${good}?${name}=${bad}`);
        }
      }
      return found;
    }

    it("answers every page's bad parameters below 500, and logs no error", async () => {
      const tried = addresses();
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      const work = tried.flatMap((address) => viewers.map((viewer) => ({ address, viewer })));
      await inBatches(work, 6, async ({ address, viewer }) => {
        const response = await fetch(`${base}${address}`, {
          redirect: "manual",
          headers: viewer.cookie ? { Cookie: viewer.cookie } : {},
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500)
          failures.push(`${response.status} ${address.slice(0, 200)} as ${viewer.name}`);
      });
      const errors = server
        .logs()
        .filter((line) => typeof line.level === "number" && line.level >= 50)
        .map((line) => `${String(line.msg)} ${String(line.url ?? "")}`.slice(0, 300));
      const tally = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
      console.log(`${engine.name}: ${work.length} page requests; statuses ${tally.join(", ")}`);
      expect(failures).toEqual([]);
      expect(errors).toEqual([]);
      // The sweep reached the pages it was meant to: every pattern, with each kind of viewer.
      expect(work.length).toBeGreaterThan(appRoutePages.length * badValues.length * viewers.length);
    }, 600_000);
  });
}
