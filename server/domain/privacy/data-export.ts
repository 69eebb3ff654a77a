// A customer's data, all of it, as one ZIP (ADR 016): JSON of the account, the pages with
// their content, walkthrough and history, orders, invoices, consents and the security log about them,
// then the image files. The JSON is read first (one customer's rows); the images are read one at a
// time as the download asks for more, so many images never sit in the server's memory at once.
import { asc, eq, inArray, or } from "drizzle-orm";
import type { AnalyticsConsent } from "../../../contract/consent";
import { videoWatchUrl } from "../../../contract/video-values";
import type { Database } from "../../db/client";
import {
  albums,
  auditLog,
  candles,
  invoiceLines,
  invoicePayments,
  invoices,
  memories,
  orders,
  photos,
  profileImages,
  profiles,
  profileStatusHistory,
  sessions,
  subscriptions,
  users,
  videos,
  walkthroughSteps,
} from "../../db/schema";
import type { ImageStore } from "../../providers/images/index";
import { audit, type RequestOrigin, refuse, zipStream } from "../core";
import { imageKeysOf } from "../profiles";

/** The JSON parts of the export, by file name; each is checked by the export test against the rows. */
export const exportParts = [
  "account.json",
  "profiles.json",
  "orders.json",
  "invoices.json",
  "consents.json",
  "audit-log.json",
] as const;

const readme = `Your data from Kammare
======================

account.json    your account: e-mail address, roles, when it was made and verified, your sessions
profiles.json   your pages: content, settings, the guided setup's steps, status history, images, albums,
                and the memories and candles visitors left on them
orders.json     your orders and the subscriptions they started
invoices.json   your invoices with their lines and payments
consents.json   what you have agreed to: analytics on this device, the extended trial's terms
audit-log.json  the security log's entries about your account (sign-ins, password changes, ...)
images/         the image files of your pages: portraits and covers in every size we keep, and
                every photo as it was uploaded
videos/         the video clips uploaded to your pages, as they are shown

Dina uppgifter från Kammare: samma delar som ovan, som JSON, bildfilerna i images/ och filmerna i videos/.
`;

export type ExportDeps = { db: Database; images: ImageStore };

export type DataExport = {
  /** The file name to save it under. */
  fileName: string;
  stream: ReadableStream<Uint8Array>;
};

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/** Builds the export of `userId` (records an audit entry) and answers it as a stream of ZIP bytes. */
export async function exportAccountData(
  { db, images }: ExportDeps,
  userId: string,
  context: { analyticsConsent: AnalyticsConsent | null; origin: RequestOrigin; now?: Date },
): Promise<DataExport> {
  const now = context.now ?? new Date();
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.deletedAt) throw refuse("account.missing");

  const userSessions = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
  const pages = await db
    .select()
    .from(profiles)
    .where(eq(profiles.ownerUserId, userId))
    .orderBy(asc(profiles.createdAt));
  const pageIds = pages.map((page) => page.id);
  const [steps, history, imageRows, pageMemories, pageCandles, pageAlbums, pagePhotos, pageVideos] =
    pageIds.length
      ? await Promise.all([
          db.select().from(walkthroughSteps).where(inArray(walkthroughSteps.profileId, pageIds)),
          db
            .select()
            .from(profileStatusHistory)
            .where(inArray(profileStatusHistory.profileId, pageIds))
            .orderBy(asc(profileStatusHistory.at)),
          db
            .select()
            .from(profileImages)
            .where(inArray(profileImages.profileId, pageIds))
            .orderBy(asc(profileImages.createdAt)),
          db
            .select()
            .from(memories)
            .where(inArray(memories.profileId, pageIds))
            .orderBy(asc(memories.createdAt)),
          db
            .select()
            .from(candles)
            .where(inArray(candles.profileId, pageIds))
            .orderBy(asc(candles.createdAt)),
          db.select().from(albums).where(inArray(albums.profileId, pageIds)).orderBy(asc(albums.position)),
          db
            .select()
            .from(photos)
            .where(inArray(photos.profileId, pageIds))
            .orderBy(asc(photos.position), asc(photos.createdAt)),
          db.select().from(videos).where(inArray(videos.profileId, pageIds)).orderBy(asc(videos.createdAt)),
        ])
      : [[], [], [], [], [], [], [], []];
  const userOrders = await db
    .select()
    .from(orders)
    .where(eq(orders.customerUserId, userId))
    .orderBy(asc(orders.createdAt));
  const userSubscriptions = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.customerUserId, userId))
    .orderBy(asc(subscriptions.createdAt));
  const userInvoices = await db
    .select()
    .from(invoices)
    .where(eq(invoices.customerUserId, userId))
    .orderBy(asc(invoices.createdAt));
  const invoiceIds = userInvoices.map((invoice) => invoice.id);
  const [lines, payments] = invoiceIds.length
    ? await Promise.all([
        db
          .select()
          .from(invoiceLines)
          .where(inArray(invoiceLines.invoiceId, invoiceIds))
          .orderBy(asc(invoiceLines.position)),
        db
          .select()
          .from(invoicePayments)
          .where(inArray(invoicePayments.invoiceId, invoiceIds))
          .orderBy(asc(invoicePayments.paidOn)),
      ])
    : [[], []];
  const auditEntries = await db
    .select()
    .from(auditLog)
    .where(or(eq(auditLog.actorUserId, userId), eq(auditLog.targetUserId, userId)))
    .orderBy(asc(auditLog.at));
  const trialTerms = history
    .filter((entry) => entry.reasonCode === "extended_trial_started")
    .map((entry) => ({ profileId: entry.profileId, acceptedAt: entry.at }));

  // Each image's files, under images/{page}/…, in the order the pages list them.
  // Photos as they were uploaded (the originals; the page's smaller copies are made from them).
  const imageFiles = [
    ...imageRows.flatMap((row) => imageKeysOf(row.variants)),
    ...pagePhotos.map((photo) => photo.originalKey),
  ];
  const clipFiles = pageVideos.flatMap((video) => (video.videoKey ? [video.videoKey] : []));
  const photoView = (photo: (typeof pagePhotos)[number]) => ({
    id: photo.id,
    caption: photo.caption,
    taken: photo.taken,
    state: photo.state,
    uploadedAt: photo.createdAt,
    file: `images/${photo.originalKey}`,
  });
  const parts: Record<(typeof exportParts)[number], unknown> = {
    "account.json": {
      id: user.id,
      email: user.email,
      roles: user.roles,
      createdAt: user.createdAt,
      emailVerifiedAt: user.emailVerifiedAt,
      sessions: userSessions.map((session) => ({
        createdAt: session.createdAt,
        lastUsedAt: session.lastUsedAt,
        expiresAt: session.expiresAt,
        revokedAt: session.revokedAt,
        userAgent: session.userAgent,
      })),
    },
    "profiles.json": pages.map((page) => ({
      id: page.id,
      status: page.status,
      content: page.content,
      metadata: page.metadata,
      createdAt: page.createdAt,
      claimedAt: page.claimedAt,
      trialStartedAt: page.trialStartedAt,
      trialEndsAt: page.trialEndsAt,
      extendedTrialStartedAt: page.extendedTrialStartedAt,
      paidUntil: page.paidUntil,
      walkthrough: steps
        .filter((step) => step.profileId === page.id)
        .map((step) => ({ step: step.step, data: step.data, completedAt: step.completedAt })),
      statusHistory: history
        .filter((entry) => entry.profileId === page.id)
        .map((entry) => ({
          from: entry.fromStatus,
          to: entry.toStatus,
          reasonCode: entry.reasonCode,
          at: entry.at,
        })),
      images: imageRows
        .filter((row) => row.profileId === page.id)
        .map((row) => ({
          id: row.id,
          uploadedAt: row.createdAt,
          files: imageKeysOf(row.variants).map((key) => `images/${key}`),
        })),
      videos: pageVideos
        .filter((video) => video.profileId === page.id)
        .map((video) => ({
          id: video.id,
          title: video.title,
          addedAt: video.createdAt,
          ...(video.kind === "link" && video.provider && video.externalId
            ? { link: videoWatchUrl(video.provider, video.externalId) }
            : { file: video.videoKey ? `videos/${video.videoKey}` : null, status: video.status }),
        })),
      albums: pageAlbums
        .filter((album) => album.profileId === page.id)
        .map((album) => ({
          id: album.id,
          title: album.title,
          coverPhotoId: album.coverPhotoId,
          photos: pagePhotos.filter((photo) => photo.albumId === album.id).map(photoView),
        })),
      // What visitors wrote and lit on the page, as the owner sees it on the moderation screen.
      memories: pageMemories
        .filter((memory) => memory.profileId === page.id)
        .map((memory) => ({
          name: memory.writerName,
          relation: memory.relation,
          text: memory.body,
          email: memory.writerEmail,
          state: memory.state,
          reply: memory.reply,
          createdAt: memory.createdAt,
          decidedAt: memory.decidedAt,
          photos: pagePhotos.filter((photo) => photo.memoryId === memory.id).map(photoView),
        })),
      candles: pageCandles
        .filter((candle) => candle.profileId === page.id)
        .map((candle) => ({ name: candle.name, litAt: candle.createdAt })),
    })),
    "orders.json": userOrders.map((order) => ({
      ...order,
      subscriptions: userSubscriptions.filter((subscription) => subscription.orderId === order.id),
    })),
    "invoices.json": userInvoices.map((invoice) => ({
      ...invoice,
      lines: lines.filter((line) => line.invoiceId === invoice.id),
      payments: payments.filter((payment) => payment.invoiceId === invoice.id),
    })),
    "consents.json": {
      analyticsOnThisDevice: context.analyticsConsent,
      extendedTrialTerms: trialTerms,
    },
    "audit-log.json": auditEntries.map((entry) => ({
      at: entry.at,
      action: entry.action,
      byYou: entry.actorUserId === userId,
      ip: entry.ip,
      userAgent: entry.userAgent,
      details: entry.details,
    })),
  };

  await audit(db, {
    action: "account.export",
    actorUserId: userId,
    targetUserId: userId,
    details: { images: imageRows.length },
    ...context.origin,
  });

  return {
    fileName: `kammare-data-${now.toISOString().slice(0, 10)}.zip`,
    stream: zipStream(
      [
        { name: "README.txt", data: async () => new TextEncoder().encode(readme), compress: true },
        ...exportParts.map((name) => ({ name, data: async () => json(parts[name]), compress: true })),
        // Uploaded clips, streamed from the store as the download takes them.
        ...clipFiles.map((key) => ({
          name: `videos/${key}`,
          data: async () =>
            images.open ? ((await images.open(key))?.body ?? null) : ((await images.get(key))?.data ?? null),
          compress: false,
        })),
        ...imageFiles.map((key) => ({
          name: `images/${key}`,
          // A file missing from the store is left out rather than failing the whole download.
          data: async () => (await images.get(key))?.data ?? null,
          // Images are compressed already.
          compress: false,
        })),
      ],
      now,
    ),
  };
}
