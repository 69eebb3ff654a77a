// The static copy for the end-to-end suite (ADR 046): a database of its own (the suite's server holds
// its embedded one), a public page with a story, a chapter, photos and a memory on it, exported by the
// build's own exporter to a folder; and a plain file server (node:http, no app) serving that folder
// as any simple web host would: `/k/{id}` from `k/{id}/index.html`, anything else missing → 404.html.
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ExportSummary } from "../../../server/continuity/static-export";
import type * as ServerEntry from "../../../server/index";
import type { Database } from "../../../server/db/client";
import { memories, profiles } from "../../../server/db/schema";
import { createDiskImageStore } from "../../../server/providers/images";
import { seedPhotos } from "../../support/seed-photos";

type Build = Pick<typeof ServerEntry, "openDatabase" | "migrate" | "folderCopier">;

export type StaticCopy = { dir: string; pageId: string; photoIds: string[]; summary: ExportSummary };

/** Seeds a page on a fresh database and exports the copy; the folder is removed by `removeCopy`. */
export async function makeStaticCopy(): Promise<StaticCopy> {
  const work = await mkdtemp(path.join(tmpdir(), "kammare-static-e2e-"));
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as Build;
  const handle = await build.openDatabase({ dataDir: path.join(work, "db") });
  try {
    await build.migrate(handle);
    const db = handle.db as unknown as Database;
    const images = createDiskImageStore(path.join(work, "uploads"));
    const pageId = `S${randomUUID()
      .replace(/[^0-9]/g, "")
      .slice(0, 7)
      .padEnd(7, "7")}`;
    await db.insert(profiles).values({
      id: pageId,
      status: "active",
      content: {
        displayName: "Greta Lindqvist",
        subtitle: "Nurse, singer, gardener",
        birthDate: "1931-04-02",
        deathDate: "2024-10-11",
        story: "Greta grew up by the sea in Bohuslän.\n\nShe sang in the cathedral choir for fifty years.",
        chapters: [
          {
            id: randomUUID(),
            title: "Sahlgrenska",
            period: "1955–1995",
            text: "Forty years on the children's ward.",
          },
        ],
      },
      metadata: { visibility: "public", language: "en-US", tags: [] },
    });
    const albums = await seedPhotos(db, images, {
      profileId: pageId,
      albums: [{ title: "Summers", photos: [{ caption: "At the lake" }, { caption: "The roses" }] }],
    });
    await db
      .insert(memories)
      .values({ profileId: pageId, writerName: "Erik", body: "Thank you for the songs.", state: "shown" });
    const copier = await build.folderCopier({
      database: handle,
      images,
      publicUrl: "http://localhost:3000",
      outboxDir: path.join(work, "outbox"),
      clientDir: path.resolve("build/client"),
    });
    const dir = path.join(work, "copy");
    const summary = await copier.copy(dir);
    return {
      dir,
      pageId,
      photoIds: albums.flatMap((album) => album.photos.map((photo) => photo.id)),
      summary,
    };
  } finally {
    await handle.close();
  }
}

export async function removeCopy(copy: StaticCopy): Promise<void> {
  await rm(path.dirname(copy.dir), { recursive: true, force: true });
}

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".woff2": "font/woff2",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".ics": "text/calendar",
};

/** Serves the folder as a plain web host does; resolves to its address and its stop. */
export async function serveFolder(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://host").pathname);
      const parts = pathname.split("/").filter(Boolean);
      if (parts.some((part) => part === "..")) parts.length = 0;
      const file = path.join(dir, ...parts);
      const candidates = path.extname(file) ? [file] : [path.join(file, "index.html")];
      for (const candidate of candidates) {
        try {
          const body = await readFile(candidate);
          response.writeHead(200, {
            "Content-Type": types[path.extname(candidate)] ?? "application/octet-stream",
          });
          response.end(body);
          return;
        } catch {
          // Not there: the next candidate, or the 404 page.
        }
      }
      response.writeHead(404, { "Content-Type": types[".html"] });
      response.end(await readFile(path.join(dir, "404.html")));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
