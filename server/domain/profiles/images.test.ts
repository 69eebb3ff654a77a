// Adding an image to a profile, with the store and the processing passed in: who may (the one check
// profile edits use too), and a failed upload leaving neither files nor a row; on every test engine.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { describeOnDatabases } from "../../../tests/support/api-fixture";
import { profileImages, profiles, users } from "../../db/schema";
import {
  createDiskImageStore,
  ImageRejectedError,
  type ImageProcessor,
  type ImageStore,
} from "../../providers/images/index";
import { pageMissing, refuse, type Actor } from "../core";
import { uploadProfileImage, type ImageUpload } from "./images";
import { assertOwnsProfile, updateProfileContent } from "./profiles";
import { createProfiles } from "./create-profiles";

const origin = { ip: null, userAgent: "test" };

/** A stand-in for sharp: two small "variants" of whatever it is given, and how often it ran. */
function fakeProcessor() {
  const calls: number[] = [];
  const process: ImageProcessor = async (file) => {
    calls.push(file.length);
    const variant = (name: "large" | "small", width: number) => ({
      name,
      data: Buffer.from(`${name}:${file.toString("utf8")}`),
      contentType: "image/webp" as const,
      width,
      height: width,
      bytes: 10,
    });
    return {
      sourceFormat: "png",
      sourceBytes: file.length,
      variants: [variant("large", 800), variant("small", 320)],
    };
  };
  return { process, calls };
}

/** The disk store, with a put that can be made to fail from the n-th call on. */
function storeFailingFrom(failFrom: number | null) {
  const disk = createDiskImageStore(mkdtempSync(path.join(tmpdir(), "kammare-domain-images-")));
  let puts = 0;
  const keys = new Set<string>();
  const store: ImageStore = {
    kind: "test",
    async put(key, data, contentType) {
      puts += 1;
      if (failFrom !== null && puts >= failFrom) throw new Error("disk full");
      keys.add(key);
      await disk.put(key, data, contentType);
    },
    get: (key) => disk.get(key),
    async delete(key) {
      keys.delete(key);
      await disk.delete(key);
    },
  };
  return { store, keys, disk };
}

const file = (text: string): ImageUpload["file"] => ({
  size: Buffer.byteLength(text),
  bytes: async () => Buffer.from(text),
});

describeOnDatabases("profile images", ({ db }) => {
  let owner: Actor;
  let other: Actor;
  let admin: Actor;

  beforeAll(async () => {
    const [a, b, c] = await db
      .insert(users)
      .values([
        { email: "owner@example.se", passwordHash: "x", roles: ["customer"] },
        { email: "other@example.se", passwordHash: "x", roles: ["customer"] },
        { email: "admin@example.se", passwordHash: "x", roles: ["customer", "admin"] },
      ])
      .returning();
    owner = { id: a?.id ?? "", roles: ["customer"] };
    other = { id: b?.id ?? "", roles: ["customer"] };
    admin = { id: c?.id ?? "", roles: ["customer", "admin"] };
  });

  async function ownedProfile(status: "draft" | "suspended" = "draft"): Promise<string> {
    const [row] = await createProfiles(db, { count: 1, ownerUserId: owner.id }, admin, origin);
    const id = row?.id ?? "";
    if (status !== "draft") await db.update(profiles).set({ status }).where(eq(profiles.id, id));
    return id;
  }
  const imagesOf = (profileId: string) =>
    db.select().from(profileImages).where(eq(profileImages.profileId, profileId));

  it("the owner's image is processed, stored under the profile and recorded with its variants", async () => {
    const id = await ownedProfile();
    const { store, keys, disk } = storeFailingFrom(null);
    const { process, calls } = fakeProcessor();
    const { image, source } = await uploadProfileImage(
      { db, images: store, process },
      { profileId: id, kind: "portrait", file: file("picture") },
      owner,
    );
    expect(calls).toEqual([7]);
    expect(source).toEqual({ sourceFormat: "png", sourceBytes: 7 });
    expect(image.url).toBe(`/uploads/${id}/${image.id}-large.webp`);
    expect(image.variants).toEqual({
      large: { url: `/uploads/${id}/${image.id}-large.webp`, width: 800, height: 800 },
      small: { url: `/uploads/${id}/${image.id}-small.webp`, width: 320, height: 320 },
    });
    expect([...keys].sort()).toEqual([`${id}/${image.id}-large.webp`, `${id}/${image.id}-small.webp`]);
    expect((await disk.get(`${id}/${image.id}-small.webp`))?.data.toString()).toBe("small:picture");
    const rows = await imagesOf(id);
    expect(rows.map((row) => [row.id, row.uploadedBy, row.bytes, row.variants])).toEqual([
      [image.id, owner.id, 20, image.variants],
    ]);
  });

  it("refuses another user and a suspended page with the same check the profile edits use", async () => {
    const id = await ownedProfile();
    const suspended = await ownedProfile("suspended");
    const { store, keys } = storeFailingFrom(null);
    const { process, calls } = fakeProcessor();
    const upload = (profileId: string, actor: Actor) =>
      uploadProfileImage(
        { db, images: store, process },
        { profileId, kind: "cover", file: file("x") },
        actor,
      );

    await expect(upload(id, other)).rejects.toEqual(refuse("page.editors-only-images"));
    await expect(updateProfileContent(db, id, { subtitle: "x" }, other)).rejects.toEqual(
      refuse("page.editors-only"),
    );
    await expect(upload(suspended, owner)).rejects.toEqual(refuse("page.suspended"));
    await expect(updateProfileContent(db, suspended, { subtitle: "x" }, owner)).rejects.toEqual(
      refuse("page.suspended"),
    );
    await expect(upload("ZZZZZZZZ", owner)).rejects.toEqual(pageMissing());
    // Nothing was read or stored for a refused upload; an admin may add to a suspended page.
    expect(calls).toEqual([]);
    expect(keys.size).toBe(0);
    await upload(suspended, admin);
    expect(await imagesOf(suspended)).toHaveLength(1);
  });

  it("refuses a file over 10 MB as too_large before reading it", async () => {
    const id = await ownedProfile();
    const { store } = storeFailingFrom(null);
    const { process, calls } = fakeProcessor();
    let read = false;
    const big = {
      size: 10 * 1024 * 1024 + 1,
      bytes: async () => {
        read = true;
        return Buffer.alloc(0);
      },
    };
    const error: unknown = await uploadProfileImage(
      { db, images: store, process },
      { profileId: id, kind: "portrait", file: big },
      owner,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as ImageRejectedError).reason).toBe("too_large");
    expect(read).toBe(false);
    expect(calls).toEqual([]);
  });

  it("a store failing on the second variant leaves no file and no row", async () => {
    const id = await ownedProfile();
    const { store, keys } = storeFailingFrom(2);
    await expect(
      uploadProfileImage(
        { db, images: store, process: fakeProcessor().process },
        { profileId: id, kind: "portrait", file: file("picture") },
        owner,
      ),
    ).rejects.toThrow("disk full");
    expect(keys.size).toBe(0);
    expect(await imagesOf(id)).toEqual([]);
  });

  it("a failing insert removes the files already stored", async () => {
    const id = await ownedProfile();
    const { store, keys } = storeFailingFrom(null);
    // An admin that is no user: the row's uploaded_by cannot refer to it.
    const ghost: Actor = { id: randomUUID(), roles: ["admin"] };
    await expect(
      uploadProfileImage(
        { db, images: store, process: fakeProcessor().process },
        { profileId: id, kind: "portrait", file: file("picture") },
        ghost,
      ),
    ).rejects.toThrow();
    expect(keys.size).toBe(0);
    expect(await imagesOf(id)).toEqual([]);
  });
});

describe("assertOwnsProfile", () => {
  const owner: Actor = { id: "u1", roles: ["customer"] };
  const admin: Actor = { id: "u2", roles: ["customer", "admin"] };
  it("lets the owner change a live page, an admin any page, and nobody else", () => {
    expect(() => assertOwnsProfile({ ownerUserId: "u1", status: "trial" }, owner)).not.toThrow();
    expect(() => assertOwnsProfile({ ownerUserId: "u1", status: "suspended" }, admin)).not.toThrow();
    expect(() => assertOwnsProfile({ ownerUserId: null, status: "unclaimed" }, admin)).not.toThrow();
    expect(() => assertOwnsProfile({ ownerUserId: "u1", status: "suspended" }, owner)).toThrow(
      "This page is suspended.",
    );
    expect(() => assertOwnsProfile({ ownerUserId: null, status: "unclaimed" }, owner)).toThrow(
      "Only the page's owner can change it.",
    );
  });
});
