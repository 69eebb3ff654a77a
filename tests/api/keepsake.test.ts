// The keepsake (ADR 045): GET /api/kammare/keepsake streams a ZIP with a copy of the page that opens
// with no server (every address in it relative and in the ZIP), the images at the sizes it shows, each
// original byte for byte, only what visitors see of memories and photos, the candles' count and the
// book; GET /api/kammare/keepsake/book is the book in A4 or A5, in embedded fonts; who may have them;
// and the e-mails with the link, when a page goes to rest and when an account's deletion is asked.
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { photoOriginalKey, photoSizeKey } from "../../contract/photo-values";
import type { ProfileContent } from "../../contract/profiles";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import { candles, memories, photos, profiles } from "../../server/db/schema";
import { runLifecycle } from "../../server/domain/lifecycle";
import { newProfileId } from "../../server/domain/profiles";
import { createOutboxSender, readOutbox } from "../../server/providers/email";
import { createDiskImageStore, type ImageStore } from "../../server/providers/images";
import { expectError, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { readPdf } from "../support/pdf-fonts";
import { addEditor, ask, unzip } from "../support/photos";
import { sampleFiles, sampleImage, sampleSizes } from "../support/sample-photos";
import { seedPhotos } from "../support/seed-photos";

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");
const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000", GRACE_DAYS: "7" });

// The store the app reads, counting the originals it opens: a ZIP built in memory would open them all
// before its first byte.
const opened: string[] = [];
const disk = createDiskImageStore(mkdtempSync(path.join(tmpdir(), "kammare-keepsake-")));
const images: ImageStore = {
  ...disk,
  kind: disk.kind,
  put: (...args) => disk.put(...args),
  get: (key) => disk.get(key),
  delete: (key) => disk.delete(key),
  open: (key, range) => {
    opened.push(key);
    return disk.open ? disk.open(key, range) : Promise.resolve(null);
  },
};

const chapterId = randomUUID();
const content = (name: string): Partial<ProfileContent> => ({
  displayName: name,
  subtitle: "Lärare, seglare, mormor",
  story: "Åsa växte upp i Öregrund.\n\nHon undervisade i fyrtio år och seglade varje sommar.",
  chapters: [{ id: chapterId, title: "Åren i Östhammar", period: "1960–1985", text: "Skolan vid ån." }],
  birthDate: "1931-03-12",
  deathDate: "2024-05-04",
  restingPlace: {
    cemetery: "Öregrunds kyrkogård",
    block: "B",
    grave: "112",
    latitude: null,
    longitude: null,
  },
  ceremony: {
    date: "2024-05-30",
    time: "13:00",
    place: "Öregrunds kyrka",
    address: "Kyrkogatan 1",
    livestreamUrl: null,
    note: "",
  },
});

/** An owner's live page with a portrait, albums (one photo waiting), memories in every state and candles. */
async function keepsakePage(db: Database, owner: Account, status: "active" | "trial" = "active") {
  const id = newProfileId();
  const portraitKey = `${id}/${randomUUID()}-large.webp`;
  const portrait = await sampleImage({ variant: 1, width: 800, height: 800, format: "webp" });
  await images.put(portraitKey, portrait, "image/webp");
  await db.insert(profiles).values({
    id,
    ownerUserId: owner.id,
    status,
    trialEndsAt: status === "trial" ? new Date(Date.now() + 3600_000) : null,
    content: { ...content("Åsa Öberg"), portraitImageUrl: `/uploads/${portraitKey}` },
    metadata: { language: "sv-SE", visibility: "public", tags: [] },
  });
  const albums = await seedPhotos(db, images, {
    profileId: id,
    albums: [
      {
        title: "Sommar på Gräsö",
        photos: [{ caption: "Båten Ärlan" }, { caption: "Väntar på godkännande", state: "pending" }],
      },
      { title: "Skolan", photos: [{ caption: "Klassen 1972" }] },
    ],
  });
  await db
    .update(photos)
    .set({ chapterId })
    .where(eq(photos.id, albums[1]?.photos[0]?.id ?? ""));
  const memory = async (state: "shown" | "pending" | "hidden", body: string, minutesAgo: number) => {
    const [row] = await db
      .insert(memories)
      .values({
        profileId: id,
        writerName: `Skrivare ${state}`,
        relation: "granne",
        body,
        state,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      })
      .returning({ id: memories.id });
    return row?.id ?? "";
  };
  // Twelve shown: more than the page's list shows at once (10), so every page of it is read.
  for (let n = 0; n < 12; n++) await memory("shown", `Minne nummer ${n} om Åsa`, 100 + n);
  const shownWithPhotos = await memory("shown", "Vi minns hennes skratt på bryggan.", 5);
  await memory("pending", "Ett minne som väntar", 4);
  await memory("hidden", "Ett dolt minne", 3);
  // A visitor's photos on a shown memory: one approved, one still waiting.
  const visitorPhoto = async (state: "shown" | "pending", variant: number) => {
    const photoId = randomUUID();
    const original = await sampleImage({ variant, width: 1200, height: 900, format: "jpg" });
    await images.put(photoOriginalKey(id, photoId, "jpg"), original, "image/jpeg");
    for (const file of await sampleFiles({ variant, width: 1200, height: 900 })) {
      await images.put(photoSizeKey(id, photoId, file.width, file.format), file.data, `image/${file.format}`);
    }
    await db.insert(photos).values({
      id: photoId,
      profileId: id,
      memoryId: shownWithPhotos,
      state,
      width: 1200,
      height: 900,
      sizes: sampleSizes(1200, 900),
      originalKey: photoOriginalKey(id, photoId, "jpg"),
      originalType: "image/jpeg",
      originalBytes: original.length,
      bytes: original.length,
    });
    return photoId;
  };
  const approvedVisitorPhoto = await visitorPhoto("shown", 7);
  const waitingVisitorPhoto = await visitorPhoto("pending", 8);
  await db.insert(candles).values([{ profileId: id }, { profileId: id }, { profileId: id, name: "Per" }]);
  return { id, albums, approvedVisitorPhoto, waitingVisitorPhoto };
}

async function body(response: Response): Promise<Buffer> {
  expect(response.status, response.status === 200 ? "" : await response.clone().text()).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describeOnEngines("the keepsake", { app: { config, images } }, ({ app, db, accounts, mailbox, settled }) => {
  let owner: Account;
  let editor: Account;
  let stranger: Account;
  let partner: Account;
  let visitor: Account;

  beforeAll(async () => {
    owner = await accounts.signUp();
    editor = await accounts.signUp();
    stranger = await accounts.signUp();
    partner = await accounts.signUp({ roles: ["partner"] });
    visitor = await accounts.signUp();
  });

  it("streams a ZIP whose index.html opens alone: the page's parts, its images, originals byte for byte, the book", async () => {
    const page = await keepsakePage(db, owner);
    opened.length = 0;
    const response = await ask(app, owner, `/api/kammare/keepsake?profileId=${page.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="keepsake-${page.id}.zip"`,
    );
    // Streamed: the first bytes come before the originals are read (each is opened as the ZIP reaches it).
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    if (first.value) chunks.push(first.value);
    const originalsAtFirstByte = opened.filter((key) => key.endsWith("/original.jpg")).length;
    expect(originalsAtFirstByte).toBe(0);
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    const zip = await unzip(Buffer.concat(chunks));

    const html = zip.get("index.html")?.toString("utf8") ?? "";
    expect(html).toContain('<html lang="sv-SE">');
    expect(html).toContain("<h1>Åsa Öberg</h1>");
    expect(html).toContain("12 mars 1931 – 4 maj 2024");
    expect(html).toContain("Åsa växte upp i Öregrund.");
    expect(html).toContain("Åren i Östhammar");
    expect(html).toContain("Öregrunds kyrkogård, kvarter B, gravnummer 112");
    expect(html).toContain("30 maj 2024 13:00, Öregrunds kyrka, Kyrkogatan 1");
    expect(html).toContain("3 tända ljus");
    expect(html).toContain('<link rel="stylesheet" href="style.css">');
    expect(html).not.toContain("<script");
    // Approved memories only, every one of them (more than one page of the page's list).
    for (let n = 0; n < 12; n++) expect(html).toContain(`Minne nummer ${n} om Åsa`);
    expect(html).toContain("Vi minns hennes skratt på bryggan.");
    expect(html).not.toContain("Ett minne som väntar");
    expect(html).not.toContain("Ett dolt minne");
    // Every address it names is relative and in the ZIP: it opens from a folder with no network.
    const addresses = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(addresses.length).toBeGreaterThan(5);
    for (const address of addresses) {
      expect(address, address).not.toMatch(/^(https?:|\/)/);
      expect(zip.has(address), address).toBe(true);
    }
    const css = zip.get("style.css")?.toString("utf8") ?? "";
    for (const font of css.matchAll(/url\("([^"]+)"\)/g)) expect(zip.has(font[1] ?? "")).toBe(true);
    expect(zip.get("fonts/literata.ttf")?.subarray(0, 4)).toEqual(Buffer.from([0, 1, 0, 0]));

    // The images at the sizes the copy shows, as stored; shown photos only.
    const [summer, school] = page.albums;
    const shownPhoto = summer?.photos[0]?.id ?? "";
    const waitingPhoto = summer?.photos[1]?.id ?? "";
    for (const [photoId, width] of [
      [shownPhoto, 640],
      [shownPhoto, 1280],
      [page.approvedVisitorPhoto, 640],
    ] as const) {
      const file = zip.get(`photos/${photoId}-${width}.webp`);
      const stored = await images.get(photoSizeKey(page.id, photoId, width, "webp"));
      expect(file && sha256(file), `${photoId}-${width}`).toBe(stored && sha256(stored.data));
      expect(html).toContain(`photos/${photoId}-`);
    }
    expect(zip.has("images/portrait.webp")).toBe(true);
    const names = [...zip.keys()];
    expect(names.some((name) => name.includes(waitingPhoto))).toBe(false);
    expect(names.some((name) => name.includes(page.waitingVisitorPhoto))).toBe(false);
    expect(html).not.toContain("Väntar på godkännande");

    // Each original of the family's photos, byte for byte, named as the albums' download names them.
    const originals = names.filter((name) => name.startsWith("originals/"));
    expect(originals.sort()).toEqual(
      [
        "originals/Skolan/001 Klassen 1972.jpg",
        "originals/Sommar på Gräsö/001 Båten Ärlan.jpg",
        "originals/Sommar på Gräsö/002 Väntar på godkännande.jpg",
      ].sort(),
    );
    const [row] = await db
      .select()
      .from(photos)
      .where(eq(photos.id, school?.photos[0]?.id ?? ""));
    const original = await images.get(row?.originalKey ?? "");
    expect(sha256(zip.get("originals/Skolan/001 Klassen 1972.jpg") ?? Buffer.alloc(0))).toBe(
      sha256(original?.data ?? Buffer.alloc(1)),
    );

    const book = await readPdf(zip.get("memorial-book-a4.pdf") ?? new Uint8Array());
    expect(book.pages.join("\n")).toContain("Åsa Öberg");
    // The first page's sample images (AVIF among them) take long to make on a busy machine.
  }, 180_000);

  it("makes the book in A4 and A5 in the site's embedded fonts, with Swedish letters right", async () => {
    const page = await keepsakePage(db, owner);
    for (const [size, width] of [
      ["a4", 595.28],
      ["a5", 419.53],
    ] as const) {
      const response = await ask(app, owner, `/api/kammare/keepsake/book?profileId=${page.id}&size=${size}`);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      const pdf = await body(response);
      const { fonts, pages } = await readPdf(pdf);
      expect(pages.length).toBeGreaterThanOrEqual(5);
      const { PDFDocument } = await import("pdf-lib");
      const document = await PDFDocument.load(pdf);
      expect(document.getPage(0).getWidth()).toBeCloseTo(width, 1);
      // The cover, then the story, chapters, photos and memories, as a reader copies them out.
      expect(pages[0]).toContain("Åsa Öberg");
      expect(pages[0]).toContain("12 mars 1931 – 4 maj 2024");
      const text = pages.join("\n");
      for (const expected of [
        "Livsberättelse",
        "Åren i Östhammar",
        "Båten Ärlan",
        "Vi minns hennes skratt på bryggan.",
      ]) {
        expect(text.replace(/\n/g, " ")).toContain(expected);
      }
      expect(text).not.toContain("Ett minne som väntar");
      expect(text).not.toContain("Väntar på godkännande");
      expect(text).not.toContain("\ufffd");
      // Every font is embedded, and none is one of the standard 14 (which have no "Ö" of their own).
      expect(fonts.length).toBeGreaterThanOrEqual(2);
      for (const font of fonts) {
        expect(font, font.baseFont).toMatchObject({ subtype: "/Type0", embedded: true });
        expect(font.baseFont).toMatch(/Literata|Inter/);
      }
      // Photos made small: the whole book stays small.
      expect(pdf.length).toBeLessThan(2_000_000);
    }
    await expectError(
      await ask(app, owner, `/api/kammare/keepsake/book?profileId=${page.id}&size=letter`),
      400,
      "invalid_request",
      "size",
    );
  });

  it("is the owner's, the editors' and the admins'; others get 403, anonymous 401, an unknown page 404", async () => {
    const page = await keepsakePage(db, owner);
    await addEditor(db, page.id, editor.id);
    const byEditor = await unzip(
      await body(await ask(app, editor, `/api/kammare/keepsake?profileId=${page.id}`)),
    );
    expect(byEditor.get("index.html")?.toString("utf8")).toContain("Åsa Öberg");
    for (const who of [stranger, partner, visitor]) {
      for (const pathName of [
        `/api/kammare/keepsake?profileId=${page.id}`,
        `/api/kammare/keepsake/book?profileId=${page.id}`,
      ]) {
        const refused = await expectError(await ask(app, who, pathName), 403, "forbidden");
        // A partner is stopped by the customer area's guard before any page is looked at.
        expect(refused.error.refusal).toBe(who === partner ? undefined : "keepsake.editors-only");
      }
    }
    await expectError(
      await ask(app, undefined, `/api/kammare/keepsake?profileId=${page.id}`),
      401,
      "unauthorized",
    );
    await expectError(
      await ask(app, owner, `/api/kammare/keepsake?profileId=${newProfileId()}`),
      404,
      "not_found",
      "profileId",
    );
    await expectError(
      await ask(app, owner, "/api/kammare/keepsake?profileId=x%00y"),
      400,
      "invalid_request",
      "profileId",
    );
    // A suspended page's editor is refused, as for every change of it.
    await db.update(profiles).set({ status: "suspended" }).where(eq(profiles.id, page.id));
    await expectError(await ask(app, editor, `/api/kammare/keepsake?profileId=${page.id}`), 403, "forbidden");
  });

  it("e-mails the owner a signed-in link to the keepsake once when the sweep puts the page to rest", async () => {
    const page = await keepsakePage(db, owner, "trial");
    const outbox = mkdtempSync(path.join(tmpdir(), "kammare-keepsake-mail-"));
    const email = createOutboxSender({ dir: outbox, from: "Kammare <no-reply@localhost>" });
    const later = new Date(Date.now() + 2 * 3600_000);
    const report = await runLifecycle({ db, email, config, now: later });
    expect(report.statusChanges).toContainEqual(
      expect.objectContaining({ profileId: page.id, to: "expired" }),
    );
    expect(report.emails.keepsake).toContain(page.id);
    const mails = (await readOutbox(outbox)).filter(
      (mail) => mail.to === owner.email && mail.text.includes(page.id),
    );
    const keepsakeMails = mails.filter((mail) => mail.subject.includes("minnesarkiv"));
    expect(keepsakeMails).toHaveLength(1);
    expect(keepsakeMails[0]?.subject).toBe("Behåll sidan om Åsa Öberg: ladda ner minnesarkivet");
    const link = `http://localhost:3000/login?redirectTo=${encodeURIComponent(`/k/${page.id}#keepsake`)}`;
    expect(keepsakeMails[0]?.text).toContain(link);
    // A second sweep says nothing more; the resting page's keepsake is still the owner's to take.
    const again = await runLifecycle({ db, email, config, now: new Date(later.getTime() + 3600_000) });
    expect(again.emails.keepsake).not.toContain(page.id);
    const [rested] = await db
      .select({ status: profiles.status })
      .from(profiles)
      .where(eq(profiles.id, page.id));
    expect(rested?.status).toBe("expired");
    const zip = await unzip(await body(await ask(app, owner, `/api/kammare/keepsake?profileId=${page.id}`)));
    expect(zip.get("index.html")?.toString("utf8")).toContain("Vi minns hennes skratt på bryggan.");
  });

  it("e-mails a customer starting to delete their account a link to each page's keepsake, and deletes nothing", async () => {
    const customer = await accounts.signUp();
    const first = await keepsakePage(db, customer);
    const second = await keepsakePage(db, customer);
    const answer = await ask(app, customer, "/api/kammare/keepsake/links", { method: "POST", json: {} });
    expect(answer.status).toBe(200);
    const { pages } = (await answer.json()) as { pages: { id: string; name: string }[] };
    expect(pages.map((one) => one.id).sort()).toEqual([first.id, second.id].sort());
    await settled();
    const mail = (await mailbox()).filter((one) => one.to === customer.email).at(-1);
    expect(mail?.text).toContain(encodeURIComponent(`/k/${first.id}#keepsake`));
    expect(mail?.text).toContain(encodeURIComponent(`/k/${second.id}#keepsake`));
    const still = await db
      .select({ status: profiles.status })
      .from(profiles)
      .where(and(eq(profiles.ownerUserId, customer.id)));
    expect(still.map((row) => row.status)).toEqual(["active", "active"]);
    // A customer with no page gets no e-mail; a body with fields is refused; the third ask an hour is the last.
    const nobody = await accounts.signUp();
    const none = await ask(app, nobody, "/api/kammare/keepsake/links", { method: "POST", json: {} });
    expect(await none.json()).toEqual({ pages: [] });
    await expectError(
      await ask(app, customer, "/api/kammare/keepsake/links", {
        method: "POST",
        json: { to: "x@example.com" },
      }),
      400,
      "invalid_request",
    );
    await ask(app, customer, "/api/kammare/keepsake/links", { method: "POST", json: {} });
    await ask(app, customer, "/api/kammare/keepsake/links", { method: "POST", json: {} });
    await expectError(
      await ask(app, customer, "/api/kammare/keepsake/links", { method: "POST", json: {} }),
      429,
      "rate_limited",
    );
    await expectError(
      await ask(app, undefined, "/api/kammare/keepsake/links", { method: "POST", json: {} }),
      401,
      "unauthorized",
    );
  });
});
