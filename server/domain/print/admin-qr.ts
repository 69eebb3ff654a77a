// The QR manager (ADR 015): the batches of unclaimed pages made for printing, the pages of a batch or a
// search, and the print sheet of their codes. Putting a page's code on a downloaded sheet marks it as
// printed (the first date is kept, so a reprint does not hide the first printing), audited with it.
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import {
  maxListedProfiles,
  maxSheetCodes,
  type QrBatchList,
  type QrProfileList,
  type QrProfilesQuery,
  type QrSheetParsedRequest,
} from "../../../contract/qr";
import type { Database } from "../../db/client";
import { partnerMadePages, partnerOrganisations, profileBatches, profiles, users } from "../../db/schema";
import { makeQrSheetPdf } from "../../providers/pdf/qr-sheet";
import { audit, type RequestOrigin, refuse, pageMissing, type Actor } from "../core";
import { profilePageUrl } from "./profile-qr";
import { profileSearch } from "../profiles";

const recentBatches = 50;

/** The newest batches with how many of their pages are still unclaimed and how many are printed. */
export async function listQrBatches(db: Database): Promise<QrBatchList> {
  const recent = db
    .select()
    .from(profileBatches)
    .orderBy(desc(profileBatches.createdAt), desc(profileBatches.id))
    .limit(recentBatches)
    .as("recent");
  const rows = await db
    .select({
      id: recent.id,
      createdAt: recent.createdAt,
      count: recent.count,
      createdBy: users.email,
      partner: partnerOrganisations.name,
      unclaimed: sql<number>`count(*) filter (where ${profiles.status} = 'unclaimed')`.mapWith(Number),
      printed: sql<number>`count(${profiles.qrPrintedAt})`.mapWith(Number),
    })
    .from(recent)
    .leftJoin(users, eq(users.id, recent.createdByUserId))
    .leftJoin(partnerOrganisations, eq(partnerOrganisations.id, recent.partnerOrganisationId))
    .leftJoin(profiles, eq(profiles.batchId, recent.id))
    .groupBy(recent.id, recent.createdAt, recent.count, users.email, partnerOrganisations.name)
    .orderBy(desc(recent.createdAt), desc(recent.id));
  return {
    batches: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      partner: row.partner ?? null,
      createdBy: row.createdBy ?? null,
    })),
  };
}

/**
 * Whose pages a sheet may hold: any (the admin's), or only those a partner organisation made for its
 * families (its own sheet), kept to them in the queries themselves.
 */
export type SheetScope = { organisationId: string } | null;

async function assertBatch(
  db: Database,
  batchId: string,
  field: string,
  scope: SheetScope = null,
): Promise<void> {
  const [batch] = await db
    .select({ id: profileBatches.id })
    .from(profileBatches)
    .where(
      and(
        eq(profileBatches.id, batchId),
        scope ? eq(profileBatches.partnerOrganisationId, scope.organisationId) : undefined,
      ),
    );
  if (!batch) throw refuse("qr.batch-missing", {}, { field });
}

/** A partner's own pages: those its organisation made (joined to the pages a sheet selects). */
const madeBy = (scope: SheetScope) =>
  scope
    ? and(
        eq(partnerMadePages.profileId, profiles.id),
        eq(partnerMadePages.organisationId, scope.organisationId),
      )
    : undefined;

/** The pages of a batch (or its unclaimed ones) and/or a search, by code; at most maxListedProfiles. */
export async function listQrProfiles(
  db: Database,
  publicUrl: string,
  query: QrProfilesQuery,
): Promise<QrProfileList> {
  const filters: SQL[] = [];
  if (query.batch) {
    await assertBatch(db, query.batch, "batch");
    filters.push(eq(profiles.batchId, query.batch));
  }
  if (query.unclaimed) filters.push(eq(profiles.status, "unclaimed"));
  if (query.q) filters.push(profileSearch(db, query.q));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: profiles.id,
        status: profiles.status,
        ownerEmail: users.email,
        qrPrintedAt: profiles.qrPrintedAt,
      })
      .from(profiles)
      .leftJoin(users, eq(users.id, profiles.ownerUserId))
      .where(where)
      .orderBy(asc(profiles.id))
      .limit(maxListedProfiles),
    db.select({ n: count() }).from(profiles).where(where),
  ]);
  return {
    profiles: rows.map((row) => ({
      id: row.id,
      status: row.status,
      url: profilePageUrl(publicUrl, row.id),
      ownerEmail: row.ownerEmail ?? null,
      qrPrintedAt: row.qrPrintedAt?.toISOString() ?? null,
    })),
    total: total?.n ?? 0,
  };
}

/** The codes the sheet request names, in the order they are printed. */
async function sheetIds(db: Database, request: QrSheetParsedRequest, scope: SheetScope): Promise<string[]> {
  const own = madeBy(scope);
  const pages = () => {
    const query = db.select({ id: profiles.id }).from(profiles);
    return own ? query.innerJoin(partnerMadePages, own) : query;
  };
  if (request.source === "ids") {
    const unique = [...new Set(request.ids)];
    const found = await pages().where(inArray(profiles.id, unique));
    const known = new Set(found.map((row) => row.id));
    const missing = request.ids.findIndex((id) => !known.has(id));
    if (missing !== -1) throw pageMissing(`ids.${missing}`);
    return unique;
  }
  await assertBatch(db, request.batchId, "batchId", scope);
  const part = request.part;
  const rows = await pages()
    .where(
      and(
        eq(profiles.batchId, request.batchId),
        request.unclaimedOnly ? eq(profiles.status, "unclaimed") : undefined,
      ),
    )
    .orderBy(asc(profiles.id))
    .offset((part - 1) * maxSheetCodes)
    .limit(maxSheetCodes);
  if (rows.length === 0) {
    throw refuse(request.unclaimedOnly ? "qr.none-unclaimed" : "qr.part-empty");
  }
  return rows.map((row) => row.id);
}

/**
 * The print sheet of the requested pages' codes, and the pages marked as printed (their first date
 * kept) with an audit entry, in one transaction after the PDF is made: a failed PDF marks nothing.
 */
export async function printQrSheet(
  deps: { db: Database; publicUrl: string },
  {
    request,
    actor,
    origin,
    scope = null,
  }: { request: QrSheetParsedRequest; actor: Actor; origin: RequestOrigin; scope?: SheetScope },
): Promise<{ pdf: Uint8Array; count: number; filename: string }> {
  const ids = await sheetIds(deps.db, request, scope);
  const pdf = await makeQrSheetPdf(
    ids.map((id) => ({ id, url: profilePageUrl(deps.publicUrl, id) })),
    { level: request.level, title: "Kammare QR codes" },
  );
  await deps.db.transaction(async (tx) => {
    const marked = await tx
      .update(profiles)
      .set({ qrPrintedAt: new Date() })
      .where(and(inArray(profiles.id, ids), isNull(profiles.qrPrintedAt)))
      .returning({ id: profiles.id });
    await audit(tx, {
      action: scope ? "partner.qr_printed" : "admin.qr_printed",
      actorUserId: actor.id,
      details: {
        ...(scope ? { organisationId: scope.organisationId } : {}),
        count: ids.length,
        firstPrinting: marked.length,
        level: request.level,
        ...(request.source === "batch"
          ? { batchId: request.batchId, part: request.part }
          : { profileIds: ids }),
      },
      ...origin,
    });
  });
  const first = ids[0] ?? "";
  return { pdf, count: ids.length, filename: `kammare-qr-${first}-${ids.length}.pdf` };
}
