// Life and place (ADR 029) in the browser: the owner fills in the dates and the place of rest in the
// editor (typed, and from the phone's position), a visitor on a phone sees the place with its map links;
// the ceremony at the top of the page before its day and lower down as past after it; the walkthrough's
// name step takes the dates; accessibility in both languages.
import type { Browser, Page } from "@playwright/test";
import { addDays, swedishDate } from "../../contract/calendar-days";
import { newUser, signInAs, signUpByApi } from "./support/accounts";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test, waitForHydration } from "./support/fixtures";
import { newProfiles, ownedPage } from "./support/pages";
import { appUrl } from "./support/ports";
import { phone, shoot } from "./support/shots";

const origin = { Origin: appUrl };

/** Saves content on the owner's behalf, as the editor does (PUT /api/kammare/profile). */
async function saveContent(page: Page, token: string, id: string, profile: Record<string, unknown>) {
  const response = await page.request.put("/api/kammare/profile", {
    data: { profile: { id, ...profile } },
    headers: { Authorization: `Bearer ${token}`, ...origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A visitor's phone: a context of its own, no session, the page's light version (ADR 011). */
async function visitorOnPhone(browser: Browser, locale: "en-US" | "sv-SE" = "en-US") {
  const context = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });
  await context.addCookies([
    { name: "locale", value: locale, url: appUrl },
    { name: "analytics_consent", value: "denied", url: appUrl },
  ]);
  const page = await context.newPage();
  // Anything fetched from another host than the site itself (a map tile, a script): none may be.
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["localhost", "127.0.0.1"].includes(url.hostname) && url.protocol !== "data:") {
      elsewhere.push(request.url());
    }
  });
  return { context, page, elsewhere };
}

test("the owner fills in the dates and the place of rest; a visitor's phone shows the place with both map links", async ({
  page,
  browser,
}) => {
  const { id, token } = await ownedPage(browser, {
    displayName: "Astrid Lindqvist",
    story: "Astrid grew up by the sea.",
  });
  await signInAs(page, token, "en-US");
  await page.goto(`/k/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Edit page" }).click();
  const editor = page.getByRole("form", { name: "Edit your page" });
  await expect(editor.getByRole("heading", { name: "Name and dates" })).toBeVisible();

  // The dates fill in the empty subtitle.
  await editor.getByLabel("Date of birth").fill("1931-03-12");
  await expect(editor.getByLabel("Subtitle")).toHaveValue("Born March 12, 1931");
  await editor.getByLabel("Date of death").fill("2024-06-04");
  await expect(editor.getByLabel("Subtitle")).toHaveValue("March 12, 1931 – June 4, 2024");

  // The place of rest, with a latitude out of range first: the message is under its field.
  const place = editor.getByRole("region", { name: "Place of rest" });
  await place.getByLabel("Cemetery").fill("Norra begravningsplatsen");
  await place.getByLabel("Block").fill("21A");
  await place.getByLabel("Grave number").fill("417");
  await place.getByLabel("Latitude").fill("91");
  await place.getByLabel("Longitude").fill("18.019331");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(place.getByText("The latitude is between -90 and 90.")).toBeVisible();
  await expect(place.getByLabel("Latitude")).toBeFocused();
  await expect(page.locator('[role="status"][data-state]')).toContainText(
    "Correct the fields marked in red.",
  );
  // Typed with a decimal comma, as Swedes write it.
  await place.getByLabel("Latitude").fill("59,356212");
  await place.getByLabel("The grave right ends on").fill("2049-12-31");
  await expect(place.getByText("six months before the grave right ends")).toBeVisible();
  await expectNoSeriousAxeViolations(page, "editor en");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator('[role="status"][data-state]')).toHaveAttribute("data-state", "saved");
  await expect(place.getByText("The latitude is between -90 and 90.")).toHaveCount(0);
  await place.getByRole("heading", { name: "Place of rest" }).scrollIntoViewIfNeeded();
  await shoot(page, "life-editor-place");

  // A visitor on a phone: the dates under the name, the place, and the two map links.
  const visitor = await visitorOnPhone(browser);
  await visitor.page.goto(`/k/${id}`);
  await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText("Astrid Lindqvist");
  await expect(visitor.page.getByText("March 12, 1931 – June 4, 2024")).toBeVisible();
  const section = visitor.page.getByRole("region", { name: "Place of rest" });
  await expect(section).toContainText("Norra begravningsplatsen");
  await expect(section).toContainText("21A");
  await expect(section).toContainText("417");
  await expect(section.getByRole("link", { name: "In your map app" })).toHaveAttribute(
    "href",
    "geo:59.356212,18.019331",
  );
  await expect(section.getByRole("link", { name: "On OpenStreetMap" })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/?mlat=59.356212&mlon=18.019331#map=18/59.356212/18.019331",
  );
  await expect(visitor.page.getByRole("link", { name: /Add to calendar/ }).first()).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(visitor.page, "public page en");
  await shoot(visitor.page, "life-public-place");
  expect(visitor.elsewhere).toEqual([]);
  await visitor.context.close();

  // In Swedish: the editor's groups and the page.
  await signInAs(page, token, "sv-SE");
  await page.goto(`/k/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Redigera sidan" }).click();
  const svEditor = page.getByRole("form", { name: "Redigera din sida" });
  await expect(svEditor.getByLabel("Födelsedatum")).toHaveValue("1931-03-12");
  await expect(svEditor.getByRole("region", { name: "Viloplats" }).getByLabel("Kyrkogård")).toHaveValue(
    "Norra begravningsplatsen",
  );
  await expect(svEditor.getByRole("region", { name: "Ceremoni" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "editor sv");
  const svVisitor = await visitorOnPhone(browser, "sv-SE");
  await svVisitor.page.goto(`/k/${id}`);
  const svSection = svVisitor.page.getByRole("region", { name: "Viloplats" });
  await expect(svSection.getByRole("link", { name: "I din kartapp" })).toHaveAttribute(
    "href",
    "geo:59.356212,18.019331",
  );
  await expectNoSeriousAxeViolations(svVisitor.page, "public page sv");
  await svVisitor.context.close();
});

test("standing at the grave: the phone's position fills in the coordinates, and a refusal says what to do", async ({
  page,
  browser,
}) => {
  const { id, token } = await ownedPage(browser, { displayName: "Karl Berg" });
  await signInAs(page, token, "en-US");
  await page.context().grantPermissions(["geolocation"], { origin: appUrl });
  await page.context().setGeolocation({ latitude: 59.8581234567, longitude: 17.6389876543, accuracy: 8 });
  await page.goto(`/k/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Edit page" }).click();
  const place = page.getByRole("region", { name: "Place of rest" });
  await place.getByLabel("Cemetery").fill("Uppsala gamla kyrkogård");
  await place.getByRole("button", { name: "Use my location" }).click();
  await expect(place.getByLabel("Latitude")).toHaveValue("59.858123");
  await expect(place.getByLabel("Longitude")).toHaveValue("17.638988");
  await expect(place.getByTestId("location-status")).toHaveText(
    "Your location is filled in (accurate to about 8 m). Save to keep it.",
  );
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator('[role="status"][data-state]')).toHaveAttribute("data-state", "saved");

  // Cleared again: the page then links to a search for the cemetery.
  await place.getByRole("button", { name: "Clear the coordinates" }).click();
  await expect(place.getByLabel("Latitude")).toHaveValue("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator('[role="status"][data-state]')).toHaveAttribute("data-state", "saved");

  // The browser may not share the position: the message says what to do instead.
  await page.context().clearPermissions();
  await place.getByRole("button", { name: "Use my location" }).click();
  await expect(place.getByTestId("location-status")).toHaveText(
    "Your browser was not allowed to share your location. Allow it in the browser's settings, or type the coordinates.",
  );
  await expect(place.getByLabel("Latitude")).toHaveValue("");

  const visitor = await visitorOnPhone(browser);
  await visitor.page.goto(`/k/${id}`);
  await expect(
    visitor.page
      .getByRole("region", { name: "Place of rest" })
      .getByRole("link", { name: "Find on OpenStreetMap" }),
  ).toHaveAttribute("href", "https://www.openstreetmap.org/search?query=Uppsala%20gamla%20kyrkog%C3%A5rd");
  await visitor.context.close();
});

test("the ceremony is at the top of the page until the day after it, then lower down as a past event", async ({
  page,
  browser,
}) => {
  const { id, token } = await ownedPage(browser, {
    displayName: "Ingrid Holm",
    story: "Ingrid taught at the village school for forty years.",
  });
  // The suite's clock, as for invoices: the ceremony's day is set relative to today (Swedish time),
  // first two days ahead, then moved to two days ago.
  const today = swedishDate(new Date());
  const ceremony = {
    date: addDays(today, 2),
    time: "13:30",
    place: "Uppsala Cathedral",
    address: "Domkyrkoplan 2, Uppsala",
    livestreamUrl: "https://example.se/live/ingrid",
    note: "Light clothes, please. Coffee in the parish hall afterwards.",
  };
  await saveContent(page, token, id, {
    birthDate: "1940-01-05",
    deathDate: addDays(today, -10),
    restingPlace: {
      cemetery: "Uppsala gamla kyrkogård",
      block: "K",
      grave: "112",
      latitude: 59.8556,
      longitude: 17.6261,
    },
    ceremony,
  });

  const visitor = await visitorOnPhone(browser);
  await visitor.page.goto(`/k/${id}`);
  const upcoming = visitor.page.getByRole("region", { name: "The ceremony" });
  await expect(upcoming).toBeVisible();
  await expect(upcoming).toContainText("at 1:30 PM");
  await expect(upcoming).toContainText("Uppsala Cathedral");
  await expect(upcoming).toContainText("Domkyrkoplan 2, Uppsala");
  await expect(upcoming).toContainText("Coffee in the parish hall afterwards.");
  await expect(upcoming.getByRole("link", { name: "Watch the livestream" })).toHaveAttribute(
    "href",
    "https://example.se/live/ingrid",
  );
  await expect(upcoming.getByRole("link", { name: /Add to calendar/ })).toBeVisible();
  // At the top: above the story and the place of rest.
  const top = async (text: string) => (await visitor.page.getByText(text).boundingBox())?.y ?? Number.NaN;
  expect(await top("Uppsala Cathedral")).toBeLessThan(await top("Ingrid taught at the village school"));
  await expectNoSeriousAxeViolations(visitor.page, "ceremony en");
  await shoot(visitor.page, "life-ceremony-upcoming");

  // Moved to two days ago: the day after it is over, so it is lower down, as past.
  await saveContent(page, token, id, { ceremony: { ...ceremony, date: addDays(today, -2) } });
  await visitor.page.goto(`/k/${id}`);
  await expect(visitor.page.getByTestId("ceremony-upcoming")).toHaveCount(0);
  const past = visitor.page.getByRole("region", { name: "The ceremony" });
  await expect(past).toContainText("The ceremony was held on");
  await expect(past).toContainText("Uppsala Cathedral");
  expect(await top("The ceremony was held on")).toBeGreaterThan(await top("Uppsala gamla kyrkogård"));
  await expectNoSeriousAxeViolations(visitor.page, "past ceremony en");
  await shoot(visitor.page, "life-ceremony-past");
  await visitor.context.close();

  // In Swedish, the day before: still at the top ("kl. 13:30").
  await saveContent(page, token, id, { ceremony: { ...ceremony, date: addDays(today, -1) } });
  const sv = await visitorOnPhone(browser, "sv-SE");
  await sv.page.goto(`/k/${id}`);
  const svBlock = sv.page.getByRole("region", { name: "Ceremonin" });
  await expect(svBlock).toContainText("kl. 13:30");
  await expect(svBlock.getByRole("link", { name: "Följ direktsändningen" })).toBeVisible();
  await expectNoSeriousAxeViolations(sv.page, "ceremony sv");
  await sv.context.close();

  // The owner's editor: the ceremony's fields.
  await signInAs(page, token, "en-US");
  await page.goto(`/k/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Edit page" }).click();
  const fields = page.getByRole("region", { name: "Ceremony", exact: true });
  await expect(fields.getByLabel("Place", { exact: true })).toHaveValue("Uppsala Cathedral");
  await fields.getByLabel("Livestream link (optional)").fill("http://example.se/live");
  await fields.getByLabel("Time", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(fields.getByText("An address must start with https://.")).toBeVisible();
  await expect(fields.getByText("Write the time as HH:MM, for example 13:00.")).toBeVisible();
  await fields.getByRole("heading", { name: "Ceremony" }).scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(page, "ceremony fields en");
  await shoot(page, "life-editor-ceremony");
});

test("the walkthrough's name step asks for the dates and fills in the subtitle from them", async ({
  page,
  browser,
}) => {
  for (const locale of ["sv-SE", "en-US"] as const) {
    const sv = locale === "sv-SE";
    // A new page claimed by a new owner, the walkthrough not yet begun.
    const [id] = await newProfiles(browser, 1);
    // Signed up in a context of its own: this page may still hold the previous owner's session.
    const signUp = await browser.newContext();
    const session = await signUpByApi(signUp, newUser());
    await signUp.close();
    const claimed = await page.request.post("/api/kammare/own", {
      data: { owner: session.user.id, profileId: id },
      headers: { Authorization: `Bearer ${session.access_token}`, ...origin },
    });
    expect(claimed.status(), await claimed.text()).toBe(200);
    await signInAs(page, session.access_token, locale);
    // The walkthrough's file comes late, as on a slow phone: the page hydrates only once it is here
    // (app/lib/lazy-part.tsx), so Start pressed at once works. Before, that press reached the server's
    // HTML and the form submitted itself natively, back to the welcome (once in five runs in CI).
    await page.route(/\/assets\/walkthrough-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`/k/${id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: sv ? "Börja" : "Start" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      sv ? "Vad ska sidan heta?" : "What should the page be called?",
    );
    await page.unroute(/\/assets\/walkthrough-[^/]+\.js$/);
    await page.getByLabel(sv ? "Namn" : "Name", { exact: true }).fill("Gunnar Ek");
    await page.getByLabel(sv ? "Födelsedatum" : "Date of birth").fill("1931-03-12");
    await page.getByLabel(sv ? "Dödsdatum" : "Date of death").fill("2024-06-04");
    await expect(page.getByLabel(sv ? "Undertitel" : "Subtitle")).toHaveValue(
      sv ? "12 mars 1931 – 4 juni 2024" : "March 12, 1931 – June 4, 2024",
    );
    await expectNoSeriousAxeViolations(page, `walkthrough name ${locale}`);
    if (sv) await shoot(page, "life-walkthrough-name");
    await page.getByRole("button", { name: sv ? "Spara och fortsätt" : "Save and continue" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sv ? "Berätta" : "Tell the story");
    // Saved: after a reload the name step shows the dates the server kept.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: sv ? "Tillbaka" : "Back" }).click();
    await expect(page.getByLabel(sv ? "Födelsedatum" : "Date of birth")).toHaveValue("1931-03-12");
    await expect(page.getByLabel(sv ? "Dödsdatum" : "Date of death")).toHaveValue("2024-06-04");
  }
});
