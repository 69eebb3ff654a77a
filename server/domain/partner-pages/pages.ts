// The pages a partner makes for its families (decisions "Pages a family can start, and funeral homes
// that hand them out"): one or a batch of up to 500 unclaimed pages, made by the admin's own batch
// making (fresh codes, never reused) and attributed to the organisation as `partner_made`; the claim
// link e-mailed to a family with the partner's note, sent again, or taken back while unclaimed; and
// each page's way to its family. A feature of its own on top of profiles and print (ADR 023: partners
// sits below profiles). Every call works on the caller's own organisation, found from the caller's
// account; another organisation's page is answered as no page at all.
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type {
  PartnerMadePages,
  PartnerPage,
  PartnerPageList,
  PartnerPagesQuery,
  PartnerPageState,
} from "../../../contract/partner-pages";
import type { Locale } from "../../../contract/locale";
import type { Database, Executor } from "../../db/client";
import { partnerMadePages, profiles } from "../../db/schema";
import {
  audit,
  pageChanged,
  recordEvent,
  refuse,
  transaction,
  type Actor,
  type RequestOrigin,
} from "../core";
import { countSending } from "./send-limits";
import { accountLocale, organisationDisplayName, requireOrganisation } from "../partners";
import { adminCreateProfiles } from "../profiles";

/** The caller's organisation: the only one its calls touch. */
export async function callerOrganisation(db: Executor, actor: Actor): Promise<{ id: string; slug: string }> {
  const organisation = await requireOrganisation(db, actor.id);
  return { id: organisation.id, slug: organisation.slug };
}

/**
 * Makes `count` unclaimed pages for the caller's organisation in one transaction: the pages, their
 * batch, their attribution (`partner_made`) and the organisation's record of them.
 */
export async function makePartnerPages(
  deps: { db: Database; publicUrl: string },
  input: { count: number; extendedTrial: boolean },
  actor: Actor,
  origin: RequestOrigin,
): Promise<PartnerMadePages> {
  const organisation = await callerOrganisation(deps.db, actor);
  const now = new Date();
  const made = await adminCreateProfiles(
    deps.db,
    {
      count: input.count,
      partnerId: organisation.id,
      source: "partner_made",
      alongside: async (tx, rows) => {
        for (let start = 0; start < rows.length; start += 1000) {
          await tx.insert(partnerMadePages).values(
            rows.slice(start, start + 1000).map((row) => ({
              profileId: row.id,
              organisationId: organisation.id,
              madeByUserId: actor.id,
              madeAt: now,
              extendedTrial: input.extendedTrial,
            })),
          );
        }
      },
    },
    actor,
    origin,
  );
  return {
    pages: made.profiles
      .map((page) => ({ id: page.id, url: `${deps.publicUrl}/k/${page.id}` }))
      .sort((a, b) => a.id.localeCompare(b.id)),
    batchId: made.batchId,
  };
}

const pageColumns = {
  id: partnerMadePages.profileId,
  madeAt: partnerMadePages.madeAt,
  extendedTrial: partnerMadePages.extendedTrial,
  sentTo: partnerMadePages.sentTo,
  sentAt: partnerMadePages.sentAt,
  sentCount: partnerMadePages.sentCount,
  note: partnerMadePages.note,
  takenBackAt: partnerMadePages.takenBackAt,
  status: profiles.status,
  ownerUserId: profiles.ownerUserId,
  claimedAt: profiles.claimedAt,
  qrPrintedAt: profiles.qrPrintedAt,
  pageName: sql<string | null>`nullif(trim(${profiles.content}->>'displayName'), '')`,
};

type PageRow = {
  id: string;
  madeAt: Date;
  extendedTrial: boolean;
  sentTo: string | null;
  sentAt: Date | null;
  sentCount: number;
  note: string | null;
  takenBackAt: Date | null;
  status: PartnerPage["status"];
  ownerUserId: string | null;
  claimedAt: Date | null;
  qrPrintedAt: Date | null;
  pageName: string | null;
};

function stateOf(row: Pick<PageRow, "ownerUserId" | "status" | "takenBackAt" | "sentAt">): PartnerPageState {
  if (row.ownerUserId || row.status !== "unclaimed") return "claimed";
  if (row.takenBackAt) return "taken_back";
  if (row.sentAt) return "sent";
  return "made";
}

function toPage(row: PageRow, publicUrl: string): PartnerPage {
  const claimed = stateOf(row) === "claimed";
  return {
    id: row.id,
    url: `${publicUrl}/k/${row.id}`,
    madeAt: row.madeAt.toISOString(),
    state: stateOf(row),
    status: row.status,
    // A page's name is the family's once they have claimed it; before, nobody wrote one.
    pageName: claimed ? row.pageName : null,
    extendedTrial: row.extendedTrial,
    sentTo: row.sentTo,
    sentAt: row.sentAt?.toISOString() ?? null,
    sentCount: row.sentCount,
    note: row.note,
    takenBackAt: row.takenBackAt?.toISOString() ?? null,
    claimedAt: claimed ? (row.claimedAt?.toISOString() ?? null) : null,
    qrPrintedAt: row.qrPrintedAt?.toISOString() ?? null,
  };
}

const own = (organisationId: string) => eq(partnerMadePages.organisationId, organisationId);

/** Escapes LIKE's wildcards in a typed search. */
const likeText = (value: string) => value.replace(/[\\%_]/g, (found) => `\\${found}`);

/** The organisation's made pages, newest first, searched by code, the address sent to, or the name. */
export async function listPartnerPages(
  deps: { db: Database; publicUrl: string },
  actor: Actor,
  query: PartnerPagesQuery,
): Promise<PartnerPageList> {
  const { db } = deps;
  const organisation = await callerOrganisation(db, actor);
  const filters: SQL[] = [own(organisation.id)];
  if (query.q) {
    const matches = or(
      eq(partnerMadePages.profileId, query.q.toUpperCase()),
      ilike(partnerMadePages.sentTo, `%${likeText(query.q)}%`),
      sql`${profiles.content}->>'displayName' ilike ${`%${likeText(query.q)}%`}`,
    );
    if (matches) filters.push(matches);
  }
  const where = and(...filters);
  const joined = eq(profiles.id, partnerMadePages.profileId);
  const [rows, [total], [counts]] = await Promise.all([
    db
      .select(pageColumns)
      .from(partnerMadePages)
      .innerJoin(profiles, joined)
      .where(where)
      .orderBy(desc(partnerMadePages.madeAt), asc(partnerMadePages.profileId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(partnerMadePages).innerJoin(profiles, joined).where(where),
    db
      .select({
        made: count(),
        sent: sql<number>`count(${partnerMadePages.sentAt})::int`,
        claimed: sql<number>`count(${profiles.ownerUserId})::int`,
      })
      .from(partnerMadePages)
      .innerJoin(profiles, joined)
      .where(own(organisation.id)),
  ]);
  return {
    rows: rows.map((row) => toPage(row, deps.publicUrl)),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    counts: {
      made: Number(counts?.made ?? 0),
      sent: Number(counts?.sent ?? 0),
      claimed: Number(counts?.claimed ?? 0),
    },
  };
}

/** One of the organisation's pages (locked for a change); another's or none is `partner.page-missing`. */
async function ownPage(
  db: Executor,
  organisationId: string,
  profileId: string,
  lock = false,
): Promise<PageRow> {
  const query = db
    .select(pageColumns)
    .from(partnerMadePages)
    .innerJoin(profiles, eq(profiles.id, partnerMadePages.profileId))
    .where(and(own(organisationId), eq(partnerMadePages.profileId, profileId.toUpperCase())));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw refuse("partner.page-missing");
  return row;
}

async function pageAfter(db: Executor, organisationId: string, profileId: string, publicUrl: string) {
  return toPage(await ownPage(db, organisationId, profileId), publicUrl);
}

export type SendDeps = { db: Database; publicUrl: string; extendedTrialDays: number };
export { partnerSendLimits } from "./send-limits";

/**
 * E-mails the claim link of an unclaimed page to a family (again, to another address, or after it was
 * taken back), with the partner's note; `extendedTrial`, when given, sets the partner's gift. The
 * e-mail goes once the sending is committed, in the sending partner's language.
 */
export async function sendPartnerPage(
  deps: SendDeps,
  input: { profileId: string; email: string; note: string | null; extendedTrial?: boolean },
  actor: Actor,
  origin: RequestOrigin,
): Promise<PartnerPage> {
  const organisation = await callerOrganisation(deps.db, actor);
  // Only the organisation's own pages count against its limits (another's answers 404 first).
  await ownPage(deps.db, organisation.id, input.profileId);
  return sendOwnPage(deps, { organisation, input, actor, origin });
}

/** Sends the link of a page the caller's organisation is known to have made (checked by the caller). */
async function sendOwnPage(
  deps: SendDeps,
  {
    organisation,
    input,
    actor,
    origin,
  }: {
    organisation: { id: string; slug: string };
    input: { profileId: string; email: string; note: string | null; extendedTrial?: boolean };
    actor: Actor;
    origin: RequestOrigin;
  },
): Promise<PartnerPage> {
  const { db } = deps;
  const [name, locale] = await Promise.all([
    organisationDisplayName(db, organisation.id),
    accountLocale(db, actor.id),
  ]);
  await countSending(db, organisation.id, input.profileId);
  await transaction(db, async (tx) => {
    const page = await ownPage(tx, organisation.id, input.profileId, true);
    if (stateOf(page) === "claimed") throw refuse("partner.page-claimed");
    const extendedTrial = input.extendedTrial ?? page.extendedTrial;
    const now = new Date();
    await tx
      .update(partnerMadePages)
      .set({
        sentTo: input.email.trim(),
        note: input.note,
        sentAt: now,
        sentByUserId: actor.id,
        sentCount: page.sentCount + 1,
        takenBackAt: null,
        extendedTrial,
      })
      .where(eq(partnerMadePages.profileId, page.id));
    await audit(tx, {
      action: "partner.page_send",
      actorUserId: actor.id,
      details: { profileId: page.id, organisationId: organisation.id, sending: page.sentCount + 1 },
      ...origin,
    });
    recordEvent(tx, pageChanged(page.id));
    recordEvent(
      tx,
      sentEvent(page.id, page.sentCount + 1, {
        to: input.email.trim(),
        organisation: name ?? organisation.slug,
        note: input.note,
        extendedTrialDays: extendedTrial ? deps.extendedTrialDays : null,
        locale,
      }),
    );
  });
  return pageAfter(db, organisation.id, input.profileId, deps.publicUrl);
}

function sentEvent(
  profileId: string,
  sending: number,
  mail: {
    to: string;
    organisation: string;
    note: string | null;
    extendedTrialDays: number | null;
    locale: Locale;
  },
) {
  return { type: "partner-page.sent" as const, profileId, sending, ...mail };
}

/** The same e-mail again, to the address it last went to: only while the link is out and unclaimed. */
export async function resendPartnerPage(
  deps: SendDeps,
  profileId: string,
  actor: Actor,
  origin: RequestOrigin,
): Promise<PartnerPage> {
  const organisation = await callerOrganisation(deps.db, actor);
  const page = await ownPage(deps.db, organisation.id, profileId);
  if (stateOf(page) === "claimed") throw refuse("partner.page-claimed");
  if (stateOf(page) !== "sent" || !page.sentTo) throw refuse("partner.page-not-sent");
  return sendOwnPage(deps, {
    organisation,
    input: { profileId, email: page.sentTo, note: page.note },
    actor,
    origin,
  });
}

/**
 * Takes an unclaimed page's link back: nobody can claim the page until the partner sends it again, and
 * its link says so. The page stays the organisation's, unclaimed.
 */
export async function takeBackPartnerPage(
  deps: { db: Database; publicUrl: string },
  profileId: string,
  actor: Actor,
  origin: RequestOrigin,
): Promise<PartnerPage> {
  const { db } = deps;
  const organisation = await callerOrganisation(db, actor);
  await transaction(db, async (tx) => {
    // The page's own row is locked too, so a claim at the same moment waits and then sees it taken back.
    const [locked] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, profileId.toUpperCase()))
      .for("update");
    const page = await ownPage(tx, organisation.id, locked?.id ?? profileId, true);
    if (stateOf(page) === "claimed") throw refuse("partner.page-claimed");
    if (page.takenBackAt) return;
    await tx
      .update(partnerMadePages)
      .set({ takenBackAt: new Date() })
      .where(eq(partnerMadePages.profileId, page.id));
    await audit(tx, {
      action: "partner.page_take_back",
      actorUserId: actor.id,
      details: { profileId: page.id, organisationId: organisation.id },
      ...origin,
    });
    recordEvent(tx, pageChanged(page.id));
  });
  return pageAfter(db, organisation.id, profileId, deps.publicUrl);
}

/**
 * Who made an unclaimed page for its family, by the name the family knows, and whether its link was
 * taken back (its claim view says so instead of offering it); null for a page no partner made.
 */
export async function madePageOrigin(
  db: Executor,
  profileId: string,
): Promise<{ organisation: string; takenBack: boolean } | null> {
  const [row] = await db
    .select({ organisationId: partnerMadePages.organisationId, takenBackAt: partnerMadePages.takenBackAt })
    .from(partnerMadePages)
    .where(eq(partnerMadePages.profileId, profileId));
  if (!row) return null;
  const organisation = (await organisationDisplayName(db, row.organisationId)) ?? "";
  return { organisation, takenBack: row.takenBackAt !== null };
}
