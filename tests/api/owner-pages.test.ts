// An account's pages (ADR 029) and a page that never goes dark ("Never dark"), on
// every database engine: the list of the pages an account owns, each with its next step in each status,
// the pages it helps keep as an editor in their own group, nobody else's; and a page that lapses to
// `expired` keeps everything: its content, its images (rows and files) and its memories and candles.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { uploadImageResponseSchema } from "../../contract/images";
import type { OwnerPage } from "../../contract/owner-pages";
import {
  candles,
  invoices,
  memories,
  profileEditors,
  profileImages,
  profileStatusHistory,
  profiles,
} from "../../server/db/schema";
import { runLifecycle } from "../../server/domain/lifecycle";
import { ownerPages } from "../../server/domain/owner-pages";
import { restingSummary } from "../../server/domain/profiles";
import { createOutboxSender } from "../../server/providers/email";
import { call, type Account } from "../support/accounts";
import { insertCreditor } from "../support/creditor-row";
import { describeOnEngines } from "../support/api-fixture";
import { memoryCalls, proxiedConfig } from "../support/memories";
import { ownedPageWith, type PageFields } from "../support/named-draft";
import { paidOnTrialDayOne } from "../support/subscribed-page";

const dayMs = 24 * 60 * 60 * 1000;
/** The sweep's grace for a past-due page (GRACE_DAYS's default). */
const grace = { graceDays: 7 };
const named = (displayName: string, more: Record<string, unknown> = {}) => ({ displayName, ...more });

describeOnEngines("an account's pages", { app: { config: proxiedConfig } }, (fixture) => {
  const { app, db, accounts } = fixture;
  const { write, candle, stored } = memoryCalls(fixture);

  const pageOf = (owner: Account, fields: PageFields) => ownedPageWith(fixture, fields, owner);
  const byId = (pages: OwnerPage[]) => new Map(pages.map((page) => [page.id, page]));

  describe("ownerPages", () => {
    it("lists the owner's pages by name and portrait, oldest first, with each status's next step", async () => {
      const owner = await accounts.signUp();
      const trialEnds = new Date(Date.now() + 20 * dayMs);
      const paidUntil = new Date(Date.now() + 300 * dayMs);
      const draft = await pageOf(owner, { status: "draft", content: named("Astrid Lind") });
      const trial = await pageOf(owner, {
        status: "trial",
        trialEndsAt: trialEnds,
        content: named("Bertil Lind", { portraitImageUrl: "/uploads/X/abc-large.webp" }),
      });
      const extended = await pageOf(owner, {
        status: "extended_trial",
        trialEndsAt: trialEnds,
        content: named("Cecilia Lind"),
      });
      const active = await pageOf(owner, { status: "active", paidUntil, content: named("David Lind") });
      const pastDue = await pageOf(owner, { status: "past_due", content: named("Eva Lind") });
      const expired = await pageOf(owner, { status: "expired", content: named("Folke Lind") });
      const suspended = await pageOf(owner, { status: "suspended", content: named("Greta Lind") });
      const removed = await pageOf(owner, { status: "removed", content: {} });
      // A claimed page its owner has not named yet: listed, by its code, with an empty name.
      const unnamed = await pageOf(owner, { status: "draft", content: {} });

      const { owned, helping } = await ownerPages(db, owner.id, grace);
      expect(helping).toEqual([]);
      // Oldest first (the page "/" sends its owner to is the first), the removed page not at all.
      expect(owned.map((page) => page.id)).toEqual(
        [draft, trial, extended, active, pastDue, expired, suspended, unnamed].map((page) => page.id),
      );
      expect(owned.map((page) => page.id)).not.toContain(removed.id);
      const pages = byId(owned);
      const next = (id: string) => pages.get(id)?.next;
      expect(next(draft.id)).toEqual({ step: "publish", href: `/k/${draft.id}` });
      expect(next(trial.id)).toEqual({ step: "pay", href: `/k/${trial.id}/checkout/card` });
      expect(next(extended.id)).toEqual({ step: "pay", href: `/k/${extended.id}/checkout/card` });
      expect(next(active.id)).toEqual({ step: "open", href: `/k/${active.id}` });
      expect(next(pastDue.id)).toEqual({ step: "pay", href: `/k/${pastDue.id}/checkout/card` });
      expect(next(expired.id)).toEqual({ step: "renew", href: `/k/${expired.id}/checkout/card` });
      expect(next(suspended.id)).toBeNull();
      expect(pages.get(trial.id)).toMatchObject({
        role: "owner",
        status: "trial",
        name: "Bertil Lind",
        // The list's thumbnail is the portrait's small variant.
        portraitUrl: "/uploads/X/abc-small.webp",
        trialEndsAt: trialEnds.toISOString(),
        paidUntil: null,
      });
      expect(pages.get(active.id)).toMatchObject({ name: "David Lind", portraitUrl: null });
      expect(pages.get(active.id)?.paidUntil).toBe(paidUntil.toISOString());
      expect(pages.get(unnamed.id)).toMatchObject({ name: "", status: "draft" });
    });

    it("offers no checkout where one would be refused: a plan that runs, an invoice that waits", async () => {
      // A trial paid on its first day: the card is kept, nothing more to choose.
      const subscribed = await paidOnTrialDayOne(fixture);
      const planned = byId((await ownerPages(db, subscribed.owner.id, grace)).owned).get(subscribed.id);
      expect(planned?.next).toEqual({ step: "open", href: `/k/${subscribed.id}` });

      // A resting page whose owner was sent an invoice: paying it is how the page comes back.
      const owner = await accounts.signUp();
      const resting = await pageOf(owner, { status: "expired", content: named("Hugo Berg") });
      await db.insert(invoices).values({
        creditorId: await insertCreditor(db),
        profileId: resting.id,
        customerUserId: owner.id,
        status: "sent",
        number: 1,
        ocr: "1234567890",
        customerName: "Hugo Berg",
        customerAddressLines: ["Storgatan 1", "111 22 Stockholm"],
        customerEmail: owner.email,
        dueDate: "2030-01-31",
        netOre: 3_920,
        vatOre: 980,
        totalOre: 4_900,
      });
      const [page] = (await ownerPages(db, owner.id, grace)).owned;
      expect(page?.next).toEqual({ step: "invoice", href: `/k/${resting.id}` });
    });

    it("says by when a past-due page must be paid, and that a period paid by invoice does not renew by itself", async () => {
      const owner = await accounts.signUp();
      const pastDue = await pageOf(owner, { status: "past_due", content: named("Nils Ek") });
      const since = new Date(Date.now() - 2 * dayMs);
      await db
        .insert(profileStatusHistory)
        .values({ profileId: pastDue.id, fromStatus: "active", toStatus: "past_due", at: since });
      // Paid by invoice past its trial: one period, nothing renews it, nothing to choose now.
      const trialEnds = new Date(Date.now() + 10 * dayMs);
      const invoiced = await pageOf(owner, {
        status: "trial",
        trialEndsAt: trialEnds,
        paidUntil: new Date(trialEnds.getTime() + 30 * dayMs),
        content: named("Olle Ek"),
      });
      const pages = byId((await ownerPages(db, owner.id, grace)).owned);
      expect(pages.get(pastDue.id)?.payBy).toBe(new Date(since.getTime() + 7 * dayMs).toISOString());
      expect(pages.get(invoiced.id)).toMatchObject({
        renews: false,
        payBy: null,
        next: { step: "open", href: `/k/${invoiced.id}` },
      });
      // A card kept for the trial's end renews; cancelled, it does not.
      const subscribed = await paidOnTrialDayOne(fixture);
      const renewing = async () =>
        byId((await ownerPages(db, subscribed.owner.id, grace)).owned).get(subscribed.id)?.renews;
      expect(await renewing()).toBe(true);
      const cancelled = await call(app, "/api/kammare/subscriptions/cancel", {
        bearer: subscribed.owner.token,
        json: { profileId: subscribed.id },
      });
      expect(cancelled.status).toBe(200);
      expect(await renewing()).toBe(false);
    });

    it("lists the pages an account helps keep in their own group, to edit, never to pay", async () => {
      const owner = await accounts.signUp();
      const editor = await accounts.signUp();
      const first = await pageOf(owner, { status: "expired", content: named("Ingrid Åberg") });
      const second = await pageOf(owner, { status: "trial", content: named("Johan Åberg") });
      const third = await pageOf(owner, { status: "suspended", content: named("Karl Åberg") });
      const notTheirs = await pageOf(owner, { status: "active", content: named("Lars Åberg") });
      const own = await pageOf(editor, { status: "draft", content: named("Maja Ek") });
      // Joined in this order (the family helper's invitations fill this table; here it is set up).
      const at = Date.now();
      for (const [index, page] of [second, first, third].entries()) {
        await db.insert(profileEditors).values({
          profileId: page.id,
          userId: editor.id,
          addedByUserId: owner.id,
          addedAt: new Date(at + index * 1000),
        });
      }

      const theirs = await ownerPages(db, editor.id, grace);
      expect(theirs.owned.map((page) => page.id)).toEqual([own.id]);
      expect(theirs.helping.map((page) => [page.id, page.role, page.next])).toEqual([
        [second.id, "editor", { step: "edit", href: `/k/${second.id}` }],
        [first.id, "editor", { step: "edit", href: `/k/${first.id}` }],
        [third.id, "editor", null],
      ]);
      expect(theirs.helping.map((page) => page.id)).not.toContain(notTheirs.id);

      // The owner's own list is unchanged by having an editor: each page once, as the owner's.
      const owners = await ownerPages(db, owner.id, grace);
      expect(owners.owned.map((page) => page.id)).toEqual([first, second, third, notTheirs].map((p) => p.id));
      expect(owners.owned.every((page) => page.role === "owner")).toBe(true);
      expect(owners.helping).toEqual([]);
    });

    it("shows nobody else's pages: a stranger has none, whatever others own or keep", async () => {
      const owner = await accounts.signUp();
      const editor = await accounts.signUp();
      const stranger = await accounts.signUp();
      const page = await pageOf(owner, { status: "active", content: named("Nils Holm") });
      await db.insert(profileEditors).values({ profileId: page.id, userId: editor.id });
      expect(await ownerPages(db, stranger.id, grace)).toEqual({ owned: [], helping: [] });
    });
  });

  describe("a page that lapses", () => {
    it("rests when its trial ends, and keeps its content, images and memories", async () => {
      const owner = await accounts.signUp();
      const trialEndsAt = new Date(Date.now() + dayMs);
      const story = "She grew roses by the sea.\nEvery summer.\n\nLater she taught at the school.";
      const page = await pageOf(owner, {
        status: "trial",
        trialStartedAt: new Date(Date.now() - 29 * dayMs),
        trialEndsAt,
        content: named("Olga Strand", {
          subtitle: "Gardener",
          story,
          birthDate: "1931-03-12",
          deathDate: "2024-05-04",
        }),
      });
      // A portrait, uploaded and chosen as the owner does.
      const form = new FormData();
      form.append("profileId", page.id);
      form.append("kind", "portrait");
      const jpeg = await sharp({
        create: { width: 400, height: 400, channels: 3, background: { r: 90, g: 120, b: 100 } },
      })
        .jpeg()
        .toBuffer();
      form.append("image", new File([new Uint8Array(jpeg)], "olga.jpg", { type: "image/jpeg" }));
      const uploaded = await app.request("/api/kammare/images", {
        method: "POST",
        body: form,
        headers: { Authorization: `Bearer ${owner.token}`, Origin: "http://localhost:3000" },
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(201);
      const { image } = uploadImageResponseSchema.parse(await uploaded.json());
      const chosen = await call(app, "/api/kammare/profile", {
        method: "PUT",
        bearer: owner.token,
        json: { profile: { id: page.id, portraitImageUrl: image.url } },
      });
      expect(chosen.status, await chosen.clone().text()).toBe(200);
      // A memory (waiting for the owner, as by default) and a candle from visitors.
      expect((await write(page.id)).status).toBe(201);
      expect((await candle(page.id)).status).toBe(204);

      const [before] = await db.select().from(profiles).where(eq(profiles.id, page.id));
      const imagesBefore = await db.select().from(profileImages).where(eq(profileImages.profileId, page.id));
      const memoriesBefore = await stored(page.id);
      const candlesBefore = await db.select().from(candles).where(eq(candles.profileId, page.id));
      expect(imagesBefore).toHaveLength(1);
      expect(memoriesBefore).toHaveLength(1);
      expect(candlesBefore).toHaveLength(1);

      // The sweep a day after the trial's end: nothing paid, the page rests.
      const outbox = mkdtempSync(path.join(tmpdir(), "kammare-owner-pages-"));
      const report = await runLifecycle({
        db,
        email: createOutboxSender({ dir: outbox, from: "Kammare <no-reply@localhost>" }),
        config: proxiedConfig,
        now: new Date(trialEndsAt.getTime() + dayMs),
      });
      expect(report.statusChanges.map((change) => [change.profileId, change.to])).toContainEqual([
        page.id,
        "expired",
      ]);

      const [after] = await db.select().from(profiles).where(eq(profiles.id, page.id));
      expect(after?.status).toBe("expired");
      // The whole content, the portrait's address too, as it was.
      expect(after?.content).toEqual(before?.content);
      expect(after?.content.portraitImageUrl).toBe(image.url);
      expect(await db.select().from(profileImages).where(eq(profileImages.profileId, page.id))).toEqual(
        imagesBefore,
      );
      expect(await db.select().from(memories).where(eq(memories.profileId, page.id))).toHaveLength(1);
      expect(await stored(page.id)).toEqual(memoriesBefore);
      expect(await db.select().from(candles).where(eq(candles.profileId, page.id))).toEqual(candlesBefore);
      // The picture itself is still served: the resting page shows it.
      for (const variant of Object.values(image.variants)) {
        expect((await app.request(variant.url)).status, variant.url).toBe(200);
      }

      // What visitors see of it now: the name, the dates, the portrait, the first paragraph only.
      expect(restingSummary(after?.content ?? {})).toEqual({
        name: "Olga Strand",
        birthDate: "1931-03-12",
        deathDate: "2024-05-04",
        subtitle: "Gardener",
        portraitImageUrl: image.url,
        firstParagraph: "She grew roses by the sea.\nEvery summer.",
      });
      // And its owner's list offers to renew it.
      const [listed] = (await ownerPages(db, owner.id, grace)).owned;
      expect(listed).toMatchObject({ id: page.id, status: "expired", next: { step: "renew" } });
    });
  });
});

describe("restingSummary", () => {
  it("cuts a long first paragraph after a word, and is empty without a story", () => {
    const long = `${"word ".repeat(200)}end`;
    const summary = restingSummary({ displayName: "P", story: long });
    expect(summary.firstParagraph.length).toBeLessThanOrEqual(601);
    expect(summary.firstParagraph.endsWith("word…")).toBe(true);
    expect(restingSummary({ displayName: "P" })).toMatchObject({
      firstParagraph: "",
      birthDate: null,
      deathDate: null,
      portraitImageUrl: null,
    });
    expect(restingSummary({ story: "\n\n  \n\nSecond block first.\n\nThird." }).firstParagraph).toBe(
      "Second block first.",
    );
  });
});
