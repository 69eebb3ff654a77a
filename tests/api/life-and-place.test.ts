// Life and place (ADR 029) on every database engine: the dates, the place of rest, the grave right and
// the ceremony saved and read back, each bad value refused naming its field, the walkthrough's name
// step taking the dates, and the public page's HTML (as the server renders it) showing the place with
// its map links and the ceremony at the top until the day after it, then lower down as past. And the
// page cache: no cached copy outlives its Swedish day.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { addDays, swedishDate } from "../../contract/calendar-days";
import type { Locale } from "../../contract/locale";
import { profileAnswerSchema, type ProfileContent } from "../../contract/profiles";
import { ProfileView } from "../../app/components/profile/profile-view";
import { TextsProvider } from "../../app/lib/i18n";
import { createPageCache } from "../../server/http/page-cache";
import { createProfiles } from "../../server/domain/profiles";
import { call, expectError, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";

const place = {
  cemetery: "Norra begravningsplatsen",
  block: "Kvarter 21A",
  grave: "417",
  latitude: 59.356212,
  longitude: 18.019331,
};

const ceremony = {
  date: "2026-12-11",
  time: "13:30",
  place: "Uppsala domkyrka",
  address: "Domkyrkoplan 2, Uppsala",
  livestreamUrl: "www.svenskakyrkan.se/uppsala/direkt",
  note: "Ljusa kläder. Minnesstund i församlingshemmet efteråt.",
};

/** The page as the server renders it for a visitor in `locale` (the same component, no JavaScript). */
function renderPage(id: string, content: ProfileContent, locale: Locale = "sv-SE"): string {
  return renderToStaticMarkup(
    createElement(
      TextsProvider,
      { locale },
      createElement(
        MemoryRouter,
        null,
        createElement(ProfileView, {
          id,
          content,
          pageUrl: `http://localhost:3000/k/${id}`,
          language: "sv-SE",
        }),
      ),
    ),
  );
}

/** The HTML text between two markers, for where on the page something is. */
const positionOf = (html: string, marker: string) => html.indexOf(marker);

describeOnEngines("life and place", ({ app, db, accounts, admin }) => {
  async function owned(): Promise<{ id: string; owner: Account }> {
    const owner = await accounts.signUp();
    const [row] = await createProfiles(
      db,
      { count: 1 },
      { id: admin.id, roles: ["admin"] },
      { ip: null, userAgent: "test" },
    );
    const id = row?.id as string;
    const claimed = await call(app, "/api/kammare/own", {
      bearer: owner.token,
      json: { owner: owner.id, profileId: id },
    });
    expect(claimed.status).toBe(200);
    return { id, owner };
  }
  const put = (token: string, profile: Record<string, unknown>) =>
    call(app, "/api/kammare/profile", { method: "PUT", bearer: token, json: { profile } });

  it("saves the dates, the place of rest, the grave right and the ceremony, and reads them back", async () => {
    const { id, owner } = await owned();
    const response = await put(owner.token, {
      id,
      displayName: "Astrid Lindqvist",
      birthDate: "1931-03-12",
      deathDate: "2024-06-04",
      restingPlace: place,
      graveRightEndsOn: "2049-12-31",
      ceremony,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const saved = profileAnswerSchema.parse(await response.json()).profile.content;
    expect(saved).toMatchObject({
      birthDate: "1931-03-12",
      deathDate: "2024-06-04",
      restingPlace: place,
      graveRightEndsOn: "2049-12-31",
      // A link typed without its scheme is taken as https://.
      ceremony: { ...ceremony, livestreamUrl: "https://www.svenskakyrkan.se/uppsala/direkt" },
    });

    // A later patch of other fields keeps them; null clears a group, and the rest stays.
    await put(owner.token, { id, story: "Hon älskade havet." });
    const cleared = await put(owner.token, {
      id,
      ceremony: null,
      restingPlace: { ...place, latitude: null, longitude: null },
    });
    const after = profileAnswerSchema.parse(await cleared.json()).profile.content;
    expect(after).toMatchObject({
      story: "Hon älskade havet.",
      birthDate: "1931-03-12",
      graveRightEndsOn: "2049-12-31",
      ceremony: null,
      restingPlace: { ...place, latitude: null, longitude: null },
    });
  });

  it("lets another customer change none of it (403)", async () => {
    const { id } = await owned();
    const stranger = await accounts.signUp();
    await expectError(await put(stranger.token, { id, restingPlace: place }), 403, "forbidden");
  });

  it.each([
    ["a date that does not exist", { birthDate: "2026-02-30" }, "profile.birthDate"],
    ["a date written otherwise", { deathDate: "4 juni 2024" }, "profile.deathDate"],
    [
      "a grave right's end that does not exist",
      { graveRightEndsOn: "2049-13-01" },
      "profile.graveRightEndsOn",
    ],
    ["a time 25:00", { ceremony: { ...ceremony, time: "25:00" } }, "profile.ceremony.time"],
    [
      "a ceremony's date 2026-02-30",
      { ceremony: { ...ceremony, date: "2026-02-30" } },
      "profile.ceremony.date",
    ],
    [
      "a livestream over http://",
      { ceremony: { ...ceremony, livestreamUrl: "http://example.se/live" } },
      "profile.ceremony.livestreamUrl",
    ],
    ["a ceremony without its place", { ceremony: { ...ceremony, place: " " } }, "profile.ceremony.place"],
    [
      "HTML in the ceremony's note",
      { ceremony: { ...ceremony, note: "<b>Välkomna</b>" } },
      "profile.ceremony.note",
    ],
    [
      "a latitude without a longitude",
      { restingPlace: { ...place, longitude: null } },
      "profile.restingPlace.longitude",
    ],
    ["a latitude of 91", { restingPlace: { ...place, latitude: 91 } }, "profile.restingPlace.latitude"],
    [
      "a longitude of -181",
      { restingPlace: { ...place, longitude: -181 } },
      "profile.restingPlace.longitude",
    ],
    ["a latitude as text", { restingPlace: { ...place, latitude: "59.3" } }, "profile.restingPlace.latitude"],
    [
      "HTML in the cemetery",
      { restingPlace: { ...place, cemetery: '<img src=x onerror="alert(1)">' } },
      "profile.restingPlace.cemetery",
    ],
    [
      "a place without its cemetery",
      { restingPlace: { ...place, cemetery: "" } },
      "profile.restingPlace.cemetery",
    ],
  ])("answers 400 naming the field for %s, and keeps what was saved", async (_name, patch, field) => {
    const { id, owner } = await owned();
    await put(owner.token, { id, displayName: "Astrid", restingPlace: place, ceremony });
    await expectError(await put(owner.token, { id, ...patch }), 400, "invalid_request", field);
    const unchanged = await put(owner.token, { id });
    expect(profileAnswerSchema.parse(await unchanged.json()).profile.content).toMatchObject({
      restingPlace: place,
      ceremony: { date: ceremony.date, time: ceremony.time },
      birthDate: null,
    });
  });

  it("takes the dates in the walkthrough's name step, and refuses a day that does not exist", async () => {
    const { id, owner } = await owned();
    const step = (body: Record<string, unknown>) =>
      call(app, "/api/kammare/walkthrough-steps", {
        bearer: owner.token,
        json: { profileId: id, step: "name", displayName: "Astrid Lindqvist", ...body },
      });
    const response = await step({
      birthDate: "1931-03-12",
      deathDate: "2024-06-04",
      subtitle: "12 mars 1931 – 4 juni 2024",
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(profileAnswerSchema.parse(await response.json()).profile.content).toMatchObject({
      birthDate: "1931-03-12",
      deathDate: "2024-06-04",
      subtitle: "12 mars 1931 – 4 juni 2024",
    });
    await expectError(await step({ deathDate: "2024-02-30" }), 400, "invalid_request", "deathDate");
  });

  describe("the public page's HTML", () => {
    async function savedContent(patch: Record<string, unknown>) {
      const { id, owner } = await owned();
      const response = await put(owner.token, {
        id,
        displayName: "Astrid Lindqvist",
        story: "Hon älskade havet.",
        ...patch,
      });
      expect(response.status).toBe(200);
      return { id, content: profileAnswerSchema.parse(await response.json()).profile.content };
    }

    it("shows the dates under the name and the place of rest with both map links", async () => {
      const { id, content } = await savedContent({
        birthDate: "1931-03-12",
        deathDate: "2024-06-04",
        restingPlace: place,
      });
      const sv = renderPage(id, content, "sv-SE");
      expect(sv).toContain(
        '<time dateTime="1931-03-12">12 mars 1931</time> – <time dateTime="2024-06-04">4 juni 2024</time>',
      );
      expect(sv).toContain("Viloplats");
      expect(sv).toContain("Norra begravningsplatsen");
      expect(sv).toContain("Kvarter 21A");
      expect(sv).toContain("417");
      expect(sv).toContain('href="geo:59.356212,18.019331"');
      expect(sv).toContain(
        'href="https://www.openstreetmap.org/?mlat=59.356212&amp;mlon=18.019331#map=18/59.356212/18.019331"',
      );
      // No map, tile or script of a third party: only links.
      expect(sv).not.toMatch(/<(img|iframe|script)[^>]+openstreetmap/);
      const en = renderPage(id, content, "en-US");
      expect(en).toContain("March 12, 1931");
      expect(en).toContain("Place of rest");
      expect(en).toContain("Open in maps");
    });

    it("links to a search for the cemetery when the grave has no coordinates", async () => {
      const { id, content } = await savedContent({
        restingPlace: { ...place, latitude: null, longitude: null },
      });
      const html = renderPage(id, content);
      expect(html).toContain('href="https://www.openstreetmap.org/search?query=Norra%20begravningsplatsen"');
      expect(html).not.toContain("geo:");
    });

    it("shows the ceremony at the top until the day after it, then lower down as past", async () => {
      const today = swedishDate(new Date());
      const { id, content } = await savedContent({
        restingPlace: place,
        ceremony: { ...ceremony, date: addDays(today, 3) },
      });
      const render = (ceremonyDate: string) =>
        renderPage(id, { ...content, ceremony: { ...content.ceremony!, date: ceremonyDate } });
      for (const ahead of [addDays(today, 3), today, addDays(today, -1)]) {
        const html = render(ahead);
        expect(html, ahead).toContain('data-testid="ceremony-upcoming"');
        expect(html).not.toContain('data-testid="ceremony-past"');
        // At the top: before the story and the place of rest.
        expect(positionOf(html, "ceremony-upcoming")).toBeLessThan(positionOf(html, "Hon älskade havet."));
        expect(html).toContain("kl. 13:30");
        expect(html).toContain("Uppsala domkyrka");
        expect(html).toContain("Domkyrkoplan 2, Uppsala");
        expect(html).toContain('href="https://www.svenskakyrkan.se/uppsala/direkt"');
        expect(html).toContain("Minnesstund i församlingshemmet");
      }
      const past = render(addDays(today, -2));
      expect(past).not.toContain('data-testid="ceremony-upcoming"');
      expect(past).toContain('data-testid="ceremony-past"');
      expect(past).toContain("Ceremonin hölls den");
      expect(positionOf(past, "ceremony-past")).toBeGreaterThan(positionOf(past, "resting-place"));
      expect(past).not.toContain("direkt");
    });
  });
});

describe("the page cache and the Swedish day", () => {
  it("keeps no copy of a page past the Swedish midnight, even within its five minutes", async () => {
    // 22:58:00 UTC on 10 December is 23:58 in Stockholm (winter time).
    let now = Date.parse("2026-12-10T22:58:00Z");
    const cache = createPageCache({ now: () => now });
    let renders = 0;
    const render = async (nonce: string) => {
      renders += 1;
      return new Response(`<p>${swedishDate(new Date(now))}</p><script nonce="${nonce}"></script>`, {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    };
    const get = () => cache.handle(new Request("http://localhost:3000/k/AAAA0001"), render);
    expect((await get()).headers.get("x-cache")).toBe("MISS");
    now += 60_000;
    const same = await get();
    expect(same.headers.get("x-cache")).toBe("HIT");
    expect(await same.text()).toContain("2026-12-10");
    // 23:00:30 UTC: 00:00:30 on 11 December in Stockholm, three minutes after the render.
    now += 90_000;
    const next = await get();
    expect(next.headers.get("x-cache")).toBe("MISS");
    expect(await next.text()).toContain("2026-12-11");
    expect(renders).toBe(2);
    expect((await get()).headers.get("x-cache")).toBe("HIT");
  });
});
