// Reminders about a page's dates (ADR 029), on every engine, over simulated time: the grave right's
// end is told to the owner six months before, once per end date (two sweeps racing send it once, a
// failed send is tried again); the anniversaries a week before, to those who asked and still keep the
// page, once a year, 29 February on 28 February in other years; the choice itself through the API; and
// the page's calendar file, read back by a real iCalendar parser (ical.js).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { expect, it } from "vitest";
import type { ProfileContent, ProfileStatus } from "../../contract/profiles";
import { anniversaryRemindersAnswerSchema } from "../../contract/reminders";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import { profileEditors, profiles, remindersSent, users } from "../../server/db/schema";
import { runLifecycle } from "../../server/domain/lifecycle";
import { foldLine, sendDueReminders } from "../../server/domain/reminders";
import { createOutboxSender, readOutbox } from "../../server/providers/email";
import type { EmailSender } from "../../server/providers/email/types";
import { call, expectError, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { ownedPageWith } from "../support/named-draft";

const publicUrl = "http://localhost:3000";
const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: publicUrl, GRACE_DAYS: "7" });
/** Ten in the morning, Swedish winter time, on that day. */
const on = (day: string) => new Date(`${day}T09:00:00Z`);

/** A sender with its own outbox, so each test reads the e-mails it caused (to its own people). */
function mailbox() {
  const dir = mkdtempSync(path.join(tmpdir(), "kammare-reminders-"));
  const sender = createOutboxSender({ dir, from: "Kammare <no-reply@localhost>" });
  return {
    sender,
    read: async (to?: string) => (await readOutbox(dir)).filter((mail) => !to || mail.to === to),
  };
}

/** A page that is paid far ahead (the lifecycle leaves it be), with the content given. */
const paidPage = (content: Partial<ProfileContent>, status: ProfileStatus = "active") => ({
  status,
  paidUntil: new Date("2040-01-01T00:00:00Z"),
  content: { displayName: "Anna Andersson", story: "Ett liv.", ...content },
});

describeOnEngines("reminders", { other: true }, ({ app, db, accounts, admin, other }) => {
  const fixture = { db, accounts, admin };
  const setLocale = (who: Account, locale: "sv-SE" | "en-US") =>
    db.update(users).set({ locale }).where(eq(users.id, who.id));
  const sweep = (now: Date, sender: EmailSender, on: Database = db) =>
    sendDueReminders({ db: on, email: sender, publicUrl, now });
  const ask = (who: Account, profileId: string, wanted: boolean) =>
    call(app, "/api/kammare/anniversary-reminders", {
      bearer: who.token,
      origin: siteOrigin,
      json: { profileId, on: wanted },
    });
  const askedFor = async (who: Account, profileId: string) => {
    const response = await call(app, `/api/kammare/anniversary-reminders?profileId=${profileId}`, {
      bearer: who.token,
    });
    expect(response.status).toBe(200);
    return anniversaryRemindersAnswerSchema.parse(await response.json()).on;
  };
  const addEditor = async (profileId: string) => {
    const editor = await accounts.signUp();
    await db.insert(profileEditors).values({ profileId, userId: editor.id });
    return editor;
  };

  it("tells the owner of the grave right's end six months before, once, and again for a new end date", async () => {
    const { id, owner } = await ownedPageWith(fixture, paidPage({ graveRightEndsOn: "2027-06-15" }));
    await setLocale(owner, "sv-SE");
    const mail = mailbox();
    // The day before it is due: nothing.
    await sweep(on("2026-12-14"), mail.sender);
    expect(await mail.read(owner.email)).toEqual([]);
    // Its day, from the lifecycle sweep: one e-mail, though two sweeps (two processes) race for it.
    const deps = { email: mail.sender, config, now: on("2026-12-15") };
    const [one, two] = await Promise.all([
      runLifecycle({ ...deps, db }),
      runLifecycle({ ...deps, db: other.db }),
    ]);
    const told = [...one.emails.reminders, ...two.emails.reminders].filter((sent) => sent.profileId === id);
    expect(told).toEqual([{ profileId: id, userId: owner.id, kind: "grave_right", occasion: "2027-06-15" }]);
    let sent = await mail.read(owner.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe("Gravrätten för Anna Andersson går ut 15 juni 2027");
    expect(sent[0]?.text).toContain(`${publicUrl}/k/${id}`);
    // Later sweeps: nothing more for the same date.
    await sweep(on("2026-12-16"), mail.sender);
    await sweep(on("2027-05-01"), mail.sender);
    expect(await mail.read(owner.email)).toHaveLength(1);
    // The grave right renewed to a new end: a new occasion, told six months before it.
    await db
      .update(profiles)
      .set(paidPage({ graveRightEndsOn: "2037-08-31" }))
      .where(eq(profiles.id, id));
    await sweep(on("2037-02-27"), mail.sender);
    expect(await mail.read(owner.email)).toHaveLength(1);
    // 31 August less six months is the last day of February.
    await sweep(on("2037-02-28"), mail.sender);
    sent = await mail.read(owner.email);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.subject).toBe("Gravrätten för Anna Andersson går ut 31 augusti 2037");
  });

  it("tells of a grave right entered late at the first sweep, never of one already ended or on a hidden page", async () => {
    const late = await ownedPageWith(fixture, paidPage({ graveRightEndsOn: "2027-02-01" }));
    await setLocale(late.owner, "en-US");
    const ended = await ownedPageWith(fixture, paidPage({ graveRightEndsOn: "2026-10-01" }));
    const suspended = await ownedPageWith(fixture, paidPage({ graveRightEndsOn: "2027-02-01" }, "suspended"));
    const resting = await ownedPageWith(fixture, paidPage({ graveRightEndsOn: "2027-02-01" }, "expired"));
    const mail = mailbox();
    await sweep(on("2026-12-01"), mail.sender);
    const [lateMail] = await mail.read(late.owner.email);
    expect(lateMail?.subject).toBe("The grave right for Anna Andersson ends on February 1, 2027");
    expect(await mail.read(ended.owner.email)).toEqual([]);
    expect(await mail.read(suspended.owner.email)).toEqual([]);
    expect(await mail.read(resting.owner.email)).toHaveLength(1);
  });

  it("leaves no mark of a reminder whose e-mail failed, so the next sweep sends it", async () => {
    const { id, owner } = await ownedPageWith(fixture, paidPage({ graveRightEndsOn: "2028-01-10" }));
    const failing: EmailSender = {
      kind: "outbox",
      send: () => Promise.reject(new Error("the SMTP server is down")),
    };
    expect(await sweep(on("2027-07-10"), failing)).not.toContainEqual(
      expect.objectContaining({ profileId: id }),
    );
    expect(await db.select().from(remindersSent).where(eq(remindersSent.profileId, id))).toEqual([]);
    const mail = mailbox();
    const sent = await sweep(on("2027-07-11"), mail.sender);
    expect(sent).toContainEqual({
      profileId: id,
      userId: owner.id,
      kind: "grave_right",
      occasion: "2028-01-10",
    });
    expect(await mail.read(owner.email)).toHaveLength(1);
  });

  it("lets the owner and editors, and nobody else, ask for the anniversaries' e-mails", async () => {
    const { id, owner } = await ownedPageWith(fixture, paidPage({ birthDate: "1940-03-10" }));
    const editor = await addEditor(id);
    const stranger = await accounts.signUp();
    expect(await askedFor(owner, id)).toBe(false);
    expect((await ask(owner, id, true)).status).toBe(200);
    expect(await askedFor(owner, id)).toBe(true);
    // Asking twice is asking once.
    expect((await ask(owner, id, true)).status).toBe(200);
    expect((await ask(editor, id, true)).status).toBe(200);
    expect(await askedFor(editor, id)).toBe(true);
    await expectError(await ask(stranger, id, true), 403, "forbidden");
    await expectError(
      await call(app, `/api/kammare/anniversary-reminders?profileId=${id}`, { bearer: stranger.token }),
      403,
      "forbidden",
    );
    // An admin is asked as the person they are: not one of this page's people.
    await expectError(await ask(admin, id, true), 403, "forbidden");
    await expectError(await ask(owner, "ZZZZZZZZ", true), 404, "not_found");
    await expectError(
      await call(app, "/api/kammare/anniversary-reminders", {
        origin: siteOrigin,
        json: { profileId: id, on: true },
      }),
      401,
      "unauthorized",
    );
    await expectError(
      await call(app, "/api/kammare/anniversary-reminders", {
        bearer: owner.token,
        origin: siteOrigin,
        json: { profileId: id, on: "yes" },
      }),
      400,
      "invalid_request",
      "on",
    );
    expect((await ask(owner, id, false)).status).toBe(200);
    expect(await askedFor(owner, id)).toBe(false);
    expect(await askedFor(editor, id)).toBe(true);
  });

  it("e-mails a subscriber a week before the birthday and the day of death, once a year, nobody else", async () => {
    const { id, owner } = await ownedPageWith(
      fixture,
      paidPage({ birthDate: "1940-03-10", deathDate: "2020-11-02" }),
    );
    await setLocale(owner, "sv-SE");
    const editor = await addEditor(id);
    await setLocale(editor, "en-US");
    const quietEditor = await addEditor(id);
    expect((await ask(owner, id, true)).status).toBe(200);
    expect((await ask(editor, id, true)).status).toBe(200);
    const mail = mailbox();
    // Eight days before: nothing yet.
    await sweep(on("2027-03-02"), mail.sender);
    expect(await mail.read(owner.email)).toEqual([]);
    // A week before: each subscriber once, in their own language, though two sweeps race.
    await Promise.all([sweep(on("2027-03-03"), mail.sender), sweep(on("2027-03-03"), mail.sender, other.db)]);
    const [ownerMail, ...moreOwner] = await mail.read(owner.email);
    expect(moreOwner).toEqual([]);
    expect(ownerMail?.subject).toBe("Födelsedag 10 mars 2027: Anna Andersson");
    expect(ownerMail?.text).toContain("10 mars 2027 skulle Anna Andersson ha fyllt år.");
    expect(ownerMail?.text).toContain(`${publicUrl}/k/${id}`);
    const [editorMail, ...moreEditor] = await mail.read(editor.email);
    expect(moreEditor).toEqual([]);
    expect(editorMail?.subject).toBe("A birthday on March 10, 2027: Anna Andersson");
    expect(await mail.read(quietEditor.email)).toEqual([]);
    // The days up to the birthday: nothing more.
    await sweep(on("2027-03-07"), mail.sender);
    await sweep(on("2027-03-10"), mail.sender);
    expect(await mail.read(owner.email)).toHaveLength(1);
    // The day of death, seven years on.
    await sweep(on("2027-10-26"), mail.sender);
    const deathDay = (await mail.read(owner.email)).at(-1);
    expect(deathDay?.subject).toBe("Årsdag 2 november 2027: Anna Andersson");
    expect(deathDay?.text).toContain("2 november 2027 är det 7 år sedan Anna Andersson gick bort.");
    expect((await mail.read(editor.email)).at(-1)?.text).toContain(
      "On November 2, 2027 it is 7 years since Anna Andersson died.",
    );
    // Next year's birthday is a new occasion.
    await sweep(on("2028-03-04"), mail.sender);
    expect(await mail.read(owner.email)).toHaveLength(3);
  });

  it("sends nothing after unsubscribing, to an editor who left, or on a suspended page", async () => {
    const { id, owner } = await ownedPageWith(fixture, paidPage({ birthDate: "1950-06-20" }));
    const editor = await addEditor(id);
    expect((await ask(owner, id, true)).status).toBe(200);
    expect((await ask(editor, id, true)).status).toBe(200);
    const mail = mailbox();
    await sweep(on("2027-06-14"), mail.sender);
    expect(await mail.read(owner.email)).toHaveLength(1);
    expect(await mail.read(editor.email)).toHaveLength(1);
    // The owner turns them off; the editor is removed from the page (their wish stays, unheard).
    expect((await ask(owner, id, false)).status).toBe(200);
    await db
      .delete(profileEditors)
      .where(and(eq(profileEditors.profileId, id), eq(profileEditors.userId, editor.id)));
    await sweep(on("2028-06-14"), mail.sender);
    expect(await mail.read(owner.email)).toHaveLength(1);
    expect(await mail.read(editor.email)).toHaveLength(1);
    // Back on, but the page is suspended: nothing.
    expect((await ask(owner, id, true)).status).toBe(200);
    await db.update(profiles).set({ status: "suspended" }).where(eq(profiles.id, id));
    await sweep(on("2029-06-14"), mail.sender);
    expect(await mail.read(owner.email)).toHaveLength(1);
  });

  it("keeps a 29 February birthday on 28 February in other years", async () => {
    const { id, owner } = await ownedPageWith(fixture, paidPage({ birthDate: "1948-02-29" }));
    expect((await ask(owner, id, true)).status).toBe(200);
    const mail = mailbox();
    await sweep(on("2027-02-20"), mail.sender);
    expect(await mail.read(owner.email)).toEqual([]);
    const sent2027 = await sweep(on("2027-02-21"), mail.sender);
    expect(sent2027).toContainEqual({
      profileId: id,
      userId: owner.id,
      kind: "birthday",
      occasion: "2027-02-28",
    });
    // In a leap year, its own day.
    await sweep(on("2028-02-21"), mail.sender);
    expect(await mail.read(owner.email)).toHaveLength(1);
    const sent2028 = await sweep(on("2028-02-22"), mail.sender);
    expect(sent2028).toContainEqual({
      profileId: id,
      userId: owner.id,
      kind: "birthday",
      occasion: "2028-02-29",
    });
    expect((await mail.read(owner.email)).map((sent) => sent.subject)).toEqual([
      "A birthday on February 28, 2027: Anna Andersson",
      "A birthday on February 29, 2028: Anna Andersson",
    ]);
  });

  it("reminds a subscriber of the ceremony a week before it", async () => {
    const ceremony = {
      date: "2027-01-20",
      time: "13:00",
      place: "Uppenbarelsekyrkan",
      address: "Kyrkvägen 1, Saltsjöbaden",
      livestreamUrl: "https://example.se/live",
      note: "",
    };
    const { id, owner } = await ownedPageWith(fixture, paidPage({ ceremony }));
    await setLocale(owner, "sv-SE");
    expect((await ask(owner, id, true)).status).toBe(200);
    const mail = mailbox();
    await sweep(on("2027-01-12"), mail.sender);
    expect(await mail.read(owner.email)).toEqual([]);
    await sweep(on("2027-01-13"), mail.sender);
    const [sent, ...more] = await mail.read(owner.email);
    expect(more).toEqual([]);
    expect(sent?.subject).toBe("Ceremonin för Anna Andersson: 20 januari 2027 kl. 13:00");
    expect(sent?.text).toContain(
      "hålls 20 januari 2027 kl. 13:00, Uppenbarelsekyrkan, Kyrkvägen 1, Saltsjöbaden.",
    );
    expect(sent?.text).toContain("https://example.se/live");
    // After the day: nothing (the ceremony is no anniversary).
    await sweep(on("2027-01-21"), mail.sender);
    await sweep(on("2028-01-13"), mail.sender);
    expect(await mail.read(owner.email)).toHaveLength(1);
  });

  describe_calendar();

  function describe_calendar() {
    const longNote =
      "Efter akten bjuder familjen på kaffe och smörgåstårta i församlingshemmet; välkomna, alla som kände henne, " +
      "gamla grannar från Överum och kollegor från bruket.";
    const content = {
      displayName: 'Karlsson, Anna; "Annie"',
      birthDate: "1948-02-29",
      deathDate: "2026-11-02",
      ceremony: {
        date: "2026-12-03",
        time: "13:30",
        place: "Skogskyrkogården, Uppståndelsens kapell",
        address: "Sockenvägen 492, Enskede",
        livestreamUrl: "https://example.se/live?id=1,2",
        note: longNote,
      },
    };

    const calendarOf = async (id: string) => {
      const response = await call(app, `/k/${id}/calendar.ics`);
      expect(response.status).toBe(200);
      return { response, text: await response.text() };
    };

    it("serves the page's days as an iCalendar file a parser reads back", async () => {
      const { id } = await ownedPageWith(fixture, paidPage(content, "trial"));
      const { response, text } = await calendarOf(id);
      expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="kammare-${id}.ics"`);
      // CRLF line endings only, and no line longer than 75 octets.
      expect(text.endsWith("\r\n")).toBe(true);
      expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
      const lines = text.split("\r\n");
      for (const line of lines) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
      // The long note was folded (a continuation line starts with a space).
      expect(lines.some((line) => line.startsWith(" "))).toBe(true);

      const calendar = new ICAL.Component(ICAL.parse(text));
      expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
      const events = calendar.getAllSubcomponents("vevent").map((event) => new ICAL.Event(event));
      expect(events.map((event) => event.uid)).toEqual([
        `birthday-${id}@localhost:3000`,
        `death-day-${id}@localhost:3000`,
        `ceremony-${id}@localhost:3000`,
      ]);
      for (const event of calendar.getAllSubcomponents("vevent")) {
        expect(event.getFirstPropertyValue("dtstamp")).toBeTruthy();
      }
      const [birthday, deathDay, ceremony] = events;
      // Commas, semicolons and quotes in the name come back as they were written.
      expect(birthday?.summary).toBe('Födelsedag: Karlsson, Anna; "Annie"');
      expect(deathDay?.summary).toBe('Dödsdag: Karlsson, Anna; "Annie"');
      expect(birthday?.startDate.isDate).toBe(true);
      expect(birthday?.startDate.toString()).toBe("1948-02-29");
      expect(deathDay?.startDate.toString()).toBe("2026-11-02");
      for (const yearly of [birthday, deathDay]) {
        expect(yearly?.isRecurring()).toBe(true);
        const rule = yearly?.component.getFirstPropertyValue("rrule") as ICAL.Recur;
        expect(rule.freq).toBe("YEARLY");
      }
      // 29 February comes back every year: on 28 February when the year has none.
      const births = birthday!.iterator();
      const firstYears = Array.from({ length: 6 }, () => births.next()?.toString());
      expect(firstYears).toEqual([
        "1948-02-29",
        "1949-02-28",
        "1950-02-28",
        "1951-02-28",
        "1952-02-29",
        "1953-02-28",
      ]);
      const deaths = deathDay!.iterator();
      expect([deaths.next()?.toString(), deaths.next()?.toString()]).toEqual(["2026-11-02", "2027-11-02"]);

      // The ceremony: once, at its time in Stockholm (13:30 CET is 12:30 UTC), where it is held.
      expect(ceremony?.isRecurring()).toBe(false);
      expect(ceremony?.summary).toBe('Ceremoni för Karlsson, Anna; "Annie"');
      expect(ceremony?.startDate.isDate).toBe(false);
      expect(ceremony?.startDate.toJSDate().toISOString()).toBe("2026-12-03T12:30:00.000Z");
      expect(ceremony?.endDate.toJSDate().toISOString()).toBe("2026-12-03T13:30:00.000Z");
      expect(ceremony?.location).toBe("Skogskyrkogården, Uppståndelsens kapell, Sockenvägen 492, Enskede");
      expect(ceremony?.description).toContain(longNote);
      expect(ceremony?.description).toContain("https://example.se/live?id=1,2");
      expect(ceremony?.description).toContain(`${publicUrl}/k/${id}`);
    });

    it("puts a summer ceremony at its summer time", async () => {
      const summer = { ...content.ceremony, date: "2027-06-18", time: "11:00" };
      const { id } = await ownedPageWith(fixture, paidPage({ ceremony: summer }));
      const { text } = await calendarOf(id);
      const [event] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent");
      expect(new ICAL.Event(event!).startDate.toJSDate().toISOString()).toBe("2027-06-18T09:00:00.000Z");
    });

    it("shows a resting page's days, and nothing of a page visitors cannot see", async () => {
      const resting = await ownedPageWith(fixture, paidPage(content, "expired"));
      await calendarOf(resting.id);
      for (const status of ["draft", "suspended", "removed"] as const) {
        const hidden = await ownedPageWith(fixture, paidPage(content, status));
        const response = await call(app, `/k/${hidden.id}/calendar.ics`);
        expect(response.status, status).toBe(404);
        expect(response.headers.get("content-type")).not.toMatch(/calendar/);
      }
      const unclaimed = await ownedPageWith(fixture, { status: "unclaimed", ownerUserId: null, content });
      expect((await call(app, `/k/${unclaimed.id}/calendar.ics`)).status).toBe(404);
      // A page without days, an unknown code and no code at all.
      const noDays = await ownedPageWith(fixture, paidPage({}));
      expect((await call(app, `/k/${noDays.id}/calendar.ics`)).status).toBe(404);
      expect((await call(app, "/k/ZZZZZZZZ/calendar.ics")).status).toBe(404);
      expect((await call(app, "/k/not-a-code/calendar.ics")).status).toBe(404);
    });
  }
});

it("folds a long line at 75 octets without splitting a character", () => {
  const line = `SUMMARY:${"å".repeat(100)}`;
  const folded = foldLine(line).split("\r\n");
  for (const part of folded) expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
  expect(folded.slice(1).every((part) => part.startsWith(" "))).toBe(true);
  expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join("")).toBe(line);
});
