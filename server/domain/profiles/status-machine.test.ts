// The status machine's table, pair by pair and cause by cause, and the rule that nothing else in the
// server writes a page's status. Its writes (history row, refusal writes nothing) are tested on every
// database engine in tests/api/status-machine.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { profileStatuses } from "../../../contract/profile-values";
import {
  adminMaySetStatus,
  mayChangeStatus,
  newPage,
  reasonsByCause,
  statusCauses,
  StatusTransitionError,
  type StatusCause,
  type StatusFrom,
} from "./status-machine";

/**
 * Every change that a cause other than an admin may make, written out by hand from decisions.md
 * ("Profiles", "Trials and payment", "Subscriptions a customer can trust"): from > to: causes.
 */
const allowedBesidesAdmin = `
  new > draft: owner
  unclaimed > draft: owner
  draft > trial: owner
  draft > extended_trial: owner
  trial > trial: payment
  trial > extended_trial: owner
  trial > active: time payment
  trial > past_due: time payment
  trial > expired: time
  extended_trial > extended_trial: payment
  extended_trial > active: time payment
  extended_trial > past_due: time payment
  extended_trial > expired: time
  active > active: payment
  active > past_due: time payment
  active > expired: time owner
  past_due > active: time payment
  past_due > expired: time payment owner
  expired > trial: owner
  expired > extended_trial: owner
  expired > active: payment
  unclaimed > removed: deletion
  draft > removed: deletion
  trial > removed: deletion
  extended_trial > removed: deletion
  active > removed: deletion
  past_due > removed: deletion
  expired > removed: deletion
  suspended > removed: deletion
`;

const expected = new Set<string>();
for (const line of allowedBesidesAdmin.trim().split("\n")) {
  const [pair, causes] = line.split(":") as [string, string];
  const [from, to] = pair.split(">").map((part) => part.trim()) as [string, string];
  for (const cause of causes.trim().split(/\s+/)) expected.add(`${from}>${to}:${cause}`);
}
/**
 * An admin sets any status but `removed`, from any status but `removed`, creates pages, and opens a
 * removed page again as unclaimed (its plaque passed on, ADR 016). An unclaimed page, without an
 * owner, an admin only gives to an owner (a claim, to draft) or suspends: never live (decisions).
 */
function adminMay(from: StatusFrom, to: string): boolean {
  if (from === newPage) return to === "unclaimed" || to === "draft";
  if (from === "removed") return to === "unclaimed";
  if (from === "unclaimed") return to === "draft" || to === "suspended";
  return to !== "removed" && from !== to;
}

const froms: StatusFrom[] = [newPage, ...profileStatuses];

describe("the status machine's table", () => {
  it("allows exactly the written changes, for every pair of statuses and every cause", () => {
    const wrong: string[] = [];
    for (const from of froms) {
      for (const to of profileStatuses) {
        for (const cause of statusCauses) {
          const want = cause === "admin" ? adminMay(from, to) : expected.has(`${from}>${to}:${cause}`);
          if (mayChangeStatus(from, to, cause) !== want)
            wrong.push(`${from}>${to}:${cause} should be ${want}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("lets nothing a customer or a provider does lift a suspended or removed page", () => {
    const customerOrProvider: StatusCause[] = ["time", "payment", "owner"];
    for (const to of profileStatuses) {
      for (const cause of customerOrProvider) {
        expect(mayChangeStatus("suspended", to, cause)).toBe(false);
        expect(mayChangeStatus("removed", to, cause)).toBe(false);
      }
      expect(mayChangeStatus("removed", to, "admin")).toBe(to === "unclaimed");
    }
  });

  it("offers an admin no status that would make a page without an owner live", () => {
    const settable = (status: (typeof profileStatuses)[number], ownerUserId: string | null) =>
      profileStatuses.filter((to) => adminMaySetStatus({ status, ownerUserId }, to));
    expect(settable("unclaimed", null)).toEqual(["suspended"]);
    // A suspended page that was unclaimed goes back to unclaimed only; an owned one anywhere.
    expect(settable("suspended", null)).toEqual(["unclaimed"]);
    expect(settable("suspended", "owner")).toEqual(
      profileStatuses.filter((to) => !["suspended", "removed"].includes(to)),
    );
  });

  it("gives each cause its own reasons", () => {
    expect(reasonsByCause.payment).not.toContain("trial_ended");
    expect(reasonsByCause.time).not.toContain("paid");
    expect(reasonsByCause.deletion).toEqual(["account_deleted"]);
  });

  it("refuses in the API's words, naming the status", () => {
    const error = new StatusTransitionError("suspended", "active", "payment");
    expect(error.code).toBe("conflict");
    expect(error.field).toBe("status");
    expect(error.message).toBe("This page is suspended; only an admin can change its status.");
    expect(new StatusTransitionError("draft", "active", "payment").message).toBe(
      "A page cannot go from draft to active by payment.",
    );
  });
});

/** Every .ts file under server/, tests beside the code left out. */
function serverSources(dir = path.resolve("server")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : serverSources(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** The text inside the parentheses that open at `open` (which must be a "("). */
function argumentAt(source: string, open: number): string {
  let depth = 0;
  for (let at = open; at < source.length; at++) {
    if (source[at] === "(") depth++;
    else if (source[at] === ")" && --depth === 0) return source.slice(open + 1, at);
  }
  return source.slice(open + 1);
}

/**
 * The places a source writes a page's status: a Drizzle update or insert of `profiles` whose values
 * name `status`, a raw SQL update of it, or a history row written by hand.
 */
function statusWrites(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\.(update|insert)\(profiles\)\s*\.(set|values)\(/g)) {
    const values = argumentAt(source, (match.index ?? 0) + match[0].length - 1);
    if (/\bstatus\b/.test(values)) found.push(`${match[1]}(profiles) setting status`);
  }
  if (/update\s+"?profiles"?\s+set[^;]*\bstatus\b/i.test(source)) found.push("SQL update of profiles.status");
  if (/\.insert\(profileStatusHistory\)/.test(source)) found.push("insert(profileStatusHistory)");
  return found;
}

describe("the status machine is the only writer of profiles.status", () => {
  it("finds the kinds of write it looks for", () => {
    expect(statusWrites(`await tx.update(profiles).set({ status: "active" }).where(x);`)).toHaveLength(1);
    expect(
      statusWrites(`await tx.update(profiles)\n  .set({ ...fields, status: to })\n  .where(x);`),
    ).toHaveLength(1);
    expect(
      statusWrites(`await tx.insert(profiles).values(rows.map((row) => ({ ...row, status })));`),
    ).toHaveLength(1);
    expect(statusWrites(`UPDATE profiles SET status = 'active' WHERE id = $1;`)).toHaveLength(1);
    expect(statusWrites(`await tx.insert(profileStatusHistory).values({});`)).toHaveLength(1);
    expect(
      statusWrites(`await tx.update(profiles).set({ paidUntil: now }).where(eq(profiles.status, "x"));`),
    ).toEqual([]);
  });

  it("has no other module in server/ write it", () => {
    const writers = serverSources()
      .filter((file) => statusWrites(readFileSync(file, "utf8")).length > 0)
      .map((file) => path.relative(process.cwd(), file));
    expect(writers).toEqual(["server/domain/profiles/status-machine.ts"]);
  });
});
