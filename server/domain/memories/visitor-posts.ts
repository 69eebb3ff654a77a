// What a visitor may do on a live page without an account: write a memory, light a candle, report
// a memory; on a resting page only light a candle (decisions "Where money meets people"). Each post passes the same guards first: the page takes it, the hidden field is empty,
// the form was rendered a few seconds ago at least, and the address and the page are within their
// limits (counted in the database, so every process shares them).
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type {
  CandleNameState,
  LightCandleRequest,
  MemorySettings,
  ReportMemoryRequest,
  WriteMemoryRequest,
} from "../../../contract/memories";
import { fallbackLocale, type Locale } from "../../../contract/locale";
import type { Database } from "../../db/client";
import type { ImageStore } from "../../providers/images";
import { deletePhotoFiles, deletePhotoRows } from "../pictures";
import { candles, memories, memoryReports, profiles } from "../../db/schema";
import { refuse, consume, newToken, tokenHash, transaction, type Limit } from "../core";
import { pageChanged, recordEvent } from "../core";
import { liveStatuses } from "../profiles";
import { pageMissing } from "./access";
import { addressHash, checkFormToken } from "./form-token";
import { containsLink } from "./links";
import { memorySettingsOf } from "./settings";
import {
  checkAttachedPhotos,
  insertMemoryPhotos,
  removeStored,
  storeAttachedPhotos,
  type AttachedPhoto,
  type MemoryPhotoDeps,
} from "./memory-photos";

/** Per visitor's address and per page, in fixed windows (server/domain/core/rate-limit.ts). */
export const visitorLimits = {
  memoriesPerAddressPerHour: 5,
  memoriesPerPagePerHour: 60,
  candlesPerAddressPerMinute: 10,
  /** A full church lighting candles through the page's QR code in the hour after a funeral fits. */
  candlesPerPagePerHour: 100,
  reportsPerAddressPerHour: 10,
  /** Memories with photos from one address in an hour (each photo is made in several sizes). */
  memoriesWithPhotosPerAddressPerHour: 3,
} as const;

/**
 * A memory has one open report at a time: later reports add their address (and the first few
 * their reason) to it, so a flood from many addresses is one row in the admin's queue. Addresses are
 * counted up to this many; a memory reported that often is plainly the admin's to look at.
 */
export const reportLimits = { addressesCounted: 50, laterReasonsKept: 5 } as const;

type VisitorPost = { profileId: string; website: string; formToken: string };
/** What a visitor posts: a resting page takes only a candle. */
type PostKind = "memory" | "candle" | "report";
/** Who posts: their address (for the limits), and the language they read the page in (e-mails). */
type Visitor = { ip: string | null; now?: Date; locale?: Locale };

/** Throws `not_found` unless the page exists and visitors see it (liveStatuses). */
export async function assertLivePage(db: Database, profileId: string): Promise<void> {
  const [page] = await db
    .select({ status: profiles.status })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!page || !liveStatuses.includes(page.status)) throw pageMissing();
}

/**
 * Throws unless the page takes this post: a live page takes every post; a resting (`expired`) one keeps
 * its candles and takes new ones, a visitor at the grave scanning its QR code, while writing waits
 * for payment (`memory.closed`; decisions "Where money meets people"). Any other page is as missing as
 * none (a draft, a suspended, unclaimed or removed page).
 */
async function assertPageTakes(db: Database, profileId: string, kind: PostKind): Promise<void> {
  const [page] = await db
    .select({ status: profiles.status })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (page && liveStatuses.includes(page.status)) return;
  if (page?.status !== "expired") throw pageMissing();
  if (kind !== "candle") throw refuse("memory.closed");
}

/**
 * The guards every visitor's post passes, in order; answers the page's settings. `minimumSeconds`: how
 * long after its render the form may come (a candle's need not wait: contract/memory-values.ts).
 */
async function admit(
  db: Database,
  { post, kind }: { post: VisitorPost; kind: PostKind },
  visitor: Visitor,
  limits: Limit[],
  minimumSeconds?: number,
): Promise<MemorySettings> {
  await assertPageTakes(db, post.profileId, kind);
  if (post.website.trim() !== "") throw refuse("memory.robot");
  await checkFormToken(db, {
    profileId: post.profileId,
    token: post.formToken,
    now: visitor.now,
    minimumSeconds,
  });
  await consume(db, limits, visitor.now);
  return memorySettingsOf(db, post.profileId);
}

const addressKey = (what: string, ip: string | null) => `${what}:ip:${ip ?? "unknown"}`;

export type WrittenMemory = {
  id: string;
  state: "pending" | "shown";
  /** The writer's secret link to delete it, when they left an address (sent to them, never shown). */
  deleteToken: string | null;
};

/** A memory's photos (a visitor's post may carry a few) and what makes and stores them. */
export type MemoryAttachments = MemoryPhotoDeps & { photos: readonly AttachedPhoto[] };

/**
 * Keeps a visitor's memory, and its photos when it carries any: the guards first, then the photos made
 * and stored, then the memory's and the photos' rows in one transaction (the files go again if it fails).
 * The photos wait for the family's approval whatever the page's setting.
 */
export async function writeMemory(
  db: Database,
  input: WriteMemoryRequest,
  visitor: Visitor,
  attachments?: MemoryAttachments,
): Promise<WrittenMemory> {
  const attached = attachments?.photos ?? [];
  checkAttachedPhotos(attached);
  const settings = await admit(db, { post: input, kind: "memory" }, visitor, [
    {
      key: addressKey("memory", visitor.ip),
      max: visitorLimits.memoriesPerAddressPerHour,
      windowSeconds: 3600,
    },
    { key: `memory:page:${input.profileId}`, max: visitorLimits.memoriesPerPagePerHour, windowSeconds: 3600 },
    // Making photos costs the server: a memory with photos is counted once more, on its own.
    ...(attached.length
      ? [
          {
            key: addressKey("memory-photos", visitor.ip),
            max: visitorLimits.memoriesWithPhotosPerAddressPerHour,
            windowSeconds: 3600,
          },
        ]
      : []),
  ]);
  if (settings.moderation === "off") throw refuse("memory.closed");
  // The relation shows beside the name on the page: a link there is as much a link as in the text.
  const written = { text: input.text, name: input.name, relation: input.relation ?? "" };
  const linked = Object.entries(written).find(([, value]) => containsLink(value));
  if (!settings.allowLinks && linked) {
    throw refuse("memory.links", {}, { field: linked[0] });
  }
  const state = settings.moderation === "open" ? "shown" : "pending";
  const deleteToken = input.email ? newToken() : null;
  const stored =
    attachments && attached.length
      ? await storeAttachedPhotos(attachments, { profileId: input.profileId, attached })
      : [];
  try {
    const id = await transaction(db, async (tx) => {
      const [row] = await tx
        .insert(memories)
        .values({
          profileId: input.profileId,
          writerName: input.name,
          relation: input.relation,
          body: input.text,
          writerEmail: input.email,
          state,
          deleteTokenHash: deleteToken ? tokenHash(deleteToken) : null,
          createdAt: visitor.now,
        })
        .returning({ id: memories.id });
      if (!row) throw new Error("The memory was not kept.");
      await insertMemoryPhotos(tx, { memoryId: row.id, stored });
      // Committed with the rows: its e-mails go and a memory shown at once changes the page now (ADR 033).
      recordEvent(tx, {
        type: "memory.written",
        memoryId: row.id,
        profileId: input.profileId,
        receipt:
          deleteToken && input.email
            ? { to: input.email, token: deleteToken, locale: visitor.locale ?? fallbackLocale }
            : null,
      });
      if (state === "shown") recordEvent(tx, pageChanged(input.profileId));
      return row.id;
    });
    return { id, state, deleteToken };
  } catch (error) {
    if (attachments) await removeStored(attachments.images, stored);
    throw error;
  }
}

/**
 * A candle counts at once; its name follows the page's rules for memories: no link unless
 * links are allowed, shown at once on an `open` page and waiting for the owner otherwise. Answers
 * what became of the name (`null`: none was given).
 */
export async function lightCandle(
  db: Database,
  input: LightCandleRequest,
  visitor: Visitor,
): Promise<{ nameState: CandleNameState | null }> {
  const settings = await admit(
    db,
    { post: input, kind: "candle" },
    visitor,
    [
      {
        key: addressKey("candle", visitor.ip),
        max: visitorLimits.candlesPerAddressPerMinute,
        windowSeconds: 60,
      },
      {
        key: `candle:page:${input.profileId}`,
        max: visitorLimits.candlesPerPagePerHour,
        windowSeconds: 3600,
      },
    ],
    0,
  );
  if (!settings.candlesOn) throw refuse("memory.candles-off");
  if (input.name && !settings.allowLinks && containsLink(input.name)) {
    throw refuse("memory.candle-links");
  }
  const nameState: CandleNameState = settings.moderation === "open" ? "shown" : "pending";
  await db
    .insert(candles)
    .values({ profileId: input.profileId, name: input.name, nameState, createdAt: visitor.now });
  return { nameState: input.name ? nameState : null };
}

/**
 * A visitor's report of a shown memory: once per address and memory (a second is answered 409). The
 * memory's open report takes it, or a new one is opened when there is none (reportLimits).
 */
export async function reportMemory(
  db: Database,
  input: ReportMemoryRequest,
  visitor: Visitor,
): Promise<{ profileId: string }> {
  const [memory] = await db
    .select({ profileId: memories.profileId })
    .from(memories)
    .where(and(eq(memories.id, input.memoryId), eq(memories.state, "shown")));
  if (!memory) throw refuse("memory.missing");
  await admit(db, { post: { ...input, profileId: memory.profileId }, kind: "report" }, visitor, [
    {
      key: addressKey("memory-report", visitor.ip),
      max: visitorLimits.reportsPerAddressPerHour,
      windowSeconds: 3600,
    },
  ]);
  const reporter = await addressHash(db, visitor.ip);
  // Any report of the memory, open or decided, that counted this address already.
  const [before] = await db
    .select({ id: memoryReports.id })
    .from(memoryReports)
    .where(
      and(
        eq(memoryReports.memoryId, input.memoryId),
        or(eq(memoryReports.reporterHash, reporter), sql`${reporter} = any(${memoryReports.reporterHashes})`),
      ),
    )
    .limit(1);
  if (before) throw refuse("memory.already-reported");
  const hashes = sql.raw(`"memory_reports"."reporter_hashes"`);
  const reasons = sql.raw(`"memory_reports"."later_reasons"`);
  // One statement, so reports arriving together from many addresses all find the one open report. When
  // the open report counts as many addresses as it may, the report is taken and adds nothing.
  const [kept] = await db
    .insert(memoryReports)
    .values({
      memoryId: input.memoryId,
      reason: input.reason,
      reporterHash: reporter,
      reporterHashes: [reporter],
      createdAt: visitor.now,
    })
    .onConflictDoUpdate({
      target: memoryReports.memoryId,
      targetWhere: sql`${memoryReports.state} = 'open'`,
      set: {
        reporterHashes: sql`array_append(${hashes}, ${reporter})`,
        laterReasons: sql`case when cardinality(${reasons}) < ${reportLimits.laterReasonsKept}
          then array_append(${reasons}, ${input.reason}) else ${reasons} end`,
      },
      setWhere: sql`cardinality(${hashes}) < ${reportLimits.addressesCounted}
        and not (${reporter} = any(${hashes}))`,
    })
    // A row written anew (not one updated) has no xmax: the report opened a new round.
    .returning({ id: memoryReports.id, opened: sql<boolean>`(xmax = 0)` });
  // Committed (one statement): the owner hears of a new report once, not of each address joining it.
  if (kept?.opened) {
    recordEvent(db, {
      type: "memory.reported",
      reportId: kept.id,
      memoryId: input.memoryId,
      profileId: memory.profileId,
    });
  }
  return memory;
}

/**
 * The memory the writer's own link deletes, as its page shows it before they confirm: what they wrote,
 * when, under which name, on whose page. Any state (a memory waiting for the family is theirs too).
 */
export async function readOwnMemory(
  db: Database,
  token: string,
): Promise<{
  profileId: string;
  pageName: string;
  name: string;
  relation: string | null;
  text: string;
  createdAt: string;
}> {
  const [row] = await db
    .select({ memory: memories, content: profiles.content })
    .from(memories)
    .innerJoin(profiles, eq(profiles.id, memories.profileId))
    .where(and(eq(memories.deleteTokenHash, tokenHash(token)), sql`${memories.state} <> 'removed'`));
  if (!row) throw refuse("memory.delete-link-invalid");
  const { memory, content } = row;
  return {
    profileId: memory.profileId,
    pageName: content.displayName?.trim() || memory.profileId,
    name: memory.writerName,
    relation: memory.relation,
    text: memory.body,
    createdAt: memory.createdAt.toISOString(),
  };
}

/** The writer's own link: removes their memory for good (and its reports with it). */
export async function deleteOwnMemory(
  { db, images }: { db: Database; images: ImageStore },
  token: string,
): Promise<{ profileId: string }> {
  const { row, photoFiles } = await transaction(db, async (tx) => {
    const [found] = await tx
      .select({ id: memories.id, profileId: memories.profileId })
      .from(memories)
      .where(eq(memories.deleteTokenHash, tokenHash(token)))
      .for("update");
    if (!found) throw refuse("memory.delete-link-invalid");
    // Its photos go with it, files and all (their rows first, so none names a missing file).
    const gone = await deletePhotoRows(tx, { profileId: found.profileId, memoryId: found.id });
    await tx.delete(memories).where(eq(memories.id, found.id));
    recordEvent(tx, pageChanged(found.profileId));
    return { row: found, photoFiles: gone };
  });
  await deletePhotoFiles(images, photoFiles);
  return { profileId: row.profileId };
}

/** The number of memories on each of these pages (any state but removed), for lists of pages. */
export async function memoryCounts(db: Database, profileIds: string[]): Promise<Map<string, number>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select({ profileId: memories.profileId, count: sql<number>`count(*)::int` })
    .from(memories)
    .where(and(inArray(memories.profileId, profileIds), sql`${memories.state} <> 'removed'`))
    .groupBy(memories.profileId);
  return new Map(rows.map((row) => [row.profileId, Number(row.count)]));
}
