// The address PDF maker's API (ADR 015): the PDF read back has every address once, on the page and in
// the label the preview said (from the start position), whole; a bad list is a 400 naming each bad
// block or row and makes nothing; the pages awaiting a plaque and marking them sent.
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  addressLabelsErrorSchema,
  addressLabelsPreviewSchema,
  awaitingPlaquesSchema,
  labelsPerSheet,
  plaquesSentAnswerSchema,
  type AddressLabelsRequest,
} from "../../contract/address-labels";
import { maxAddresses, maxAddressInputChars } from "../../contract/addresses";
import { makeOcr } from "../../contract/swedish-numbers";
import { auditLog, invoices, profiles } from "../../server/db/schema";
import { newProfileId, createProfiles } from "../../server/domain/profiles";
import { c5AddressBox, labelBox } from "../../server/providers/pdf/labels";
import { call, expectError, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { insertCreditor } from "../support/creditor-row";
import { insertOrder } from "../support/order-row";
import { pdfPositionedRuns, type PositionedRun } from "../support/pdf-text";

const previewPath = "/api/admin/address-labels/preview";
const pdfPath = "/api/admin/address-labels.pdf";
const awaitingPath = "/api/admin/address-labels/awaiting";
const sentPath = "/api/admin/address-labels/plaques-sent";

/** A pasted block per person: name, street, "123 45 City"; some with å, ä, ö. */
function pastedBlock(index: number): { block: string; lines: string[] } {
  const lines = [`Åsa Öberg-Ärlig ${index}`, `Källgränd ${index}`, "123 45 Västerås"];
  return { block: lines.join("\n"), lines };
}

/** The 1-based label position whose text box holds the point, or null. */
function positionAt(x: number, y: number): number | null {
  for (let position = 1; position <= labelsPerSheet; position++) {
    const box = labelBox(position);
    if (x >= box.x - 0.01 && x <= box.x + box.width && y >= box.y && y <= box.y + box.height) return position;
  }
  return null;
}

/** The runs that print one address, found by its first line, which must be printed exactly once. */
function runsOf(runs: PositionedRun[], lines: string[]): PositionedRun[] {
  const at = runs.flatMap((run, index) => (run.text === lines[0] ? [index] : []));
  expect(at, `${lines[0]} is printed exactly once`).toHaveLength(1);
  return runs.slice(at[0], at[0]! + lines.length);
}

describeOnEngines("address labels", ({ app, db, accounts, admin, customer }) => {
  let nextInvoice = 5000;
  let creditorId = "";

  const post = (path: string, json: unknown, bearer = admin.token) =>
    call(app, path, { bearer, json, origin: siteOrigin });

  async function preview(body: AddressLabelsRequest) {
    const response = await post(previewPath, body);
    expect(response.status).toBe(200);
    return addressLabelsPreviewSchema.parse(await response.json());
  }

  async function pdf(body: AddressLabelsRequest): Promise<Uint8Array> {
    const response = await post(pdfPath, body);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.pdf"$/);
    return new Uint8Array(await response.arrayBuffer());
  }

  async function awaiting() {
    const response = await call(app, awaitingPath, { bearer: admin.token });
    expect(response.status).toBe(200);
    return awaitingPlaquesSchema.parse(await response.json());
  }

  async function creditor(): Promise<string> {
    if (creditorId) return creditorId;
    creditorId = await insertCreditor(db);
    return creditorId;
  }

  /** A page made for its owner (no batch), active. */
  async function ownedPage(owner: Account, values: Partial<typeof profiles.$inferInsert> = {}) {
    const id = newProfileId();
    await db.insert(profiles).values({ id, status: "active", ownerUserId: owner.id, ...values });
    return id;
  }

  const order = (
    profileId: string,
    owner: Account,
    method: "card" | "invoice",
    status: "paid" | "pending" = "paid",
  ) => insertOrder(db, { profileId, customerUserId: owner.id, method, status });

  async function invoiceFor(orderId: string, name: string, lines: string[], createdAt = new Date()) {
    nextInvoice += 1;
    await db.insert(invoices).values({
      creditorId: await creditor(),
      number: nextInvoice,
      ocr: makeOcr(nextInvoice),
      orderId,
      customerName: name,
      customerAddressLines: lines,
      customerEmail: "kund@example.com",
      status: "paid",
      netOre: 39_200,
      vatOre: 9_800,
      totalOre: 49_000,
      paidOre: 49_000,
      createdAt,
    });
  }

  describe("the PDF", () => {
    it("has every pasted address once, on the page and label the preview names, from the start position", async () => {
      const people = Array.from({ length: 30 }, (_, index) => pastedBlock(index + 1));
      const body: AddressLabelsRequest = {
        source: "paste",
        text: people.map((person) => person.block).join("\n\n"),
        layout: "labels-3x8",
        startPosition: 7,
      };
      const shown = await preview(body);
      expect(shown.count).toBe(30);
      // Labels 7-24 of the first sheet take 18, the second sheet the other 12.
      expect(shown.pages).toBe(2);
      expect(shown.addresses).toEqual(people.map((person) => person.lines));
      expect(shown.placements[0]).toEqual({ index: 0, page: 1, position: 7 });
      expect(shown.placements[18]).toEqual({ index: 18, page: 2, position: 1 });

      const document = await pdf(body);
      expect((await PDFDocument.load(document)).getPageCount()).toBe(2);
      const runs = await pdfPositionedRuns(document);
      expect(runs).toHaveLength(30 * 3);
      people.forEach((person, index) => {
        const own = runsOf(runs, person.lines);
        expect(own.map((run) => run.text)).toEqual(person.lines);
        const placement = shown.placements[index]!;
        expect(placement.page).toBe(index < 18 ? 1 : 2);
        expect(placement.position).toBe(index < 18 ? index + 7 : index - 17);
        for (const run of own) {
          expect(run.page, `${run.text}'s page`).toBe(placement.page);
          expect(positionAt(run.x, run.y), `${run.text}'s label`).toBe(placement.position);
        }
      });
      // The six labels already used are left blank.
      expect(runs.filter((run) => run.page === 1 && (positionAt(run.x, run.y) ?? 0) < 7)).toEqual([]);
    });

    it("keeps å, ä, ö, a foreign country and long lines whole, wrapped within their label", async () => {
      const longName = "Ingrid Kristina Östergren-Åkerlund Wallenberg af Ädelsvärd";
      const longStreet = "Stora Gråbrödragatan 114 lägenhet 1203 trappa 4 till vänster";
      const text = [
        `${longName}\n${longStreet}\n123 45 Örebro`,
        "Ola Nordmann\nKarl Johans gate 1\n0154 Oslo\nNorge",
      ].join("\n\n");
      const shown = await preview({ source: "paste", text, layout: "labels-3x8" });
      expect(shown.addresses).toEqual([
        [longName, longStreet, "123 45 Örebro"],
        ["Ola Nordmann", "Karl Johans gate 1", "0154 Oslo", "NORGE"],
      ]);
      const runs = await pdfPositionedRuns(await pdf({ source: "paste", text, layout: "labels-3x8" }));
      const printed = runs.map((run) => run.text).join(" ");
      // A wrapped line's words are all there, in order, and every run lies inside the first label.
      for (const line of [longName, longStreet]) expect(printed).toContain(line);
      const first = runs.filter((run) => positionAt(run.x, run.y) === 1);
      expect(first.length).toBeGreaterThan(3);
      expect(first.map((run) => run.text).join(" ")).toBe(`${longName} ${longStreet} 123 45 Örebro`);
      expect(runs.filter((run) => positionAt(run.x, run.y) === 2).map((run) => run.text)).toEqual([
        "Ola Nordmann",
        "Karl Johans gate 1",
        "0154 Oslo",
        "NORGE",
      ]);
    });

    it("prints one address per C5 envelope, in the window, whatever the start position", async () => {
      const people = Array.from({ length: 3 }, (_, index) => pastedBlock(index + 100));
      const body: AddressLabelsRequest = {
        source: "paste",
        text: people.map((person) => person.block).join("\n\n"),
        layout: "c5",
        startPosition: 9,
      };
      const shown = await preview(body);
      expect(shown).toMatchObject({ count: 3, pages: 3, startPosition: 1 });
      expect(shown.placements.map((placement) => placement.page)).toEqual([1, 2, 3]);
      const document = await pdf(body);
      expect((await PDFDocument.load(document)).getPageCount()).toBe(3);
      const runs = await pdfPositionedRuns(document);
      people.forEach((person, index) => {
        for (const run of runsOf(runs, person.lines)) {
          expect(run.page).toBe(index + 1);
          expect(run.x).toBeCloseTo(c5AddressBox.x, 3);
          expect(run.y).toBeGreaterThan(c5AddressBox.y);
          expect(run.y).toBeLessThan(c5AddressBox.y + c5AddressBox.height);
        }
      });
    });

    it("reads a CSV file's rows, Swedish headers and semicolons too", async () => {
      const text = [
        "namn;adress;postnummer;ort;land",
        "Märta Ek;Åvägen 2;11122;Stockholm;",
        "Jens Hansen;Vej 3;2100 ;København;Danmark",
      ].join("\r\n");
      const shown = await preview({ source: "csv", text, layout: "labels-3x8" });
      expect(shown.addresses).toEqual([
        ["Märta Ek", "Åvägen 2", "111 22 Stockholm"],
        ["Jens Hansen", "Vej 3", "2100 København", "DANMARK"],
      ]);
      const runs = await pdfPositionedRuns(await pdf({ source: "csv", text, layout: "labels-3x8" }));
      expect(runs.map((run) => run.text)).toEqual(shown.addresses.flat());
    });
  });

  describe("bad input", () => {
    it("names each bad CSV row and field, and makes neither preview nor PDF", async () => {
      const text = [
        "name,street,postcode,city",
        "Anna Ek,Gatan 1,123 45,Ort",
        "Bo Ek,Gatan 2,1234,Ort",
        "Cia Ek,Gatan 3,123 45,Ort",
        ",Gatan 4,123 45,",
      ].join("\n");
      for (const path of [previewPath, pdfPath]) {
        const response = await post(path, { source: "csv", text, layout: "labels-3x8" });
        expect(response.status).toBe(400);
        expect(response.headers.get("content-type")).toMatch(/^application\/json/);
        const body = addressLabelsErrorSchema.parse(await response.json());
        expect(body.error.code).toBe("invalid_request");
        expect(Object.keys(body.error.fields ?? {}).sort()).toEqual([
          "rows.3.postcode",
          "rows.5.city",
          "rows.5.name",
        ]);
        expect(body.error.fields?.["rows.3.postcode"]).toBe("The postcode is five digits, like 123 45.");
        expect(body.error.problems).toEqual([
          expect.objectContaining({ at: 3, field: "postcode", message: "postcodeInvalid" }),
          expect.objectContaining({ at: 5, field: "name", message: "nameRequired" }),
          expect.objectContaining({ at: 5, field: "city", message: "cityRequired" }),
        ]);
      }
    });

    it("names a pasted block that is not an address", async () => {
      const response = await post(previewPath, {
        source: "paste",
        text: "Anna Ek\nGatan 1\n123 45 Ort\n\nJust one line",
        layout: "c5",
      });
      const body = await expectError(response, 400, "invalid_request", "blocks.2");
      expect(body.error.fields?.["blocks.2"]).toMatch(/name, one or two street lines/);
    });

    it.each([
      ["a NUL character", "Anna\u0000 Ek\nGatan 1\n123 45 Ort", "text"],
      ["a lone surrogate", "Anna \ud800Ek\nGatan 1\n123 45 Ort", "text"],
      ["5,000,001 characters", `Anna Ek\nGatan 1\n123 45 Ort\n\n${"x".repeat(maxAddressInputChars)}`, "text"],
      ["an empty text", "  \n\n ", "text"],
    ])("refuses %s, naming the field", async (_, text, field) => {
      await expectError(
        await post(pdfPath, { source: "paste", text, layout: "labels-3x8" }),
        400,
        "invalid_request",
        field,
      );
    });

    it("refuses 10,001 addresses, naming the text", async () => {
      const rows = Array.from(
        { length: maxAddresses + 1 },
        (_, index) => `P ${index},Gatan ${index},12345,Ort`,
      );
      const text = ["name,street,postcode,city", ...rows].join("\n");
      const body = await expectError(
        await post(previewPath, { source: "csv", text, layout: "labels-3x8" }),
        400,
        "invalid_request",
        "text",
      );
      expect(body.error.fields?.text).toBe("At most 10000 addresses at a time.");
    });

    it.each([
      ["no source", { text: "x", layout: "c5" }, "source"],
      ["an unknown layout", { source: "paste", text: "x", layout: "a4" }, "layout"],
      [
        "start position 0",
        { source: "paste", text: "x", layout: "labels-3x8", startPosition: 0 },
        "startPosition",
      ],
      [
        "start position 25",
        { source: "csv", text: "x", layout: "labels-3x8", startPosition: 25 },
        "startPosition",
      ],
      ["no pages chosen", { source: "awaiting", profileIds: [], layout: "c5" }, "profileIds"],
      ["a malformed page code", { source: "awaiting", profileIds: ["nope"], layout: "c5" }, "profileIds.0"],
    ])("refuses %s, naming the field", async (_, json, field) => {
      await expectError(await post(previewPath, json), 400, "invalid_request", field);
    });

    it("refuses a customer (403) and a visitor (401) on every call", async () => {
      const body = { source: "paste", text: pastedBlock(1).block, layout: "c5" };
      for (const [method, path, json] of [
        ["POST", previewPath, body],
        ["POST", pdfPath, body],
        ["GET", awaitingPath, undefined],
        ["POST", sentPath, { profileIds: ["A0000001"] }],
      ] as const) {
        await expectError(
          await call(app, path, { method, json, bearer: customer.token, origin: siteOrigin }),
          403,
          "forbidden",
        );
        await expectError(await call(app, path, { method, json, origin: siteOrigin }), 401, "unauthorized");
      }
    });
  });

  describe("pages awaiting a plaque", () => {
    it("lists paid pages made for their owner whose plaque is not sent, with the newest invoice's address", async () => {
      const owner = await accounts.signUp();
      // Paid by invoice: two invoices, the newer one's address counts.
      const byInvoice = await ownedPage(owner);
      const invoiceOrder = await order(byInvoice, owner, "invoice");
      await invoiceFor(
        invoiceOrder.id,
        "Gammal Adress",
        ["Förra gatan 1", "999 99 Förr"],
        new Date(Date.now() - 86_400_000),
      );
      await invoiceFor(invoiceOrder.id, "Örjan Ås", ["c/o Ärlig", "Källvägen 3", "123 45 Åre"]);
      // Paid by card: no invoice, no address.
      const byCard = await ownedPage(owner);
      await order(byCard, owner, "card");
      // Printed in a batch and sold: its plaque is not this list's.
      const [batchPage] = await createProfiles(
        db,
        { count: 2 },
        { id: admin.id, roles: ["admin"] },
        { ip: null, userAgent: "test" },
      );
      await db
        .update(profiles)
        .set({ ownerUserId: owner.id, status: "active" })
        .where(eq(profiles.id, batchPage!.id));
      await order(batchPage!.id, owner, "card");
      // Plaque already sent.
      const sent = await ownedPage(owner, { plaqueSentAt: new Date() });
      await order(sent, owner, "card");
      // Not paid yet.
      const pending = await ownedPage(owner);
      await order(pending, owner, "invoice", "pending");

      const list = await awaiting();
      const mine = list.rows.filter((row) =>
        [byInvoice, byCard, batchPage!.id, sent, pending].includes(row.profileId),
      );
      expect(mine.map((row) => row.profileId).sort()).toEqual([byInvoice, byCard].sort());
      expect(mine.find((row) => row.profileId === byInvoice)).toMatchObject({
        ownerEmail: owner.email,
        orderNumber: invoiceOrder.orderNumber,
        method: "invoice",
        address: ["Örjan Ås", "c/o Ärlig", "Källvägen 3", "123 45 Åre"],
      });
      expect(mine.find((row) => row.profileId === byCard)).toMatchObject({ method: "card", address: null });

      // Its labels come from the list; the page without an address cannot be chosen.
      const runs = await pdfPositionedRuns(
        await pdf({ source: "awaiting", profileIds: [byInvoice], layout: "labels-3x8", startPosition: 2 }),
      );
      expect(runs.map((run) => [run.text, positionAt(run.x, run.y)])).toEqual([
        ["Örjan Ås", 2],
        ["c/o Ärlig", 2],
        ["Källvägen 3", 2],
        ["123 45 Åre", 2],
      ]);
      const refused = await post(previewPath, {
        source: "awaiting",
        profileIds: [byInvoice, byCard, sent],
        layout: "c5",
      });
      const body = await expectError(refused, 400, "invalid_request", "profileIds.1");
      expect(body.error.fields).toEqual({
        "profileIds.1": "This page has no address on file.",
        "profileIds.2": "This page is not awaiting a plaque.",
      });
    });

    it("marks plaques sent in one audited call, and they leave the list", async () => {
      const owner = await accounts.signUp();
      const first = await ownedPage(owner);
      const second = await ownedPage(owner);
      for (const page of [first, second]) await order(page, owner, "card");
      expect((await awaiting()).rows.map((row) => row.profileId)).toEqual(
        expect.arrayContaining([first, second]),
      );

      const response = await post(sentPath, { profileIds: [first, second.toLowerCase()] });
      expect(response.status).toBe(200);
      expect(plaquesSentAnswerSchema.parse(await response.json())).toEqual({ marked: 2 });
      const rows = await db
        .select({ id: profiles.id, at: profiles.plaqueSentAt })
        .from(profiles)
        .where(eq(profiles.ownerUserId, owner.id));
      for (const row of rows) expect(row.at).toBeInstanceOf(Date);
      expect((await awaiting()).rows.map((row) => row.profileId)).not.toContain(first);
      const audits = await db.select().from(auditLog).where(eq(auditLog.action, "admin.plaques_sent"));
      const entry = audits.find((each) => (each.details.profileIds as string[]).includes(first));
      expect(entry).toMatchObject({ actorUserId: admin.id, details: { count: 2 } });

      // Again: nothing new is marked, and the first date stays.
      const again = await post(sentPath, { profileIds: [first] });
      expect(plaquesSentAnswerSchema.parse(await again.json())).toEqual({ marked: 0 });
    });

    it("refuses a code that names no page, marking nothing", async () => {
      const owner = await accounts.signUp();
      const page = await ownedPage(owner);
      await order(page, owner, "card");
      let missing = newProfileId();
      while (missing === page) missing = newProfileId();
      await expectError(
        await post(sentPath, { profileIds: [page, missing] }),
        404,
        "not_found",
        "profileIds.1",
      );
      const [row] = await db
        .select({ at: profiles.plaqueSentAt })
        .from(profiles)
        .where(eq(profiles.id, page));
      expect(row?.at).toBeNull();
      await expectError(
        await post(sentPath, { profileIds: ["A\u0000000001"] }),
        400,
        "invalid_request",
        "profileIds.0",
      );
      await expectError(await post(sentPath, { profileIds: "all" }), 400, "invalid_request", "profileIds");
    });
  });
});
