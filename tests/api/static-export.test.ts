// The static copy (`npm run export:static`, ADR 046), on every database engine, rendered by the built
// app's own pages: a public page with photos, chapters and memories is written at /k/{id}/index.html
// with its story, its shown memories only, its photo pages and every file its HTML names, and no
// script or form; pages that are not public, or not shown to visitors, stay out; a rerun writes only
// what changed and takes out a page that stopped being public; and the same through the S3 store code
// into the local S3 stand-in.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ProfileStatus } from "../../contract/profiles";
import type { AppDeps } from "../../server/app";
import type { BuiltPages } from "../../server/continuity/cli";
import { exportStaticCopy, manifestFile, type StaticSite } from "../../server/continuity/static-export";
import { localLinks } from "../../server/continuity/static-html";
import { bucketPrefix, bucketTarget, folderTarget } from "../../server/continuity/targets";
import { createBackgroundTasks } from "../../server/background";
import { loadConfig } from "../../server/config";
import { memories, profiles } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { createOutboxSender } from "../../server/providers/email";
import { describeOnEngines } from "../support/api-fixture";
import { ownedPageWith } from "../support/named-draft";
import { startS3StandIn } from "../support/s3-stand-in";
import { seedPhotos } from "../support/seed-photos";
import { entry, root } from "../support/server-spawn";

type Build = {
  builtPages(clientDir: string): Promise<BuiltPages>;
  createStaticSite(deps: Omit<AppDeps, "pageCache" | "metrics">): StaticSite;
};

/** Visibilities other than public: none of them may reach the copy. A new one joins this list. */
const notPublic = ["unlisted", "private"] as const;
/** Statuses whose page visitors do not see (or see only as a notice): never in the copy. */
const notShown: ProfileStatus[] = ["unclaimed", "draft", "suspended", "removed"];

const publicUrl = "http://localhost:3000";
const s3 = await startS3StandIn({ buckets: ["kammare"] });
const dirs: string[] = [];
let build: Build;
let built: BuiltPages;

beforeAll(async () => {
  // The pages are the build's (React Router's server build): built first when missing.
  if (!existsSync(entry)) {
    const result = spawnSync("npm", ["run", "-s", "build"], {
      cwd: root,
      encoding: "utf8",
      timeout: 150_000,
    });
    if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
  }
  build = (await import(pathToFileURL(entry).href)) as Build;
  built = await build.builtPages(path.relative(process.cwd(), path.join(root, "build/client")) || ".");
}, 180_000);

afterAll(async () => {
  await s3.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function freshDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "kammare-static-"));
  dirs.push(dir);
  return dir;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((item) => item.isFile())
    .map((item) => path.relative(dir, path.join(item.parentPath, item.name)).split(path.sep).join("/"))
    .sort();
}

describeOnEngines("the static copy", ({ db, handle, images, accounts, admin }) => {
  const fixture = { db, accounts, admin };
  let site: StaticSite;
  let page: string;
  let photoIds: string[];
  let resting: string;
  const leftOut: string[] = [];

  const exportTo = (target: ReturnType<typeof folderTarget>) =>
    exportStaticCopy({ db, site, images, target, buildId: built.buildId, publicUrl });

  beforeAll(async () => {
    const logger = createLogger("silent");
    site = build.createStaticSite({
      config: loadConfig({ NODE_ENV: "test", PUBLIC_URL: publicUrl }),
      database: handle,
      logger,
      email: createOutboxSender({ dir: await freshDir(), from: "Kammare <no-reply@localhost>" }),
      background: createBackgroundTasks(logger),
      images,
      pages: built.pages,
      buildId: built.buildId,
      clientDir: built.clientDir,
    });
    page = (
      await ownedPageWith(fixture, {
        status: "active",
        content: {
          displayName: "Greta Lind",
          story: "Greta grew roses in Dalby and sang in the church choir.",
          chapters: [
            {
              id: "8a0f3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f",
              title: "Years in Lund",
              period: "1960–1975",
              text: "She taught music at the cathedral school.",
            },
          ],
        },
        metadata: { visibility: "public", language: "en-US", tags: [] },
      })
    ).id;
    const albums = await seedPhotos(db, images, {
      profileId: page,
      albums: [{ title: "Summers", photos: [{ caption: "At the lake" }, { caption: "The garden" }] }],
    });
    photoIds = albums.flatMap((album) => album.photos.map((photo) => photo.id));
    await db.insert(memories).values([
      { profileId: page, writerName: "Erik", body: "Thank you for the music, Greta.", state: "shown" },
      {
        profileId: page,
        writerName: "Nils",
        body: "A memory still waiting for the family.",
        state: "pending",
      },
    ]);
    resting = (
      await ownedPageWith(fixture, {
        status: "expired",
        content: { displayName: "Olof Berg", story: "Olof fished off Kivik." },
      })
    ).id;
    for (const visibility of notPublic) {
      const sibling = await ownedPageWith(fixture, {
        status: "active",
        content: { displayName: "Not for everyone", story: "Kept to the family." },
        metadata: { visibility, language: "sv-SE", tags: [] },
      });
      leftOut.push(sibling.id);
    }
    for (const status of notShown) {
      const other = await ownedPageWith(fixture, {
        status,
        content: { displayName: `A ${status} page`, story: "Not shown to visitors." },
      });
      leftOut.push(other.id);
    }
  });

  it("writes a public page with its story, chapters, shown memories, photo pages and every file it names", async () => {
    const dir = await freshDir();
    const summary = await exportTo(folderTarget(dir));
    expect(summary.deadLinks).toEqual([]);
    expect(summary.rendered).toBe(summary.pages);
    const html = await readFile(path.join(dir, `k/${page}/index.html`), "utf8");
    expect(html).toContain("Greta grew roses in Dalby");
    expect(html).toContain("Years in Lund");
    expect(html).toContain("She taught music at the cathedral school.");
    expect(html).toContain("Thank you for the music, Greta.");
    expect(html).not.toContain("A memory still waiting for the family.");
    // Nothing that needs this server: no script, no form; said instead where a visitor would write.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<form/i);
    expect(html).toContain("no new memories can be written here");

    const files = new Set(await filesUnder(dir));
    const named = localLinks(html, publicUrl);
    const photoPages = named.filter((link) => link.address.startsWith(`/k/${page}/photos/`));
    expect(photoPages.map((link) => link.address).sort()).toEqual(
      photoIds.map((id) => `/k/${page}/photos/${id}`).sort(),
    );
    for (const link of photoPages) expect(files).toContain(`${link.address.slice(1)}/index.html`);
    // Every file the HTML names, found without the exporter's own reading of it: each address under
    // /uploads/ and /assets/ anywhere in the text (attributes of any case, srcset lists, styles).
    const fileLinks = [...new Set(html.match(/\/(?:uploads|assets)\/[^\s"',)&]+/g) ?? [])].map((file) =>
      file.slice(1),
    );
    // The page's thumbnails are WebP (ADR 038); a photo's own page has it in both encodings, below.
    expect(fileLinks.filter((file) => file.endsWith(".webp")).length).toBeGreaterThan(0);
    expect(fileLinks.some((file) => /^assets\/.+\.css$/.test(file))).toBe(true);
    for (const file of fileLinks) expect(files).toContain(file);
    for (const file of named.filter((link) => link.kind === "file"))
      expect(files).toContain(file.address.slice(1));
    // The images are the store's own bytes.
    const image = fileLinks.find((file) => file.startsWith("uploads/")) as string;
    const stored = await images.get(image.slice("uploads/".length));
    expect(await readFile(path.join(dir, image))).toEqual(stored?.data);
    // A photo page names its own files, which are there too.
    const photoHtml = await readFile(path.join(dir, `k/${page}/photos/${photoIds[0]}/index.html`), "utf8");
    expect(photoHtml).not.toMatch(/<script/i);
    const photoFiles = photoHtml.match(/\/(?:uploads|assets)\/[^\s"',)&]+/g) ?? [];
    expect(photoFiles.filter((file) => file.endsWith(".avif")).length).toBeGreaterThan(0);
    expect(photoFiles.filter((file) => file.endsWith(".webp")).length).toBeGreaterThan(0);
    for (const file of photoFiles) expect(files).toContain(file.slice(1));
    // The stylesheet's fonts are copied with it.
    const css = fileLinks.find((file) => file.endsWith(".css")) as string;
    const fonts = (await readFile(path.join(dir, css), "utf8")).match(/\/assets\/[^\s"')]+\.woff2/g) ?? [];
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(files).toContain(font.slice(1));
    expect(files).toContain("404.html");
    expect(await readFile(path.join(dir, "404.html"), "utf8")).toContain("Sidan finns inte");
    // A resting public page is still what its code shows visitors: it is in the copy.
    expect(files).toContain(`k/${resting}/index.html`);
    expect(await readFile(path.join(dir, `k/${resting}/index.html`), "utf8")).toContain("Olof Berg");
    // Nothing of a page that is not public, or not shown to visitors.
    for (const id of leftOut) expect([...files].filter((file) => file.startsWith(`k/${id}/`))).toEqual([]);
  });

  it("rewrites only what changed on a rerun, and takes out a page that stopped being public", async () => {
    const dir = await freshDir();
    const target = folderTarget(dir);
    const first = await exportTo(target);
    const again = await exportTo(target);
    expect(again).toMatchObject({ pages: first.pages, rendered: 0, unchanged: first.pages, removed: 0 });
    // Only the manifest is written again.
    expect(again.written).toBe(0);

    await db
      .update(profiles)
      .set({
        content: {
          displayName: "Greta Lind",
          story: "Greta grew roses in Dalby, and apples too.",
        },
      })
      .where(eq(profiles.id, page));
    await db
      .update(profiles)
      .set({ metadata: { visibility: notPublic[0], language: "sv-SE", tags: [] } })
      .where(eq(profiles.id, resting));
    const changed = await exportTo(target);
    expect(changed).toMatchObject({ rendered: 1, removed: 1, pages: first.pages - 1 });
    expect(await readFile(path.join(dir, `k/${page}/index.html`), "utf8")).toContain("and apples too");
    const files = await filesUnder(dir);
    expect(files.filter((file) => file.startsWith(`k/${resting}/`))).toEqual([]);
    const manifest = JSON.parse(await readFile(path.join(dir, manifestFile), "utf8")) as {
      pages: Record<string, unknown>;
    };
    expect(Object.keys(manifest.pages)).toContain(page);
    expect(Object.keys(manifest.pages)).not.toContain(resting);
    // Put back for the next test.
    await db
      .update(profiles)
      .set({ metadata: { visibility: "public", language: "sv-SE", tags: [] } })
      .where(eq(profiles.id, resting));
  });

  it("writes the same copy into a bucket through the S3 store code", async () => {
    const settings = {
      endpoint: s3.endpoint,
      region: "eu-north-1",
      bucket: "kammare",
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    };
    const target = bucketTarget(settings);
    const summary = await exportTo(target);
    expect(summary.rendered).toBe(summary.pages);
    const bucket = s3.buckets.get("kammare");
    const object = bucket?.get(`${bucketPrefix}k/${page}/index.html`);
    expect(object && Buffer.from(object.data).toString("utf8")).toContain("Greta grew roses");
    expect(bucket?.has(`${bucketPrefix}404.html`)).toBe(true);
    for (const id of leftOut) expect(bucket?.has(`${bucketPrefix}k/${id}/index.html`)).toBe(false);
    expect(await exportTo(target)).toMatchObject({ rendered: 0, written: 0 });
  });
});
