// Life chapters (decisions "A life in pictures") on every database engine: saved with the page's content
// and read back in the family's order, each keeping its id through every edit (a new one given one by
// the server); each bad value refused naming its field; at most 30; the walkthrough's story step with or
// without them; who may change them; the cached page dropped at a save; a removed chapter letting go of
// its photos; and the page's HTML, a time line in the family's order.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, type RouterContextProvider } from "react-router";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { maxChapters } from "../../contract/chapter-values";
import type { Locale } from "../../contract/locale";
import { profileAnswerSchema, type Chapter, type ProfileContent } from "../../contract/profiles";
import { ProfileView } from "../../app/components/profile/profile-view";
import { TextsProvider } from "../../app/lib/i18n";
import { servicesContext } from "../../server/context";
import { albums, photos } from "../../server/db/schema";
import { chaptersOf, pageChapters, profileView, restingSummary } from "../../server/domain/profiles";
import { createPageCache } from "../../server/http/page-cache";
import { call, expectError, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { ownedPageWith } from "../support/named-draft";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const childhood = {
  id: "5B7F0C1E-8D2A-4C3B-9E4F-1A2B3C4D5E6F",
  title: "Childhood in Luleå",
  period: "1931–1949",
  text: "She grew up by the river.\n\nWinters were long.",
};
const stockholm = { title: "The Stockholm years", period: "1950 - 1975", text: "Work at the post office." };
const sea = { title: "By the sea", period: "The last summers", text: "" };

/** The page as the server renders it for a visitor (the same component, no JavaScript). */
function renderPage(id: string, content: ProfileContent, locale: Locale = "en-US"): string {
  return renderToStaticMarkup(
    createElement(
      TextsProvider,
      { locale },
      createElement(
        MemoryRouter,
        null,
        createElement(ProfileView, { id, content, pageUrl: `${siteOrigin}/k/${id}`, language: "sv-SE" }),
      ),
    ),
  );
}

// The app's page renderer for /k/{id}: the page's chapters as they are now in the app's database, so a
// cached copy that outlived a save would show the old ones.
const cache = createPageCache();
async function renderFromDatabase(request: Request, context: RouterContextProvider): Promise<Response> {
  const id = new URL(request.url).pathname.split("/")[2] ?? "";
  const view = await profileView(context.get(servicesContext).db, id);
  if (!view) return new Response("missing", { status: 404 });
  return new Response(`<!doctype html><html><body>${renderPage(id, view.content)}</body></html>`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

describeOnEngines("life chapters", { app: { pageCache: cache }, pages: renderFromDatabase }, (fixture) => {
  const { app, db, accounts } = fixture;
  const livePage = {
    status: "trial" as const,
    trialEndsAt: new Date(Date.now() + 20 * 24 * 60 * 60 * 1000),
    content: { displayName: "Astrid Lindqvist", story: "Astrid loved the sea." },
  };
  const owned = () => ownedPageWith(fixture, livePage);
  const put = (who: Account | null, profile: Record<string, unknown>) =>
    call(app, "/api/kammare/profile", {
      method: "PUT",
      bearer: who?.token,
      origin: siteOrigin,
      json: { profile },
    });
  async function saved(response: Response): Promise<ProfileContent> {
    expect(response.status, await response.clone().text()).toBe(200);
    return profileAnswerSchema.parse(await response.json()).profile.content;
  }

  it("saves chapters in the family's order, gives a new one its id and keeps every id through edits", async () => {
    const { id, owner } = await owned();
    const first = await saved(await put(owner, { id, chapters: [childhood, stockholm, sea] }));
    expect(first.chapters.map((chapter) => chapter.title)).toEqual([
      "Childhood in Luleå",
      "The Stockholm years",
      "By the sea",
    ]);
    // A browser's id is kept (as lower case); the server gives the others theirs.
    expect(first.chapters[0]?.id).toBe(childhood.id.toLowerCase());
    for (const chapter of first.chapters) expect(chapter.id).toMatch(uuid);
    expect(new Set(first.chapters.map((chapter) => chapter.id)).size).toBe(3);
    expect(first.chapters[1]).toMatchObject({ period: "1950 - 1975", text: "Work at the post office." });
    // The story stays as it was.
    expect(first.story).toBe("Astrid loved the sea.");

    // Moved: the last first, the text of one changed; the ids go with their chapters.
    const [a, b, c] = first.chapters as [Chapter, Chapter, Chapter];
    const moved = await saved(await put(owner, { id, chapters: [c, a, { ...b, text: "Post office." }] }));
    expect(moved.chapters.map((chapter) => chapter.id)).toEqual([c.id, a.id, b.id]);
    expect(moved.chapters[2]?.text).toBe("Post office.");

    // A save of other fields keeps the chapters; the export for photos lists them in order.
    const later = await saved(await put(owner, { id, subtitle: "1931 – 2024" }));
    expect(later.chapters.map((chapter) => chapter.id)).toEqual([c.id, a.id, b.id]);
    const listed = [
      { id: c.id, title: "By the sea", period: "The last summers" },
      { id: a.id, title: "Childhood in Luleå", period: "1931–1949" },
      { id: b.id, title: "The Stockholm years", period: "1950 - 1975" },
    ];
    expect(await pageChapters(db, { profileId: id })).toEqual(listed);
    expect(chaptersOf(later)).toEqual(listed);
    expect(chaptersOf({ displayName: "No chapters" })).toEqual([]);
    expect(await pageChapters(db, { profileId: "ZZZZZZZZ" })).toBeNull();

    // All removed: an empty list.
    expect((await saved(await put(owner, { id, chapters: [] }))).chapters).toEqual([]);
  });

  it("reads a page saved before chapters existed as having none", async () => {
    const { id, owner } = await owned();
    const content = await saved(await put(owner, { id }));
    expect(content.chapters).toEqual([]);
  });

  it.each([
    [
      "a chapter without a title",
      [childhood, stockholm, { ...sea, title: "  " }],
      "profile.chapters.2.title",
    ],
    ["a title over 120 characters", [{ ...sea, title: "x".repeat(121) }], "profile.chapters.0.title"],
    ["a period over 60 characters", [{ ...sea, period: "y".repeat(61) }], "profile.chapters.0.period"],
    [
      "a text over 20,000 characters",
      [stockholm, { ...sea, text: "z".repeat(20_001) }],
      "profile.chapters.1.text",
    ],
    ["HTML in a text", [{ ...sea, text: '<img src=x onerror="alert(1)">' }], "profile.chapters.0.text"],
    ["U+0000 in a title", [{ ...sea, title: "By the\u0000sea" }], "profile.chapters.0.title"],
    ["a lone surrogate in a period", [{ ...sea, period: "19\ud80062" }], "profile.chapters.0.period"],
    ["an id that is no UUID", [{ ...sea, id: "chapter-1" }], "profile.chapters.0.id"],
    ["two chapters with one id", [childhood, { ...sea, id: childhood.id }], "profile.chapters.1.id"],
    ["a title that is a number", [{ ...sea, title: 1962 }], "profile.chapters.0.title"],
    ["chapters that are no list", { title: "One" }, "profile.chapters"],
  ])("answers 400 naming the field for %s, and keeps what was saved", async (_name, chapters, field) => {
    const { id, owner } = await owned();
    await saved(await put(owner, { id, chapters: [childhood] }));
    await expectError(await put(owner, { id, chapters }), 400, "invalid_request", field);
    const kept = await saved(await put(owner, { id }));
    expect(kept.chapters.map((chapter) => chapter.title)).toEqual(["Childhood in Luleå"]);
  });

  it(`takes ${maxChapters} chapters and refuses one more`, async () => {
    const { id, owner } = await owned();
    const many = (count: number) =>
      Array.from({ length: count }, (_, at) => ({
        title: `Chapter ${at + 1}`,
        period: `${1950 + at}`,
        text: "",
      }));
    expect((await saved(await put(owner, { id, chapters: many(maxChapters) }))).chapters).toHaveLength(30);
    await expectError(
      await put(owner, { id, chapters: many(maxChapters + 1) }),
      400,
      "invalid_request",
      "profile.chapters",
    );
    expect((await saved(await put(owner, { id }))).chapters).toHaveLength(30);
  });

  it("completes the walkthrough's story step with only a story, and takes chapters there too", async () => {
    const { id, owner } = await owned();
    const step = (body: Record<string, unknown>) =>
      call(app, "/api/kammare/walkthrough-steps", {
        bearer: owner.token,
        origin: siteOrigin,
        json: { profileId: id, step: "story", ...body },
      });
    const onlyStory = await saved(await step({ story: "She taught for forty years." }));
    expect(onlyStory).toMatchObject({ story: "She taught for forty years.", chapters: [] });
    const withChapters = await saved(await step({ story: "", chapters: [stockholm] }));
    expect(withChapters.chapters).toEqual([{ ...stockholm, id: expect.stringMatching(uuid) }]);
    // Only a story again: the chapters stay.
    const again = await saved(await step({ story: "Short." }));
    expect(again.chapters).toHaveLength(1);
    await expectError(
      await step({ story: "", chapters: [{ ...sea, title: "" }] }),
      400,
      "invalid_request",
      "chapters.0.title",
    );
  });

  it("lets the page's editor change the chapters, and nobody else: another customer, a partner, a visitor", async () => {
    const { id, owner } = await owned();
    const relative = await accounts.signUp();
    const invited = await call(app, "/api/kammare/invitations", {
      bearer: owner.token,
      origin: siteOrigin,
      json: { profileId: id, email: relative.email, kind: "editor" },
    });
    expect(invited.status, await invited.clone().text()).toBe(201);
    const mails = await fixture.mailbox();
    const token = /\/invitation\?token=([\w-]+)/.exec(
      mails.filter((mail) => mail.to.toLowerCase() === relative.email).at(-1)?.text ?? "",
    )?.[1];
    const accepted = await call(app, "/api/kammare/invitations/accept", {
      bearer: relative.token,
      origin: siteOrigin,
      json: { token },
    });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const edited = await saved(await put(relative, { id, chapters: [stockholm] }));
    expect(edited.chapters.map((chapter) => chapter.title)).toEqual(["The Stockholm years"]);

    const stranger = await accounts.signUp();
    await expectError(await put(stranger, { id, chapters: [sea] }), 403, "forbidden");
    const partner = await accounts.signUp({ roles: ["customer", "partner"] });
    await expectError(await put(partner, { id, chapters: [sea] }), 403, "forbidden");
    await expectError(await put(null, { id, chapters: [sea] }), 401, "unauthorized");
    const walkthrough = await call(app, "/api/kammare/walkthrough-steps", {
      bearer: stranger.token,
      origin: siteOrigin,
      json: { profileId: id, step: "story", story: "", chapters: [sea] },
    });
    await expectError(walkthrough, 403, "forbidden");
    expect((await pageChapters(db, { profileId: id }))?.map((chapter) => chapter.title)).toEqual([
      "The Stockholm years",
    ]);
  });

  it("drops the cached page at a save: the next visitor sees the new chapter", async () => {
    const { id, owner } = await owned();
    await saved(await put(owner, { id, chapters: [childhood] }));
    const visit = () => app.request(`/k/${id}`);
    expect((await visit()).headers.get("x-cache")).toBe("MISS");
    const cached = await visit();
    expect(cached.headers.get("x-cache")).toBe("HIT");
    expect(await cached.text()).not.toContain("The Stockholm years");

    await saved(await put(owner, { id, chapters: [childhood, stockholm] }));
    const fresh = await visit();
    expect(fresh.headers.get("x-cache")).toBe("MISS");
    const html = await fresh.text();
    expect(html.indexOf("Childhood in Luleå")).toBeLessThan(html.indexOf("The Stockholm years"));
  });

  it("lets a removed chapter's photos go: they stay on the page without a chapter", async () => {
    const { id, owner } = await owned();
    const content = await saved(await put(owner, { id, chapters: [childhood, stockholm] }));
    const [kept, removed] = content.chapters as [Chapter, Chapter];
    const [album] = await db
      .insert(albums)
      .values({ profileId: id, title: "Photos", position: 0 })
      .returning();
    const photo = (chapterId: string | null, position: number) => ({
      profileId: id,
      albumId: album?.id,
      chapterId,
      position,
      width: 800,
      height: 600,
      sizes: [{ width: 800, height: 600 }],
      originalKey: `${id}/photos/original-${position}`,
      originalType: "image/jpeg",
      originalBytes: 1000,
      bytes: 3000,
    });
    await db.insert(photos).values([photo(kept.id, 0), photo(removed.id, 1), photo(null, 2)]);
    await saved(await put(owner, { id, chapters: [kept] }));
    const rows = await db
      .select({ position: photos.position, chapterId: photos.chapterId })
      .from(photos)
      .where(eq(photos.profileId, id))
      .orderBy(photos.position);
    expect(rows).toEqual([
      { position: 0, chapterId: kept.id },
      { position: 1, chapterId: null },
      { position: 2, chapterId: null },
    ]);
  });

  it("shows the chapters after the story as a time line in the family's order, in both languages", async () => {
    const { id, owner } = await owned();
    const content = await saved(await put(owner, { id, chapters: [sea, childhood, stockholm] }));
    const en = renderPage(id, content, "en-US");
    const timeline = en.slice(en.indexOf('data-testid="chapter-timeline"'));
    expect(en.indexOf("Astrid loved the sea.")).toBeLessThan(en.indexOf('data-testid="chapter-timeline"'));
    expect(timeline).toContain(">A life in chapters</h2>");
    expect(timeline).toMatch(/^[^]*?<ol/);
    const titles = [...timeline.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((match) => match[1]);
    // Not re-sorted by year: the family's order.
    expect(titles).toEqual(["By the sea", "Childhood in Luleå", "The Stockholm years"]);
    // Years as <time>, a span with an en dash, words as written.
    expect(timeline).toContain('<time dateTime="1931">1931</time>–<time dateTime="1949">1949</time>');
    expect(timeline).toContain('<time dateTime="1950">1950</time>–<time dateTime="1975">1975</time>');
    expect(timeline).toContain("The last summers");
    // The text in paragraphs.
    expect(timeline).toContain(
      "<p><span>She grew up by the river.</span></p><p><span>Winters were long.</span></p>",
    );
    expect(renderPage(id, content, "sv-SE")).toContain(">Livet i kapitel</h2>");
    // No chapters, no time line.
    expect(renderPage(id, { ...content, chapters: [] })).not.toContain("chapter-timeline");
  });
});

describe("a resting page's summary", () => {
  it("takes the first chapter's opening when the life is told only in chapters", () => {
    const chapter = {
      id: childhood.id.toLowerCase(),
      ...stockholm,
      text: "Work at the post office.\n\nMore.",
    };
    expect(restingSummary({ story: "", chapters: [chapter] }).firstParagraph).toBe(
      "Work at the post office.",
    );
    expect(restingSummary({ story: "The story.", chapters: [chapter] }).firstParagraph).toBe("The story.");
    expect(restingSummary({}).firstParagraph).toBe("");
  });
});
