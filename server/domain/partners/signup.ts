// Partner sign-up, through the accounts domain's one sign-up: a whitelisted address only, joining (or
// founding) the organisation its entry names.
import { and, asc, eq, isNotNull, like, or, sql } from "drizzle-orm";
import { type SessionUser, signUp } from "../accounts";
import { slugFromName } from "../../../contract/partners";
import type { Database, Executor } from "../../db/client";
import { partnerMembers, partnerOrganisations, partnerWhitelist } from "../../db/schema";
import { audit, type RequestOrigin, refuse } from "../core";
import { type WhitelistRow, lower } from "./whitelist";

export async function whitelistEntryFor(db: Executor, email: string): Promise<WhitelistRow | null> {
  const [row] = await db
    .select()
    .from(partnerWhitelist)
    .where(eq(lower(partnerWhitelist.email), email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** A slug free now: the name's, else with "-2", "-3"… (the unique index settles a race). */
async function freeSlug(tx: Executor, name: string): Promise<string> {
  const base = slugFromName(name);
  const taken = new Set(
    (
      await tx
        .select({ slug: partnerOrganisations.slug })
        .from(partnerOrganisations)
        .where(or(eq(partnerOrganisations.slug, base), like(partnerOrganisations.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

/**
 * Puts a new partner in the organisation of its whitelist entry's partner name: the one an entry of
 * that name (any case) already led to, else a new one named as the admin named the partner (the
 * partner may change it), with its slug from that name.
 */
async function joinOrganisation(
  tx: Executor,
  user: SessionUser,
  entry: WhitelistRow,
): Promise<{ organisationId: string; created: boolean }> {
  // Two colleagues signing up at once must end in one organisation, not two.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`partner-organisation:${entry.partnerName.toLowerCase()}`}))`,
  );
  const [current] = await tx
    .select({ organisationId: partnerWhitelist.organisationId })
    .from(partnerWhitelist)
    .where(eq(partnerWhitelist.id, entry.id));
  const [sameName] = await tx
    .select({ organisationId: partnerWhitelist.organisationId })
    .from(partnerWhitelist)
    .where(
      and(
        eq(lower(partnerWhitelist.partnerName), entry.partnerName.toLowerCase()),
        isNotNull(partnerWhitelist.organisationId),
      ),
    )
    .orderBy(asc(partnerWhitelist.addedAt))
    .limit(1);
  let organisationId = current?.organisationId ?? sameName?.organisationId ?? null;
  let created = false;
  if (!organisationId) {
    const slug = await freeSlug(tx, entry.partnerName);
    const [row] = await tx
      .insert(partnerOrganisations)
      .values({ name: entry.partnerName.trim(), slug, contactEmail: user.email })
      .returning({ id: partnerOrganisations.id });
    if (!row) throw new Error("the organisation was not created");
    organisationId = row.id;
    created = true;
  }
  await tx.update(partnerWhitelist).set({ organisationId }).where(eq(partnerWhitelist.id, entry.id));
  await tx.insert(partnerMembers).values({ userId: user.id, organisationId });
  return { organisationId, created };
}

/**
 * A partner's sign-up: only for an address on the whitelist, through the accounts domain's sign-up
 * (argon2id, the one e-mail uniqueness rule), with the partner role only. Any other address is refused
 * with one message, after the same hashing, so the refusal says nothing about the list.
 */
export async function partnerSignUp(
  db: Database,
  input: { email: string; password: string },
  origin: RequestOrigin,
): Promise<SessionUser> {
  let entry: WhitelistRow | null = null;
  return signUp(db, input, origin, {
    roles: ["partner"],
    admit: async () => {
      entry = await whitelistEntryFor(db, input.email);
      if (!entry) {
        await audit(db, { action: "partner.signup_refused", details: { notOnWhitelist: true }, ...origin });
        throw refuse("partner.signup-refused");
      }
    },
    onCreated: async (tx, user) => {
      if (!entry) throw refuse("partner.signup-refused");
      const { organisationId, created } = await joinOrganisation(tx, user, entry);
      await audit(tx, {
        action: "partner.signup",
        actorUserId: user.id,
        targetUserId: user.id,
        details: { organisationId, createdOrganisation: created, whitelistEntryId: entry.id },
        ...origin,
      });
    },
  });
}
