// A live page with photos for the end-to-end suite: an owner's published page with dates, a portrait
// and a story (so its photos are below the first screen), and the albums of tests/support/seed-photos.ts
// put on it by the suite's fixture (POST /__e2e/seed-photos), while the upload API is its own work.
import type { Browser } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./fixtures";
import { ownAddress } from "./client-address";
import { ownedPage, type OwnedPage, type PageContent } from "./pages";
import { appUrl } from "./ports";

export const greta = {
  displayName: "Greta Lindqvist",
  subtitle: "Nurse, singer, gardener",
  story:
    "Greta grew up by the sea in Bohuslän, where her father mended nets and her mother kept the " +
    "village's only shop.\n\nShe trained as a nurse in Gothenburg and worked forty years at Sahlgrenska, " +
    "the last twenty as head of the children's ward.\n\nShe sang in the cathedral choir, grew roses that " +
    "won prizes three summers running, and taught half the neighbourhood to swim.",
} satisfies PageContent;

export type SeededPhotos = { id: string; title: string; photos: { id: string; state: string }[] }[];
export type PhotoPage = OwnedPage & { albums: SeededPhotos; shown: string[]; pending: string[] };

async function portraitJpeg(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">' +
    '<rect width="480" height="480" fill="#7b8f86"/><circle cx="240" cy="200" r="110" fill="#d9e0d6"/>' +
    '<rect x="100" y="320" width="280" height="200" rx="120" fill="#d9e0d6"/></svg>';
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

export async function photoPage(
  browser: Browser,
  { many = false, publish = true }: { many?: boolean; publish?: boolean } = {},
): Promise<PhotoPage> {
  const owned = await ownedPage(browser, greta, { publish });
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  try {
    const headers = { Authorization: `Bearer ${owned.token}`, Origin: appUrl };
    const uploaded = await context.request.post("/api/kammare/images", {
      multipart: {
        profileId: owned.id,
        kind: "portrait",
        image: { name: "greta.jpg", mimeType: "image/jpeg", buffer: await portraitJpeg() },
      },
      headers,
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const portraitImageUrl = ((await uploaded.json()) as { image: { url: string } }).image.url;
    const saved = await context.request.put("/api/kammare/profile", {
      data: { profile: { id: owned.id, birthDate: "1931-03-12", deathDate: "2024-05-04", portraitImageUrl } },
      headers,
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const seeded = await context.request.post("/__e2e/seed-photos", {
      form: { id: owned.id, ...(many ? { many: "on" } : {}) },
      headers: { Origin: appUrl },
      timeout: 120_000,
    });
    const html = await seeded.text();
    expect(seeded.status(), html).toBe(200);
    const json = /<pre data-testid="seeded">([^<]*)<\/pre>/.exec(html)?.[1] ?? "null";
    const decoded = json.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
    const { albums } = JSON.parse(decoded) as { albums: SeededPhotos };
    const all = albums.flatMap((album) => album.photos);
    return {
      ...owned,
      albums,
      shown: all.filter((photo) => photo.state === "shown").map((photo) => photo.id),
      pending: all.filter((photo) => photo.state === "pending").map((photo) => photo.id),
    };
  } finally {
    await context.close();
  }
}
