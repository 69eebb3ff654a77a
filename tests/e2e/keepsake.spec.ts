// The keepsake in the browser (ADR 045): the owner presses "Download the keepsake" in their page's
// panel and gets the ZIP; unpacked, its index.html opens from file:// in Chromium with the network off
// (every request that is not a file is aborted and counted: none is made) and shows the story, a
// chapter, the photos (loaded) and the approved memories, at both sizes; the memorial book downloads.
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import yauzl from "yauzl";
import { signInAs } from "./support/accounts";
import { ownAddress } from "./support/client-address";
import { expect, test, waitForHydration } from "./support/fixtures";
import { greta, photoPage } from "./support/photo-page";
import { appUrl } from "./support/ports";
import { shoot } from "./support/shots";

/** Every file of the ZIP written under `dir`, its folders made. */
async function unzipTo(zip: Buffer, dir: string): Promise<string[]> {
  const zipfile = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  const names: string[] = [];
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
          const target = path.join(dir, entry.fileName);
          names.push(entry.fileName);
          void mkdir(path.dirname(target), { recursive: true })
            .then(() => writeFile(target, Buffer.concat(chunks)))
            .then(() => zipfile.readEntry(), reject);
        });
      });
    });
    zipfile.readEntry();
  });
  return names;
}

test("the owner downloads the keepsake, and its copy of the page opens offline from the folder", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const owned = await photoPage(browser);
  const headers = { Authorization: `Bearer ${owned.token}`, Origin: appUrl };
  const api = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  try {
    const saved = await api.request.put("/api/kammare/profile", {
      data: {
        profile: {
          id: owned.id,
          chapters: [
            { title: "The ward years", period: "1956–1996", text: "Forty years on the children's ward." },
          ],
        },
      },
      headers,
    });
    expect(saved.status(), await saved.text()).toBe(200);
    // A visitor writes two memories; the owner shows one, the other still waits.
    const token = (
      (await (await api.request.get(`/api/memories?profileId=${owned.id}`)).json()) as { formToken: string }
    ).formToken;
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    for (const text of ["She taught me to swim at Smögen.", "A memory still waiting."]) {
      const posted = await api.request.post("/api/memories", {
        data: { profileId: owned.id, name: "Anna Holm", text, formToken: token, website: "" },
        headers: { Origin: appUrl, ...ownAddress() },
      });
      expect(posted.status(), await posted.text()).toBe(201);
    }
    const listed = (await (
      await api.request.get(`/api/kammare/memories?profileId=${owned.id}`, { headers })
    ).json()) as {
      memories: { id: string; text: string }[];
    };
    const swim = listed.memories.find((memory) => memory.text.startsWith("She taught me"));
    const shown = await api.request.post("/api/kammare/memories/decision", {
      data: { memoryId: swim?.id, state: "shown" },
      headers,
    });
    expect(shown.status(), await shown.text()).toBe(200);
  } finally {
    await api.close();
  }

  await signInAs(page, owned.token);
  await page.goto(`/k/${owned.id}#keepsake`);
  await waitForHydration(page);
  const panel = page.locator("#keepsake");
  await expect(panel.getByRole("heading", { level: 2, name: "The keepsake" })).toBeVisible();
  const downloading = page.waitForEvent("download");
  await panel.getByRole("link", { name: "Download the keepsake" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`keepsake-${owned.id}.zip`);
  const zip = await download
    .path()
    .then((file) => import("node:fs/promises").then((fs) => fs.readFile(file)));
  const dir = await mkdtemp(path.join(tmpdir(), "kammare-keepsake-e2e-"));
  const names = await unzipTo(zip, dir);
  expect(names).toContain("index.html");
  expect(names.filter((name) => name.startsWith("originals/")).length).toBe(
    owned.albums.flatMap((a) => a.photos).length,
  );
  await shoot(page, "keepsake-panel");

  // The book, from the same panel.
  const bookDownload = page.waitForEvent("download");
  await panel.getByRole("link", { name: "Book in A5 (PDF)" }).click();
  const book = await bookDownload;
  expect(book.suggestedFilename()).toBe(`${owned.id}-memorial-book-a5.pdf`);
  const shotsDir = process.env.SHOTS_DIR;
  if (shotsDir) await book.saveAs(path.join(shotsDir, "memorial-book-a5.pdf"));

  // The copy, from the folder, with the network off: nothing but files is asked for.
  const offline = await browser.newContext({ offline: true });
  const asked: string[] = [];
  await offline.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("file:")) return route.continue();
    asked.push(url);
    return route.abort();
  });
  try {
    const copy = await offline.newPage();
    await copy.goto(pathToFileURL(path.join(dir, "index.html")).href);
    await expect(copy.getByRole("heading", { level: 1, name: greta.displayName })).toBeVisible();
    await expect(copy.getByText("Greta grew up by the sea in Bohuslän")).toBeVisible();
    await expect(copy.getByRole("heading", { level: 3, name: "The ward years" })).toBeVisible();
    await expect(copy.getByText("She taught me to swim at Smögen.")).toBeVisible();
    await expect(copy.getByText("A memory still waiting.")).toHaveCount(0);
    await expect(copy.getByText("Not yet approved")).toHaveCount(0);
    const images = copy.locator("img");
    expect(await images.count()).toBeGreaterThan(owned.shown.length);
    // Every image loaded from the folder (each one scrolled to, so none is skipped).
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    }
    // The site's own typeface, from the file beside it.
    await expect.poll(() => copy.evaluate(() => document.fonts.check('16px "Literata"'))).toBe(true);
    await copy.evaluate(() => window.scrollTo(0, 0));
    await shoot(copy, "keepsake-offline");
    expect(asked).toEqual([]);
  } finally {
    await offline.close();
  }
});
