// The server route rules against a real database: where each viewer is sent.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profileContext, servicesContext, viewerContext, type AppServices } from "../../server/context";
import { loadConfig } from "../../server/config";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { migrate } from "../../server/db/migrate";
import { partnerMembers, partnerOrganisations, profiles, users } from "../../server/db/schema";
import type { Viewer } from "../../server/domain/core";
import { createLogger } from "../../server/logger";
import { viewerOrganisation } from "../lib/partner-organisation.server";
import { safeReturnPath, serverRules } from "./index.server";
import type { RuleName } from "./registry";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ memory: true });
  await migrate(database);
});
afterAll(() => database.close());

async function newViewer(roles: Viewer["roles"] = ["customer"]): Promise<Viewer> {
  const email = `u${Math.random().toString(36).slice(2)}@example.se`;
  const [row] = await database.db.insert(users).values({ email, passwordHash: "x", roles }).returning();
  if (!row) throw new Error("no user");
  return { sessionId: "s", id: row.id, email, roles, via: "cookie" };
}

/** A request's context as the server gives it: the services (this database) and the viewer. */
function requestContext(viewer: Viewer | null): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, {
    config: loadConfig({}),
    db: database.db,
    logger: createLogger("silent"),
    buildId: "t",
  } satisfies AppServices);
  context.set(viewerContext, viewer);
  return context;
}

/** Runs one rule; answers the redirect's target, or null when the page may render. */
async function run(
  rule: RuleName,
  viewer: Viewer | null,
  url = "http://localhost/",
  context = requestContext(viewer),
): Promise<string | null> {
  const [middleware] = serverRules(rule);
  if (!middleware) throw new Error(`no rule ${rule}`);
  try {
    await middleware(
      { request: new Request(url), context, params: {}, unstable_pattern: "/" } as never,
      async () => new Response(),
    );
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("Location");
    throw thrown;
  }
}

describe("rule index (/)", () => {
  it("sends a visitor to /login", async () => {
    expect(await run("index", null)).toBe("/login");
  });

  it("sends an owner to the first page they own", async () => {
    const viewer = await newViewer();
    await database.db.insert(profiles).values([
      { id: "B0000002", ownerUserId: viewer.id, status: "draft", createdAt: new Date("2026-02-01") },
      { id: "A0000001", ownerUserId: viewer.id, status: "draft", createdAt: new Date("2026-01-01") },
    ]);
    expect(await run("index", viewer)).toBe("/k/A0000001");
  });

  it("lets a signed-in user without pages stay on /", async () => {
    expect(await run("index", await newViewer())).toBeNull();
  });

  it("sends an admin to the admin's home, not the customer's welcome nor a page of their own", async () => {
    const admin = await newViewer(["customer", "admin"]);
    expect(await run("index", admin)).toBe("/admin");
    await database.db
      .insert(profiles)
      .values({ id: "F0000006", ownerUserId: admin.id, status: "draft", createdAt: new Date("2026-03-01") });
    expect(await run("index", admin)).toBe("/admin");
  });
});

describe("rule login (/login, /new)", () => {
  it("lets a visitor in", async () => {
    expect(await run("login", null, "http://localhost/login")).toBeNull();
  });

  it("sends a signed-in user to / or to a local redirectTo", async () => {
    const viewer = await newViewer();
    expect(await run("login", viewer, "http://localhost/login")).toBe("/");
    expect(await run("login", viewer, "http://localhost/login?redirectTo=/k/A0000001/checkout/card")).toBe(
      "/k/A0000001/checkout/card",
    );
    expect(await run("login", viewer, "http://localhost/login?redirectTo=https://evil.example")).toBe("/");
    expect(await run("login", viewer, "http://localhost/login?redirectTo=/%E2%82%AC")).toBe("/%E2%82%AC");
    expect(await run("login", viewer, "http://localhost/login?redirectTo=/%00")).toBe("/");
    // A probe of the return path found this: dot segments that collapse into "//" are another site, not a local path.
    for (const elsewhere of [
      "%2F.%2F%2Fevil.example",
      "/..//evil.example",
      "/%2e//evil.example",
      "/a/..//evil.example",
    ]) {
      expect(await run("login", viewer, `http://localhost/login?redirectTo=${elsewhere}`)).toBe("/");
    }
  });

  it("sends a signed-in admin to /admin, or to a local redirectTo", async () => {
    const viewer = await newViewer(["customer", "admin"]);
    expect(await run("login", viewer, "http://localhost/login")).toBe("/admin");
    expect(await run("login", viewer, "http://localhost/login?redirectTo=https://evil.example")).toBe(
      "/admin",
    );
    expect(await run("login", viewer, "http://localhost/login?redirectTo=/admin/qr/manager")).toBe(
      "/admin/qr/manager",
    );
    expect(await run("login", viewer, "http://localhost/login?redirectTo=/k/A0000001")).toBe("/k/A0000001");
  });

  it("accepts only local paths to return to", () => {
    expect(safeReturnPath("/admin")).toBe("/admin");
    expect(safeReturnPath("//evil.example")).toBeNull();
    expect(safeReturnPath("/\\evil.example")).toBeNull();
    expect(safeReturnPath("https://evil.example")).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
    // Whatever was typed, the answer can stand in a Location header (a raw "€" or NUL cannot).
    expect(safeReturnPath("/k/ABC?x=€")).toBe("/k/ABC?x=%E2%82%AC");
    expect(safeReturnPath("/€")).toBe("/%E2%82%AC");
    expect(safeReturnPath("/a\u0000b")).toBeNull();
    expect(safeReturnPath("/a\nb")).toBeNull();
  });
});

describe("rule admin (/admin…)", () => {
  it("lets an admin in and sends every other signed-in user to /", async () => {
    expect(await run("admin", await newViewer(["customer", "admin"]))).toBeNull();
    expect(await run("admin", await newViewer(["customer"]))).toBe("/");
    expect(await run("admin", await newViewer(["partner"]))).toBe("/");
  });

  it("sends a visitor to sign in, returning to the admin page afterwards", async () => {
    expect(await run("admin", null, "http://localhost/admin")).toBe("/login?redirectTo=%2Fadmin");
    expect(await run("admin", null, "http://localhost/admin/profiles/list?status=trial")).toBe(
      "/login?redirectTo=%2Fadmin%2Fprofiles%2Flist%3Fstatus%3Dtrial",
    );
  });
});

/** A partner account in an organisation, named or not. */
async function newPartnerViewer(name: string | null): Promise<Viewer> {
  const viewer = await newViewer(["partner"]);
  const [organisation] = await database.db
    .insert(partnerOrganisations)
    .values({ name, slug: `p-${viewer.id.slice(0, 8)}`, contactEmail: viewer.email })
    .returning();
  if (!organisation) throw new Error("no organisation");
  await database.db.insert(partnerMembers).values({ userId: viewer.id, organisationId: organisation.id });
  return viewer;
}

describe("rule partner (/partner/…)", () => {
  it("lets a signed-in partner in", async () => {
    expect(await run("partner", await newPartnerViewer(null))).toBeNull();
  });

  it("sends a visitor to the partner sign-in, returning afterwards", async () => {
    expect(await run("partner", null, "http://localhost/partner/dashboard/users?q=x")).toBe(
      "/partner/signin?redirectTo=%2Fpartner%2Fdashboard%2Fusers%3Fq%3Dx",
    );
  });

  it("sends a customer and an admin, who are no partners, to the partner sign-in", async () => {
    expect(await run("partner", await newViewer(["customer"]))).toBe("/partner/signin");
    expect(await run("partner", await newViewer(["customer", "admin"]))).toBe("/partner/signin");
  });
});

describe("rule partner-name (/partner/dashboard/users)", () => {
  it("lets a partner whose organisation has a name in", async () => {
    expect(await run("partner-name", await newPartnerViewer("Blommor AB"))).toBeNull();
  });

  it("sends a partner without an organisation name, or without an organisation, to the dashboard", async () => {
    expect(await run("partner-name", await newPartnerViewer(null))).toBe("/partner/dashboard");
    expect(await run("partner-name", await newViewer(["partner"]))).toBe("/partner/dashboard");
  });

  it("looks the organisation up once: the page's loaders get the rule's answer, not a second query", async () => {
    const viewer = await newPartnerViewer("Lindqvists Begravningsbyrå");
    const context = requestContext(viewer);
    expect(await run("partner-name", viewer, "http://localhost/partner/dashboard/users", context)).toBeNull();
    // Gone from the database after the rule: what the loaders are given is still the rule's lookup.
    await database.db.delete(partnerMembers).where(eq(partnerMembers.userId, viewer.id));
    const first = viewerOrganisation(context);
    expect(viewerOrganisation(context)).toBe(first);
    expect((await first)?.name).toBe("Lindqvists Begravningsbyrå");
    // A request of its own asks the database again.
    expect(await viewerOrganisation(requestContext(viewer))).toBeNull();
  });

  it("refuses anyone but a partner, like rule partner", async () => {
    expect(await run("partner-name", null, "http://localhost/partner/dashboard/users")).toBe(
      "/partner/signin?redirectTo=%2Fpartner%2Fdashboard%2Fusers",
    );
    expect(await run("partner-name", await newViewer(["customer"]))).toBe("/partner/signin");
  });
});

describe("rule preview (/preview/…)", () => {
  it("lets an admin or a partner in and sends a customer to /", async () => {
    expect(await run("preview", await newViewer(["customer", "admin"]))).toBeNull();
    expect(await run("preview", await newViewer(["partner"]))).toBeNull();
    expect(await run("preview", await newViewer(["customer"]))).toBe("/");
  });

  it("sends a visitor to sign in, returning to the preview afterwards", async () => {
    expect(await run("preview", null, "http://localhost/preview/extended-trial")).toBe(
      "/login?redirectTo=%2Fpreview%2Fextended-trial",
    );
  });
});

describe("rule page-memories (/k/{id}/memories)", () => {
  it("sends a visitor to sign in, returning to the memories afterwards", async () => {
    expect(await run("page-memories", null, "http://localhost/k/A0000001/memories?state=shown")).toBe(
      "/login?redirectTo=%2Fk%2FA0000001%2Fmemories%3Fstate%3Dshown",
    );
  });

  it("lets a signed-in viewer through to the loader, which asks the domain whether they may", async () => {
    expect(await run("page-memories", await newViewer(), "http://localhost/k/A0000001/memories")).toBeNull();
  });

  it("sends a code typed in lower case to its canonical address", async () => {
    const [middleware] = serverRules("page-memories");
    if (!middleware) throw new Error("no rule page-memories");
    const viewer = await newViewer();
    let thrown: unknown;
    try {
      await middleware(
        {
          request: new Request("http://localhost/k/a000ooo1/memories?state=hidden"),
          context: requestContext(viewer),
          params: { id: "a000ooo1" },
        } as never,
        async () => new Response(),
      );
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Response).headers.get("Location")).toBe("/k/A0000001/memories?state=hidden");
  });
});

describe("rule profile (/k/{id})", () => {
  /** Runs the rule for /k/{typed}; `answer` is what the loaders below it answered. */
  async function visit(typed: string, viewer: Viewer | null, answer = new Response()) {
    const context = requestContext(viewer);
    const [middleware] = serverRules("profile");
    if (!middleware) throw new Error("no rule profile");
    let loadersRan = false;
    let result: Response | void = undefined;
    let thrown: unknown;
    try {
      result = await middleware(
        { request: new Request(`http://localhost/k/${typed}`), context, params: { id: typed } } as never,
        async () => {
          loadersRan = true;
          return answer;
        },
      );
    } catch (error) {
      thrown = error;
    }
    return { result, thrown, loadersRan, profile: context.get(profileContext) };
  }

  beforeAll(async () => {
    await database.db.insert(profiles).values([
      { id: "C0000003", status: "trial" },
      { id: "D0000004", status: "suspended" },
    ]);
  });

  it("hands an existing page to the loader", async () => {
    const { thrown, profile } = await visit("C0000003", null);
    expect(thrown).toBeUndefined();
    expect(profile?.id).toBe("C0000003");
  });

  it("sends a code typed with I, L, O or in lower case to its canonical address", async () => {
    const { thrown } = await visit("c000ooo3", null);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/k/C0000003");
  });

  it("answers 404 after the loaders for an unknown or suspended page, so the layout renders it", async () => {
    for (const [typed, viewer] of [
      ["ABCDEFGH", null],
      ["D0000004", null],
      ["\u0000", null],
    ] as const) {
      const { thrown, loadersRan, profile } = await visit(typed, viewer);
      expect(loadersRan, typed).toBe(true);
      expect(profile, typed).toBeNull();
      expect(thrown, typed).toMatchObject({ init: { status: 404 } });
    }
    // The page's loader answered the 404 itself: that render stands.
    const own = new Response("404 view", { status: 404 });
    expect((await visit("ABCDEFGH", null, own)).result).toBe(own);
  });

  it("hands a suspended page to its owner (told it is suspended), and a 404 to another account", async () => {
    const owner = await newViewer();
    await database.db.insert(profiles).values({ id: "E0000005", ownerUserId: owner.id, status: "suspended" });
    const mine = await visit("E0000005", owner);
    expect(mine.thrown).toBeUndefined();
    expect(mine.profile?.status).toBe("suspended");
    const other = await visit("E0000005", await newViewer());
    expect(other.profile).toBeNull();
    expect(other.thrown).toMatchObject({ init: { status: 404 } });
  });

  it("shows a suspended page to an admin", async () => {
    const { thrown, profile } = await visit("D0000004", await newViewer(["customer", "admin"]));
    expect(thrown).toBeUndefined();
    expect(profile?.status).toBe("suspended");
  });
});
