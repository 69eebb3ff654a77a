// The QR manager's API (ADR 015): a page's code as PNG and SVG decodes back to its address at both
// levels; the batch POST /api/admin/profiles makes is listed with its counts; the print sheet of a
// batch (or of chosen pages) decodes to each page's address with its id under it, and marks the pages
// printed (the first date kept), audited; bad input is a 400 naming the field and marks nothing; only
// an admin may call any of it.
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { createProfilesAnswerSchema } from "../../contract/profiles";
import { qrBatchListSchema, qrProfileListSchema, type QrSheetRequest } from "../../contract/qr";
import { auditLog, profiles } from "../../server/db/schema";
import { newProfileId } from "../../server/domain/profiles";
import { codeBox, codesPerSheet } from "../../server/providers/pdf/qr-sheet";
import { call, expectError, siteOrigin } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { pdfPositionedRuns, pdfRectangles } from "../support/pdf-text";
import { decodeDrawnCode, decodePng, decodeSvg } from "../support/qr-decode";

const pageUrl = (id: string) => `${siteOrigin}/k/${id}`;

describeOnEngines("the QR manager's calls", ({ app, db, admin, customer }) => {
  async function newBatch(count: number): Promise<{ batchId: string; ids: string[] }> {
    const response = await call(app, "/api/admin/profiles", {
      bearer: admin.token,
      json: { count },
      origin: siteOrigin,
    });
    expect(response.status).toBe(201);
    const answer = createProfilesAnswerSchema.parse(await response.json());
    expect(answer.batchId).not.toBeNull();
    return { batchId: answer.batchId!, ids: answer.profiles.map((profile) => profile.id) };
  }

  const sheet = (body: QrSheetRequest | Record<string, unknown>) =>
    call(app, "/api/admin/qr/sheet", { bearer: admin.token, json: body, origin: siteOrigin });

  async function printed(ids: string[]): Promise<Map<string, Date | null>> {
    const rows = await db.select({ id: profiles.id, at: profiles.qrPrintedAt }).from(profiles);
    const wanted = new Set(ids);
    return new Map(rows.filter((row) => wanted.has(row.id)).map((row) => [row.id, row.at]));
  }

  it("gives any page's code as PNG and SVG, at level Q and H, decoding to the page's address", async () => {
    const { ids } = await newBatch(1);
    const id = ids[0]!;
    for (const level of ["Q", "H"]) {
      const png = await call(app, `/api/admin/qr/${id}.png?size=320&margin=4&level=${level}`, {
        bearer: admin.token,
      });
      expect(png.status).toBe(200);
      expect(png.headers.get("content-type")).toBe("image/png");
      expect(png.headers.get("content-disposition")).toBe(`attachment; filename="kammare-${id}.png"`);
      expect(await decodePng(new Uint8Array(await png.arrayBuffer()))).toBe(pageUrl(id));

      const svg = await call(app, `/api/admin/qr/${id.toLowerCase()}.svg?margin=2&level=${level}`, {
        bearer: admin.token,
      });
      expect(svg.status).toBe(200);
      expect(svg.headers.get("content-type")).toBe("image/svg+xml");
      expect(await decodeSvg(new Uint8Array(await svg.arrayBuffer()))).toBe(pageUrl(id));
    }
    // Level H spends more of the code on correction: at the same size it has more modules.
    const q = await (await call(app, `/api/admin/qr/${id}.svg?level=Q`, { bearer: admin.token })).text();
    const h = await (await call(app, `/api/admin/qr/${id}.svg?level=H`, { bearer: admin.token })).text();
    const modules = (svg: string) => Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1]);
    expect(modules(h)).toBeGreaterThan(modules(q));
  });

  it("refuses a bad code, format, size or level with a 400 naming it, and an unknown page with a 404", async () => {
    await expectError(
      await call(app, "/api/admin/qr/NOPE.svg", { bearer: admin.token }),
      400,
      "invalid_request",
      "id",
    );
    await expectError(
      await call(app, "/api/admin/qr/K7M2P9QX.gif", { bearer: admin.token }),
      400,
      "invalid_request",
      "file",
    );
    // %00 in an API path is stopped before routing, for every call alike (server/http/malformed-urls.ts).
    await expectError(
      await call(app, "/api/admin/qr/K7M2P9QX%00.svg", { bearer: admin.token }),
      404,
      "not_found",
    );
    const { ids } = await newBatch(1);
    await expectError(
      await call(app, `/api/admin/qr/${ids[0]}.png?size=99999`, { bearer: admin.token }),
      400,
      "invalid_request",
      "size",
    );
    await expectError(
      await call(app, `/api/admin/qr/${ids[0]}.png?level=L`, { bearer: admin.token }),
      400,
      "invalid_request",
      "level",
    );
    // A well-formed code no page has.
    await expectError(
      await call(app, `/api/admin/qr/${newProfileId()}.png`, { bearer: admin.token }),
      404,
      "not_found",
      "id",
    );
  });

  it("lists a new batch with its counts, and its pages by code", async () => {
    const { batchId, ids } = await newBatch(5);
    const list = qrBatchListSchema.parse(
      await (await call(app, "/api/admin/qr/batches", { bearer: admin.token })).json(),
    );
    const batch = list.batches.find((entry) => entry.id === batchId);
    expect(batch).toMatchObject({
      count: 5,
      unclaimed: 5,
      printed: 0,
      createdBy: admin.email,
      partner: null,
    });
    expect(list.batches[0]!.id).toBe(batchId);

    const pages = qrProfileListSchema.parse(
      await (await call(app, `/api/admin/qr/profiles?batch=${batchId}`, { bearer: admin.token })).json(),
    );
    expect(pages.total).toBe(5);
    expect(pages.profiles.map((page) => page.id)).toEqual([...ids].sort());
    expect(pages.profiles[0]).toMatchObject({ status: "unclaimed", qrPrintedAt: null, ownerEmail: null });
    expect(pages.profiles[0]!.url).toBe(pageUrl(pages.profiles[0]!.id));

    // A search by a code's start finds that page.
    const found = qrProfileListSchema.parse(
      await (
        await call(app, `/api/admin/qr/profiles?q=${ids[2]!.toLowerCase()}`, { bearer: admin.token })
      ).json(),
    );
    expect(found.profiles.map((page) => page.id)).toEqual([ids[2]]);

    await expectError(
      await call(app, "/api/admin/qr/profiles", { bearer: admin.token }),
      400,
      "invalid_request",
      "q",
    );
    await expectError(
      await call(app, "/api/admin/qr/profiles?batch=not-a-uuid", { bearer: admin.token }),
      400,
      "invalid_request",
      "batch",
    );
    await expectError(
      await call(app, `/api/admin/qr/profiles?batch=${crypto.randomUUID()}`, { bearer: admin.token }),
      404,
      "not_found",
      "batch",
    );
  });

  it("prints a batch's sheet: every code decodes to its page, its id under it, and the pages are marked", async () => {
    const { batchId, ids } = await newBatch(24);
    const response = await sheet({ source: "batch", batchId, level: "H" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="kammare-qr-.+-24\.pdf"$/,
    );
    expect(response.headers.get("x-codes")).toBe("24");
    const pdf = new Uint8Array(await response.arrayBuffer());
    const rectangles = await pdfRectangles(pdf);
    const runs = await pdfPositionedRuns(pdf);
    const byCode = [...ids].sort();
    byCode.forEach((id, index) => {
      const page = Math.floor(index / codesPerSheet) + 1;
      const box = codeBox(index);
      expect(
        decodeDrawnCode(
          rectangles.filter((drawn) => drawn.page === page),
          box,
        ),
        id,
      ).toBe(pageUrl(id));
      const label = runs.filter((run) => run.text === id);
      expect(label, `${id} printed once`).toHaveLength(1);
      expect(label[0]).toMatchObject({ page });
      expect(label[0]!.y).toBeLessThan(box.y);
    });

    const marks = await printed(ids);
    expect([...marks.values()].every((at) => at instanceof Date)).toBe(true);
    const batches = qrBatchListSchema.parse(
      await (await call(app, "/api/admin/qr/batches", { bearer: admin.token })).json(),
    );
    expect(batches.batches.find((entry) => entry.id === batchId)).toMatchObject({
      printed: 24,
      unclaimed: 24,
    });
    const entries = await db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "admin.qr_printed"), eq(auditLog.actorUserId, admin.id)));
    expect(entries.map((entry) => entry.details)).toContainEqual({
      count: 24,
      firstPrinting: 24,
      level: "H",
      batchId,
      part: 1,
    });

    // Printing again keeps the first date.
    const first = marks.get(ids[0]!)!;
    expect((await sheet({ source: "ids", ids: [ids[0]!] })).status).toBe(200);
    expect((await printed([ids[0]!])).get(ids[0]!)?.getTime()).toBe(first.getTime());
  });

  it("prints only the unclaimed pages of a batch when asked", async () => {
    const { batchId, ids } = await newBatch(3);
    await db.update(profiles).set({ status: "draft" }).where(eq(profiles.id, ids[1]!));
    const response = await sheet({ source: "batch", batchId, unclaimedOnly: true });
    expect(response.headers.get("x-codes")).toBe("2");
    const text = (await pdfPositionedRuns(new Uint8Array(await response.arrayBuffer()))).map(
      (run) => run.text,
    );
    expect(text).toContain(ids[0]);
    expect(text).not.toContain(ids[1]);
    expect((await printed(ids)).get(ids[1]!)).toBeNull();
  });

  it("refuses a bad sheet request with a 400 or 404 naming the field, marking nothing", async () => {
    const { batchId, ids } = await newBatch(2);
    await expectError(await sheet({ source: "ids", ids: [] }), 400, "invalid_request", "ids");
    await expectError(await sheet({ source: "ids", ids: ["bad"] }), 400, "invalid_request", "ids.0");
    await expectError(
      await sheet({ source: "ids", ids: Array.from({ length: 1001 }, () => ids[0]!) }),
      400,
      "invalid_request",
      "ids",
    );
    await expectError(await sheet({ source: "nope" }), 400, "invalid_request", "source");
    await expectError(await sheet({ source: "batch", batchId, level: "L" }), 400, "invalid_request", "level");
    await expectError(await sheet({ source: "batch", batchId, part: 2 }), 400, "invalid_request", "part");
    await expectError(
      await sheet({ source: "batch", batchId: crypto.randomUUID() }),
      404,
      "not_found",
      "batchId",
    );
    // One unknown code among known ones: a 404 naming it, and the known ones stay unprinted.
    await expectError(
      await sheet({ source: "ids", ids: [ids[0]!, newProfileId()] }),
      404,
      "not_found",
      "ids.1",
    );
    expect([...(await printed(ids)).values()]).toEqual([null, null]);
  });

  it("answers only admins: 401 without a session, 403 for a customer", async () => {
    const { batchId, ids } = await newBatch(1);
    for (const bearer of [undefined, customer.token]) {
      const status = bearer ? 403 : 401;
      expect((await call(app, `/api/admin/qr/${ids[0]}.png`, { bearer })).status).toBe(status);
      expect((await call(app, "/api/admin/qr/batches", { bearer })).status).toBe(status);
      expect((await call(app, `/api/admin/qr/profiles?batch=${batchId}`, { bearer })).status).toBe(status);
      const anonymous = { bearer, json: { source: "batch", batchId }, origin: siteOrigin };
      expect((await call(app, "/api/admin/qr/sheet", anonymous)).status).toBe(status);
    }
    expect((await printed(ids)).get(ids[0]!)).toBeNull();
  });
});
