// The family's photo calls for the API tests (tests/api/photos*.test.ts): an upload as a browser sends
// it, a page of one's own, the JSON calls, and a ZIP read with a real unzip library.
import { Buffer } from "node:buffer";
import { expect } from "vitest";
import yauzl from "yauzl";
import { familyPhotosSchema, photoAnswerSchema, type FamilyPhotos } from "../../contract/photos";
import type { Database } from "../../server/db/client";
import { profileEditors, profiles } from "../../server/db/schema";
import { newProfileId } from "../../server/domain/profiles";
import { call, siteOrigin, type Account, type TestApp } from "./accounts";

export type PhotoUpload = {
  bearer?: string;
  profileId: string;
  albumId?: string;
  image: Buffer;
  /** Sent as Accept-Language: the default album's language. */
  language?: string;
  headers?: Record<string, string>;
};

export function uploadPhoto(app: TestApp, options: PhotoUpload): Promise<Response> {
  const form = new FormData();
  form.append("profileId", options.profileId);
  if (options.albumId !== undefined) form.append("albumId", options.albumId);
  form.append("image", new File([new Uint8Array(options.image)], "IMG_0001.JPG", { type: "image/jpeg" }));
  const headers: Record<string, string> = { Origin: siteOrigin, ...options.headers };
  if (options.bearer !== undefined) headers.Authorization = `Bearer ${options.bearer}`;
  if (options.language) headers["Accept-Language"] = options.language;
  return Promise.resolve(app.request("/api/kammare/photos", { method: "POST", body: form, headers }));
}

/** Uploads as `who` and answers the new photo (a 201 in the contract's shape). */
export async function uploaded(app: TestApp, who: Account, options: Omit<PhotoUpload, "bearer">) {
  const response = await uploadPhoto(app, { ...options, bearer: who.token });
  expect(response.status, await response.clone().text()).toBe(201);
  return photoAnswerSchema.parse(await response.json()).photo;
}

export async function newPage(db: Database, ownerUserId: string, status: "draft" | "suspended" = "draft") {
  const id = newProfileId();
  await db.insert(profiles).values({ id, ownerUserId, status, content: {}, metadata: {} });
  return id;
}

export async function addEditor(db: Database, profileId: string, userId: string): Promise<void> {
  await db.insert(profileEditors).values({ profileId, userId });
}

/** A JSON call as the signed-in `who` from the site. */
export function ask(
  app: TestApp,
  who: Account | undefined,
  path: string,
  init: { method?: string; json?: unknown } = {},
) {
  return call(app, path, { ...init, origin: siteOrigin, ...(who ? { bearer: who.token } : {}) });
}

export async function albumsOf(app: TestApp, who: Account, profileId: string): Promise<FamilyPhotos> {
  const response = await ask(app, who, `/api/kammare/photos?profileId=${profileId}`);
  expect(response.status).toBe(200);
  return familyPhotosSchema.parse(await response.json());
}

/** Every entry of a ZIP, by name, read with yauzl (CRCs and sizes checked by it). */
export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const zipfile = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zipfile.on("error", reject);
    zipfile.on("end", () => resolve());
    zipfile.on("entry", (entry: yauzl.Entry) => {
      zipfile.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("error", reject);
        stream.on("end", () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zipfile.readEntry();
        });
      });
    });
    zipfile.readEntry();
  });
  return entries;
}
