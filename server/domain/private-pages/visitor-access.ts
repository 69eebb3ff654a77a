// Who may see a private page (ADR 043): its owner, editors and admins always; a visitor only with a
// pass, a cookie this module makes when the page's password is right or an invitation's link is
// opened. A pass is signed with the site's own key and bound to what let it in: the password's hash
// (a new password has a new salt, so every earlier pass stops working) or the invitation (revoked,
// it lets nobody in). Nothing secret is logged: the pass is checked here and never leaves as text.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { visitorAccessDays } from "../../../contract/private-pages";
import type { ProfileVisibility } from "../../../contract/profile-values";
import type { Database } from "../../db/client";
import { pageVisitorInvitations, privatePageDoors, profiles } from "../../db/schema";
import {
  accountFailuresPerMinute,
  failuresPerAddressWhileGuessedAt,
  hashPassword,
  signInLimitPerMinute,
  verifyPassword,
} from "../accounts";
import {
  consume,
  countAttempt,
  dayMs,
  pageMissing,
  rateLimited,
  refundAttempts,
  refuse,
  siteKey,
} from "../core";
import { isProfileEditor } from "../profiles";

export const visitorAccessMs = visitorAccessDays * dayMs;

type Pass = { kind: "p"; expires: number } | { kind: "i"; invitationId: string; expires: number };

async function mac(db: Database, parts: string[]): Promise<string> {
  return createHmac("sha256", await siteKey(db, "visitor-access"))
    .update(parts.join("\u0000"))
    .digest("base64url");
}

/** A pass for the cookie: `p.{expires}.{mac}` (the password) or `i.{invitation}.{expires}.{mac}`. */
export async function makePass(
  db: Database,
  profileId: string,
  by: { passwordHash: string } | { invitationId: string },
  now = new Date(),
): Promise<string> {
  const expires = String(Math.floor((now.getTime() + visitorAccessMs) / 1000));
  if ("passwordHash" in by)
    return `p.${expires}.${await mac(db, [profileId, "p", by.passwordHash, expires])}`;
  return `i.${by.invitationId}.${expires}.${await mac(db, [profileId, "i", by.invitationId, expires])}`;
}

function parsePass(value: string): (Pass & { signature: string }) | null {
  const parts = value.split(".");
  if (parts[0] === "p" && parts.length === 3 && /^\d{1,12}$/.test(parts[1] ?? "")) {
    return { kind: "p", expires: Number(parts[1]), signature: parts[2] ?? "" };
  }
  if (parts[0] === "i" && parts.length === 4 && /^[0-9a-f-]{36}$/.test(parts[1] ?? "")) {
    if (!/^\d{1,12}$/.test(parts[2] ?? "")) return null;
    return { kind: "i", invitationId: parts[1] ?? "", expires: Number(parts[2]), signature: parts[3] ?? "" };
  }
  return null;
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether a visitor's pass (the cookie's value) still lets them into this page. */
export async function passLetsIn(db: Database, profileId: string, value: string | null, now = new Date()) {
  const pass = value ? parsePass(value) : null;
  if (!pass || pass.expires * 1000 <= now.getTime()) return false;
  const expires = String(pass.expires);
  if (pass.kind === "p") {
    const [door] = await db
      .select({ passwordHash: privatePageDoors.passwordHash })
      .from(privatePageDoors)
      .where(eq(privatePageDoors.profileId, profileId));
    if (!door?.passwordHash) return false;
    return same(pass.signature, await mac(db, [profileId, "p", door.passwordHash, expires]));
  }
  if (!same(pass.signature, await mac(db, [profileId, "i", pass.invitationId, expires]))) return false;
  const [open] = await db
    .select({ id: pageVisitorInvitations.id })
    .from(pageVisitorInvitations)
    .where(
      and(
        eq(pageVisitorInvitations.id, pass.invitationId),
        eq(pageVisitorInvitations.profileId, profileId),
        isNull(pageVisitorInvitations.revokedAt),
      ),
    );
  return Boolean(open);
}

export type PageForAccess = {
  id: string;
  ownerUserId: string | null;
  metadata: { visibility?: ProfileVisibility };
};

/**
 * May this viewer see the page's content? Every page but a private one: yes. A private one: its
 * owner, editors and admins, and a visitor whose pass lets them in.
 */
export async function mayEnterPage(
  db: Database,
  page: PageForAccess,
  viewer: { id: string; roles: readonly string[] } | null,
  pass: string | null,
): Promise<boolean> {
  if (page.metadata.visibility !== "private") return true;
  if (viewer) {
    if (viewer.roles.includes("admin") || viewer.id === page.ownerUserId) return true;
    if (await isProfileEditor(db, page.id, viewer.id)) return true;
  }
  return passLetsIn(db, page.id, pass);
}

/**
 * The same question by the page's code, for the open API calls (memories, candles, the calendar):
 * refuses `private.closed`; answers the page's visibility, so a private page's answer is kept private.
 */
export async function assertMayEnterPage(
  db: Database,
  profileId: string,
  viewer: { id: string; roles: readonly string[] } | null,
  pass: string | null,
): Promise<{ visibility: ProfileVisibility | null }> {
  const [page] = await db
    .select({ id: profiles.id, ownerUserId: profiles.ownerUserId, metadata: profiles.metadata })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  // The call's own check answers a missing page as it always has.
  if (!page) return { visibility: null };
  if (!(await mayEnterPage(db, page, viewer, pass))) throw refuse("private.closed");
  return { visibility: page.metadata.visibility ?? "public" };
}

/**
 * A visitor at the door with the page's password, within sign-in's limits (ADR 007): counted per
 * address, per page and per (page, address), so that a stranger guessing at a page uses up their own
 * tries and the family can still come in. Answers the pass for the cookie.
 */
export async function enterWithPassword(
  db: Database,
  input: { profileId: string; password: string },
  origin: { ip: string | null },
  now = new Date(),
): Promise<string> {
  const [page] = await db
    .select({ id: profiles.id, metadata: profiles.metadata, passwordHash: privatePageDoors.passwordHash })
    .from(profiles)
    .leftJoin(privatePageDoors, eq(privatePageDoors.profileId, profiles.id))
    .where(eq(profiles.id, input.profileId));
  if (!page) throw pageMissing();
  const address = origin.ip ?? "unknown";
  if (origin.ip) {
    await consume(db, [{ key: `door:ip:${origin.ip}`, max: signInLimitPerMinute, windowSeconds: 60 }], now);
  }
  const fromHere = await countAttempt(
    db,
    { key: `door:pair:${page.id} ${address}`, max: signInLimitPerMinute, windowSeconds: 60 },
    now,
  );
  const fromAnywhere = await countAttempt(
    db,
    { key: `door:page:${page.id}`, max: accountFailuresPerMinute, windowSeconds: 60 },
    now,
  );
  const allowed = fromAnywhere.over ? failuresPerAddressWhileGuessedAt : signInLimitPerMinute;
  if (fromHere.count > allowed) throw rateLimited(fromHere.retryAfter);
  const hash = page.passwordHash;
  // A page without a password (only invitations let in) takes as long to refuse as a wrong one.
  const right = hash ? await verifyPassword(hash, input.password) : await verifyNothing(input.password);
  if (!right || !hash) throw refuse("private.password-wrong");
  await refundAttempts(db, [fromHere, fromAnywhere]);
  return makePass(db, page.id, { passwordHash: hash }, now);
}

let nothing: Promise<string> | undefined;
async function verifyNothing(password: string): Promise<false> {
  nothing ??= hashPassword("no password is set for this page");
  await verifyPassword(await nothing, password);
  return false;
}
