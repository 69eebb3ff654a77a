// The static copy of every public page (`npm run export:static`, ADR 046): each page as its visitors
// see it, rendered by the app itself in its static mode (no scripts, no forms), written at its own
// path (`k/{id}/index.html`, its photo pages below it) with every file it names (the build's assets,
// the images, its calendar file) and a plain `404.html`, so any plain web host serves every printed
// code. Incremental: a manifest in the target keeps each page's version (migration 0031) and files, so
// a rerun renders only the pages that changed and removes the pages that are no longer public.
import { z } from "zod";
import { localeCookieName, type Locale } from "../../contract/locale";
import type { Executor } from "../db/client";
import { staticCopyPages, type StaticCopyPage } from "../domain/continuity";
import { contentTypeOfKey, type ImageStore } from "../providers/images";
import { isCopyPath, type StaticTarget } from "./targets";
import { localLinks, notFoundPage } from "./static-html";

export const manifestFile = "kammare-static.json";
export const notFoundFile = "404.html";

const manifestSchema = z.object({
  format: z.literal(1),
  buildId: z.string(),
  /** Per page: the version it was rendered at, its HTML files and the other files it names. */
  pages: z.record(
    z.string(),
    z.object({ version: z.number(), files: z.array(z.string()), uses: z.array(z.string()) }),
  ),
  /** Every other file written (assets, images), with the files it names in turn (a stylesheet's fonts). */
  resources: z.record(z.string(), z.array(z.string())),
});
type Manifest = z.infer<typeof manifestSchema>;
type PageEntry = Manifest["pages"][string];

/** What answers the copy's requests: the exporter's own app (server/continuity/static-site.ts). */
export type StaticSite = { fetch(request: Request): Response | Promise<Response> };

export type ExportSummary = {
  /** Public pages the copy holds now. */
  pages: number;
  /** Rendered this run (new or changed); the rest were unchanged since the last run. */
  rendered: number;
  unchanged: number;
  /** Pages taken out of the copy (no longer public, resting or there at all). */
  removed: number;
  /** Files written this run, and their bytes. */
  written: number;
  bytes: number;
  /** Local addresses a copied page links to that the copy cannot hold (should be none). */
  deadLinks: string[];
  seconds: number;
};

export type ExportOptions = {
  db: Executor;
  site: StaticSite;
  images: ImageStore;
  target: StaticTarget;
  /** The build's id: a new build renders every page again (its assets have new names). */
  buildId: string;
  /** The site's address, as its pages name it (PUBLIC_URL): links to it are local links. */
  publicUrl: string;
  /** Pages rendered at once (the render is on this thread; the database's turns overlap). */
  concurrency?: number;
  progress?: (line: string) => void;
};

export class StaticExportError extends Error {
  override name = "StaticExportError";
}

const emptyManifest = (buildId: string): Manifest => ({ format: 1, buildId, pages: {}, resources: {} });

async function readManifest(target: StaticTarget, buildId: string): Promise<Manifest | null> {
  const raw = await target.read(manifestFile);
  if (!raw) return null;
  try {
    return manifestSchema.parse(JSON.parse(raw.toString("utf8")));
  } catch {
    // A manifest we cannot read is no reason to stop: the copy is written again whole.
    return emptyManifest(`unreadable ${buildId}`);
  }
}

/** The file a page's address is written to: `/k/ABC/photos/x` → `k/ABC/photos/x/index.html`. */
export const pageFileOf = (address: string) => `${address.slice(1)}/index.html`;

export async function exportStaticCopy(options: ExportOptions): Promise<ExportSummary> {
  const started = performance.now();
  const { site, images, target, buildId } = options;
  const origin = new URL(options.publicUrl).origin;
  const previous = await readManifest(target, buildId);
  const manifest: Manifest = previous ?? emptyManifest(buildId);
  const sameBuild = previous?.buildId === buildId;
  const pages = await staticCopyPages(options.db);
  const changed = pages.filter((page) => !sameBuild || manifest.pages[page.id]?.version !== page.version);
  const summary: ExportSummary = {
    pages: pages.length,
    rendered: 0,
    unchanged: pages.length - changed.length,
    removed: 0,
    written: 0,
    bytes: 0,
    deadLinks: [],
    seconds: 0,
  };
  const dead = new Set<string>();
  /** Resources written this run, or earlier by this build: their content never changes under a name. */
  const known = new Map<string, Promise<string[]>>(
    sameBuild ? Object.entries(manifest.resources).map(([file, uses]) => [file, Promise.resolve(uses)]) : [],
  );
  const resources: Manifest["resources"] = sameBuild ? { ...manifest.resources } : {};

  async function write(file: string, data: Buffer, contentType: string): Promise<void> {
    await target.write(file, data, contentType);
    summary.written += 1;
    summary.bytes += data.length;
  }

  async function get(address: string, locale: Locale): Promise<Response> {
    return site.fetch(
      new Request(`${origin}${address}`, {
        headers: {
          // Each page in its own language, as its family wrote it; a bot's agent gets the whole
          // document at once (app/entry.server.tsx), never a streamed one.
          cookie: `${localeCookieName}=${locale}`,
          "user-agent": "KammareStaticCopy/1 (bot)",
        },
      }),
    );
  }

  /** Writes a file the pages name (once per build), and what it names in turn; returns those. */
  function resource(file: string, locale: Locale): Promise<string[]> {
    let done = known.get(file);
    if (!done) {
      done = copyResource(file, locale);
      known.set(file, done);
    }
    return done;
  }

  async function copyResource(file: string, locale: Locale): Promise<string[]> {
    let data: Buffer;
    let contentType: string;
    if (file.startsWith("uploads/")) {
      // Straight from the store: the site may send /uploads/ to a CDN (IMAGE_PUBLIC_URL).
      const key = file.slice("uploads/".length);
      const stored = contentTypeOfKey(key) ? await images.get(key) : null;
      if (!stored) throw new StaticExportError(`the image ${key} a page shows is not in the image store`);
      ({ data, contentType } = stored);
    } else {
      const response = await get(`/${file}`, locale);
      if (response.status !== 200) {
        throw new StaticExportError(`/${file}, which a page names, answered ${response.status}`);
      }
      data = Buffer.from(await response.arrayBuffer());
      contentType = response.headers.get("content-type") ?? "application/octet-stream";
    }
    await write(file, data, contentType);
    // A stylesheet names its fonts and pictures.
    const uses = contentType.startsWith("text/css") ? await filesNamed(data.toString("utf8"), locale) : [];
    resources[file] = uses;
    return uses;
  }

  /** The files a document names, written; returns them (and what they name) as paths in the copy. */
  async function filesNamed(text: string, locale: Locale, pageLinks?: Set<string>): Promise<string[]> {
    const files = new Set<string>();
    for (const link of localLinks(text, origin)) {
      if (pageLinks && link.kind === "page") pageLinks.add(link.address);
      else if (link.kind === "file" && isCopyPath(link.address.slice(1))) files.add(link.address.slice(1));
      else dead.add(link.address);
    }
    const nested = await Promise.all([...files].map((file) => resource(file, locale)));
    return [...new Set([...files, ...nested.flat()])];
  }

  /** Renders a page and the photo pages it links to; returns its entry, or null when it is gone. */
  async function copyPage(page: StaticCopyPage): Promise<PageEntry | null> {
    const home = `/k/${page.id}`;
    const queue = [home];
    const seen = new Set(queue);
    const files: string[] = [];
    const uses = new Set<string>();
    for (let address = queue.shift(); address !== undefined; address = queue.shift()) {
      const response = await get(address, page.language);
      if (response.status === 404 && address === home) return null;
      if (response.status !== 200) throw new StaticExportError(`${address} answered ${response.status}`);
      const html = await response.text();
      const links = new Set<string>();
      for (const file of await filesNamed(html, page.language, links)) uses.add(file);
      for (const link of links) {
        // Only this page's own pages (its photos); a link to another page is that page's business.
        if (link.startsWith(`${home}/photos/`) && !seen.has(link)) {
          seen.add(link);
          queue.push(link);
        } else if (link !== home && !link.startsWith(`${home}/photos/`)) dead.add(link);
      }
      const file = pageFileOf(address);
      await write(file, Buffer.from(html), "text/html; charset=utf-8");
      files.push(file);
    }
    return { version: page.version, files, uses: [...uses].sort() };
  }

  let next = 0;
  const live = new Set(pages.map((page) => page.id));
  async function worker(): Promise<void> {
    while (next < changed.length) {
      const page = changed[next++] as StaticCopyPage;
      const before = manifest.pages[page.id];
      const entry = await copyPage(page);
      if (entry) {
        manifest.pages[page.id] = entry;
        summary.rendered += 1;
        // The photo pages it no longer has (a photo taken away) go from the copy.
        const now = new Set(entry.files);
        for (const file of before?.files ?? []) if (!now.has(file)) await target.remove(file);
      } else live.delete(page.id);
      const done = summary.rendered;
      if (done % 500 === 0 && done > 0) options.progress?.(`${done} of ${changed.length} pages rendered…`);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));

  // Pages no longer public (or gone) leave the copy, with their files.
  for (const [id, entry] of Object.entries(manifest.pages)) {
    if (live.has(id)) continue;
    for (const file of entry.files) await target.remove(file);
    delete manifest.pages[id];
    summary.removed += 1;
  }
  // Then the files no page names any more (an image taken off a page, an old build's assets).
  const named = new Set<string>();
  const name = (file: string) => {
    if (named.has(file)) return;
    named.add(file);
    for (const used of resources[file] ?? []) name(used);
  };
  for (const entry of Object.values(manifest.pages)) for (const file of entry.uses) name(file);
  const written = previous?.resources ?? {};
  for (const file of new Set([...Object.keys(written), ...Object.keys(resources)])) {
    if (named.has(file)) continue;
    await target.remove(file);
    delete resources[file];
  }

  if (!sameBuild) await write(notFoundFile, Buffer.from(notFoundPage()), "text/html; charset=utf-8");
  manifest.buildId = buildId;
  manifest.resources = resources;
  // Last: a run that stopped half-way leaves the old manifest, and the next run renders those again.
  await target.write(manifestFile, Buffer.from(JSON.stringify(manifest)), "application/json");
  summary.deadLinks = [...dead].sort();
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}
