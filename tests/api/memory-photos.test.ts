// A visitor's photos with a memory (decisions "A life in pictures"), on every database engine: sent
// with the light page's plain form (multipart/form-data), made by the family's photo pipeline, hidden
// from visitors until the family approves each one whatever the page's setting, removed with their
// files when the family declines them or the writer deletes the memory; every file the pipeline
// refuses is refused here too, and the same limits hold as for memories.
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import { memoryPhotoMaxBytes, memoryReportsSchema } from "../../contract/memories";
import { photoSizeKey, photoStoreKeys } from "../../contract/photo-values";
import { photos } from "../../server/db/schema";
import { visitorLimits } from "../../server/domain/memories";
import { newToken, tokenHash } from "../../server/domain/core";
import { memories } from "../../server/db/schema";
import { awayFromWindowEdge, call, expectError, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { makeFixtures, type Fixtures } from "../support/image-fixtures";
import { memoryCalls, newAddress, proxiedConfig } from "../support/memories";
import { addEditor } from "../support/photos";

describeOnEngines("a visitor's photos with a memory", { app: { config: proxiedConfig } }, (fixture) => {
  const { app, db, images, accounts, admin } = fixture;
  const { token, page, list, ownerList, report, stored } = memoryCalls(fixture);
  let files: Fixtures;
  let small: Buffer;

  beforeAll(async () => {
    files = await makeFixtures();
    small = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#557799" } })
      .jpeg()
      .toBuffer();
  });

  /** The light page's memory form with these photos, as a browser sends it: multipart, from the site. */
  async function memoryWithPhotos(
    profileId: string,
    attached: Buffer[],
    { from = newAddress(), text = "Summers at the lake." }: { from?: string; text?: string } = {},
  ) {
    const form = new FormData();
    const fields = { profileId, name: "Karin", relation: "", text, email: "", website: "" };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("formToken", await token(profileId));
    for (const [index, bytes] of attached.entries()) {
      form.append("photos", new File([new Uint8Array(bytes)], `photo-${index}.jpg`, { type: "image/jpeg" }));
    }
    return app.request("/api/memories", {
      method: "POST",
      body: form,
      headers: { Origin: siteOrigin, "X-Forwarded-For": from },
    });
  }

  const outcomeOf = (response: Response) => {
    expect(response.status, response.headers.get("location") ?? "").toBe(303);
    return new URL(response.headers.get("location") ?? "", siteOrigin).searchParams.get("memory");
  };

  const photoRows = (profileId: string) => db.select().from(photos).where(eq(photos.profileId, profileId));

  /** Every file the store holds under the page's photos. */
  async function storedPhotoFiles(profileId: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const key of images.keys?.() ?? []) if (key.startsWith(`${profileId}/photos/`)) keys.push(key);
    return keys;
  }

  const decidePhoto = (photoId: string, decision: "shown" | "removed", as?: Account) =>
    call(app, "/api/kammare/memories/photos", {
      json: { photoId, decision },
      ...(as ? { bearer: as.token } : {}),
    });

  it("keeps a memory's photos waiting, even on an open page, until the family shows each one", async () => {
    const { id, owner } = await page({ moderation: "open" });
    expect(outcomeOf(await memoryWithPhotos(id, [small, files.webp]))).toBe("shown");

    // The memory is on the page at once (an open page); its photos are not.
    const [shown] = (await list(id)).memories;
    expect(shown).toMatchObject({ text: "Summers at the lake.", photos: [] });
    const rows = await photoRows(id);
    expect(rows.map((row) => [row.state, row.albumId, row.memoryId])).toEqual([
      ["pending", null, shown?.id],
      ["pending", null, shown?.id],
    ]);
    // Every size in both encodings and the original are in the store, nothing more.
    expect((await storedPhotoFiles(id)).sort()).toEqual(rows.flatMap((row) => photoStoreKeys(row)).sort());

    // The family sees both, in the order they were chosen, and shows the first.
    const [mine] = (await ownerList(id, owner)).memories;
    expect(mine?.photos.map((photo) => photo.state)).toEqual(["pending", "pending"]);
    const [first, second] = mine?.photos ?? [];
    expect(first).toMatchObject({ width: 900, height: 600, sizes: [{ width: 320 }, { width: 640 }] });
    const answer = await decidePhoto(first?.id ?? "", "shown", owner);
    expect(answer.status, await answer.clone().text()).toBe(200);
    const [after] = (await list(id)).memories;
    expect(after?.photos).toEqual([{ id: first?.id, width: 900, height: 600, sizes: first?.sizes }]);
    const served = await app.request(`/uploads/${photoSizeKey(id, first?.id ?? "", 640, "webp")}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");

    // And declines the second: its row and every file go.
    expect((await decidePhoto(second?.id ?? "", "removed", owner)).status).toBe(200);
    expect((await photoRows(id)).map((row) => row.id)).toEqual([first?.id]);
    const secondKeys = rows.filter((row) => row.id === second?.id).flatMap((row) => photoStoreKeys(row));
    for (const key of secondKeys) expect(await images.get(key), key).toBeNull();
  });

  it("refuses every file the image pipeline refuses, and more than three, keeping nothing", async () => {
    const { id } = await page({ moderation: "open" });
    const refused = [
      [files.gif],
      [files.text],
      [files.pixelBomb],
      [files.fakePng],
      [files.truncatedJpeg],
      [files.thinPng],
      // A good photo first: what it stored goes again with the refusal.
      [small, files.fakePng],
      [small, small, small, small],
    ];
    for (const attached of refused) {
      const response = await memoryWithPhotos(id, attached);
      expect(outcomeOf(response)).toBe("photos");
      // The text comes back to mend, from its draft: the photos must be chosen again.
      expect(
        new URL(response.headers.get("location") ?? "", siteOrigin).searchParams.get("draft"),
      ).toBeTruthy();
    }
    expect(await stored(id)).toEqual([]);
    expect(await photoRows(id)).toEqual([]);
    expect(await storedPhotoFiles(id)).toEqual([]);
  });

  it("refuses a photo over 10 MB as the form's mistake, and a body over three of them before reading it", async () => {
    const { id } = await page({ moderation: "open" });
    const large = Buffer.concat([small, Buffer.alloc(memoryPhotoMaxBytes)]);
    expect(outcomeOf(await memoryWithPhotos(id, [large]))).toBe("photos");
    const response = await memoryWithPhotos(id, [large, large, large, large]);
    expect(response.status).toBe(413);
    expect(await stored(id)).toEqual([]);
  });

  it("counts memories with photos per address on top of the memories' own limits", async () => {
    const { id } = await page({ moderation: "review" });
    await awayFromWindowEdge(15);
    const from = newAddress();
    for (let sent = 0; sent < visitorLimits.memoriesWithPhotosPerAddressPerHour; sent += 1) {
      expect(outcomeOf(await memoryWithPhotos(id, [small], { from }))).toBe("pending");
    }
    expect(outcomeOf(await memoryWithPhotos(id, [small], { from }))).toBe("limited");
    // A memory without photos from that address is still within its own limit.
    expect(outcomeOf(await memoryWithPhotos(id, [], { from }))).toBe("pending");
    expect((await photoRows(id)).length).toBe(visitorLimits.memoriesWithPhotosPerAddressPerHour);
  });

  it("lets the page's editors decide, and nobody else: other customers, partners and visitors", async () => {
    const { id, owner } = await page({ moderation: "open" });
    expect(outcomeOf(await memoryWithPhotos(id, [small, small]))).toBe("shown");
    const [first, second] = (await ownerList(id, owner)).memories[0]?.photos ?? [];
    const stranger = await accounts.signUp();
    const partner = await accounts.signUp({ roles: ["partner"] });
    // Another customer's page is as unknown as none; a partner account has no page calls at all.
    await expectError(await decidePhoto(first?.id ?? "", "shown", stranger), 404, "not_found");
    await expectError(await decidePhoto(first?.id ?? "", "shown", partner), 403, "forbidden");
    await expectError(await decidePhoto(first?.id ?? "", "shown"), 401, "unauthorized");
    expect((await photoRows(id)).every((row) => row.state === "pending")).toBe(true);

    const editor = await accounts.signUp();
    await addEditor(db, id, editor.id);
    expect((await decidePhoto(first?.id ?? "", "shown", editor)).status).toBe(200);
    expect((await decidePhoto(second?.id ?? "", "shown", admin)).status).toBe(200);
    expect((await list(id)).memories[0]?.photos.length).toBe(2);
    // A photo that is no photo of a memory, or no id at all.
    await expectError(await decidePhoto(crypto.randomUUID(), "shown", owner), 404, "not_found");
    const bad = await decidePhoto("not-an-id%00", "shown", owner);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("photoId");
  });

  it("goes with its memory: the writer's link deletes the photos' rows and files", async () => {
    const { id } = await page({ moderation: "open" });
    expect(outcomeOf(await memoryWithPhotos(id, [small]))).toBe("shown");
    const [memory] = await stored(id);
    const secret = newToken();
    await db
      .update(memories)
      .set({ deleteTokenHash: tokenHash(secret) })
      .where(eq(memories.id, memory?.id ?? ""));
    const keys = (await photoRows(id)).flatMap((row) => photoStoreKeys(row));
    expect(keys.length).toBeGreaterThan(0);
    const response = await call(app, "/api/memories/delete-own", { json: { token: secret } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await photoRows(id)).toEqual([]);
    for (const key of keys) expect(await images.get(key), key).toBeNull();
  });

  it("shows the admin a reported memory's photos, approved or not", async () => {
    const { id, owner } = await page({ moderation: "open" });
    expect(outcomeOf(await memoryWithPhotos(id, [small, small]))).toBe("shown");
    const [memory] = (await ownerList(id, owner)).memories;
    expect((await decidePhoto(memory?.photos[0]?.id ?? "", "shown", owner)).status).toBe(200);
    expect((await report({ id: memory?.id ?? "", profileId: id })).status).toBe(204);
    const queue = await call(app, "/api/admin/memory-reports", { bearer: admin.token });
    const reported = memoryReportsSchema
      .parse(await queue.json())
      .reports.find((entry) => entry.memory.id === memory?.id);
    expect(reported?.memory.photos.map((photo) => photo.state)).toEqual(["shown", "pending"]);
    const rows = await db
      .select()
      .from(photos)
      .where(and(eq(photos.profileId, id), eq(photos.state, "shown")));
    expect(rows.length).toBe(1);
  });
});
