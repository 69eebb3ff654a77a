// A resting (expired) page for the end-to-end suite, made through the real API: an owner's published
// page with dates of life, a portrait and a story of two paragraphs, then its trial ended by an admin
// (the status a lapse gives it).
import type { Browser } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./fixtures";
import { ownAddress } from "./client-address";
import { endTrial, ownedPage, type OwnedPage, type PageContent } from "./pages";
import { appUrl } from "./ports";

export const ingrid = {
  displayName: "Ingrid Åberg",
  subtitle: "Gardener and teacher",
  story:
    "Ingrid grew roses by the sea in Båstad.\nEvery summer the whole street came to see them.\n\n" +
    "Later she taught biology at the school for thirty years.",
} satisfies PageContent;

/** The first paragraph (what visitors of the resting page read) and the second (what waits). */
export const firstLines = [
  "Ingrid grew roses by the sea in Båstad.",
  "Every summer the whole street came to see them.",
] as const;
export const laterLines = "Later she taught biology at the school for thirty years.";

/** A portrait: a soft green square with a lighter circle, as a JPEG. */
async function portraitJpeg(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">' +
    '<rect width="480" height="480" fill="#6d8b74"/><circle cx="240" cy="200" r="110" fill="#c9d6c3"/>' +
    '<rect x="100" y="320" width="280" height="200" rx="120" fill="#c9d6c3"/></svg>';
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/**
 * A page of a new owner (or the one of `of`) with dates, a portrait and `content`, published and then
 * resting. With `portrait: false` or `dates: false`, without them.
 */
export async function restingPage(
  browser: Browser,
  {
    content = ingrid,
    portrait = true,
    dates = true,
    of,
  }: { content?: PageContent; portrait?: boolean; dates?: boolean; of?: OwnedPage } = {},
): Promise<OwnedPage> {
  const owned = await ownedPage(browser, content, { of });
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  try {
    const headers = { Authorization: `Bearer ${owned.token}`, Origin: appUrl };
    let portraitImageUrl: string | null = null;
    if (portrait) {
      const uploaded = await context.request.post("/api/kammare/images", {
        multipart: {
          profileId: owned.id,
          kind: "portrait",
          image: { name: "ingrid.jpg", mimeType: "image/jpeg", buffer: await portraitJpeg() },
        },
        headers,
      });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
      portraitImageUrl = ((await uploaded.json()) as { image: { url: string } }).image.url;
    }
    const saved = await context.request.put("/api/kammare/profile", {
      data: {
        profile: {
          id: owned.id,
          birthDate: dates ? "1931-03-12" : null,
          deathDate: dates ? "2024-05-04" : null,
          portraitImageUrl,
        },
      },
      headers,
    });
    expect(saved.status(), await saved.text()).toBe(200);
  } finally {
    await context.close();
  }
  await endTrial(browser, owned.id);
  return owned;
}
