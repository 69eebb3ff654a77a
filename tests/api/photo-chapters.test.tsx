// A photo in a life chapter (decisions "A life in pictures": "photos may belong to a chapter; the page
// shows them as a time line"), on every database engine: the family puts a photo in one of the page's
// chapters through the photo's PATCH, only one of that page's chapters, and takes it out again; the
// album editor's list names the chapters to choose from; the time line shows each chapter's photos,
// each a link to its own page.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import { familyPhotoSchema, type FamilyPhoto } from "../../contract/photos";
import { profileAnswerSchema } from "../../contract/profiles";
import { ProfileView } from "../../app/components/profile/profile-view";
import { TextsProvider } from "../../app/lib/i18n";
import { publicPhotos } from "../../server/domain/pictures";
import { call, expectError, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { ownedPageWith } from "../support/named-draft";
import { albumsOf, uploaded } from "../support/photos";

describeOnEngines("photos in life chapters", (fixture) => {
  const { app, db, accounts } = fixture;
  let jpeg: Buffer;

  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#88aa66" } })
      .jpeg()
      .toBuffer();
  });

  const livePage = {
    status: "trial" as const,
    trialEndsAt: new Date(Date.now() + 20 * 24 * 60 * 60 * 1000),
    content: { displayName: "Astrid Lindqvist", story: "Astrid loved the sea." },
  };

  async function withChapters(owner?: Account) {
    const page = await ownedPageWith(fixture, livePage, owner);
    const response = await call(app, "/api/kammare/profile", {
      method: "PUT",
      bearer: page.owner.token,
      origin: siteOrigin,
      json: {
        profile: {
          id: page.id,
          chapters: [
            { title: "Childhood in Luleå", period: "1931–1949", text: "Skating on the river." },
            { title: "The Stockholm years", period: "1950–1975", text: "The post office." },
          ],
        },
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { content } = profileAnswerSchema.parse(await response.json()).profile;
    return { ...page, chapters: content.chapters, content };
  }

  const patch = (who: Account, photoId: string, body: Record<string, unknown>) =>
    call(app, `/api/kammare/photos/${photoId}`, {
      method: "PATCH",
      bearer: who.token,
      origin: siteOrigin,
      json: body,
    });

  it("puts a photo in one of the page's chapters and takes it out again; the editor lists the chapters", async () => {
    const { id, owner, chapters } = await withChapters();
    const [childhood, stockholm] = chapters;
    const photo = await uploaded(app, owner, { profileId: id, image: jpeg });
    expect(photo.chapterId).toBeNull();

    const listed = await albumsOf(app, owner, id);
    expect(listed.chapters).toEqual(
      chapters.map(({ id: chapterId, title, period }) => ({ id: chapterId, title, period })),
    );

    const put = await patch(owner, photo.id, { chapterId: stockholm?.id });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(familyPhotoSchema.parse(((await put.json()) as { photo: FamilyPhoto }).photo).chapterId).toBe(
      stockholm?.id,
    );
    const shown = await publicPhotos(db, id);
    expect(shown.albums[0]?.photos[0]?.chapterId).toBe(stockholm?.id);

    // A caption saved later leaves the chapter as it is; null takes the photo out.
    expect((await patch(owner, photo.id, { caption: "On the jetty" })).status).toBe(200);
    expect((await publicPhotos(db, id)).albums[0]?.photos[0]?.chapterId).toBe(stockholm?.id);
    expect((await patch(owner, photo.id, { chapterId: null })).status).toBe(200);
    expect((await publicPhotos(db, id)).albums[0]?.photos[0]?.chapterId).toBeNull();
    expect((await patch(owner, photo.id, { chapterId: childhood?.id })).status).toBe(200);
  });

  it("refuses a chapter of another page, one that is not there, and what is no id", async () => {
    const { id, owner } = await withChapters();
    const other = await withChapters(owner);
    const photo = await uploaded(app, owner, { profileId: id, image: jpeg });
    await expectError(
      await patch(owner, photo.id, { chapterId: other.chapters[0]?.id }),
      404,
      "not_found",
      "chapterId",
    );
    await expectError(
      await patch(owner, photo.id, { chapterId: crypto.randomUUID() }),
      404,
      "not_found",
      "chapterId",
    );
    await expectError(
      await patch(owner, photo.id, { chapterId: "1962" }),
      400,
      "invalid_request",
      "chapterId",
    );
    expect((await publicPhotos(db, id)).albums[0]?.photos[0]?.chapterId).toBeNull();
    // Another customer cannot put it anywhere.
    const stranger = await accounts.signUp();
    expect((await patch(stranger, photo.id, { chapterId: null })).status).toBe(403);
  });

  it("shows each chapter's photos on the time line, each a link to its own page", async () => {
    const { id, owner, chapters, content } = await withChapters();
    const [childhood] = chapters;
    const first = await uploaded(app, owner, { profileId: id, image: jpeg });
    await uploaded(app, owner, { profileId: id, image: jpeg });
    expect((await patch(owner, first.id, { chapterId: childhood?.id, caption: "Skates" })).status).toBe(200);
    const html = renderToStaticMarkup(
      createElement(
        TextsProvider,
        { locale: "en-US" },
        createElement(
          MemoryRouter,
          null,
          createElement(ProfileView, {
            id,
            content,
            pageUrl: `${siteOrigin}/k/${id}`,
            language: "sv-SE",
            photoData: await publicPhotos(db, id),
          }),
        ),
      ),
    );
    // The first chapter holds its one photo, linked to the photo's page; the second holds none.
    expect(html).toContain('aria-label="1 photo from Childhood in Luleå"');
    expect(html).toContain(`href="/k/${id}/photos/${first.id}"`);
    expect(html).toContain('alt="Skates"');
    expect(html).not.toContain("photos from The Stockholm years");
    expect(html).not.toContain("photo from The Stockholm years");
  });
});
