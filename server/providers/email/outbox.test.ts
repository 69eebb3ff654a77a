// The offline e-mail provider: real RFC 5322 files in a folder, and a reader that gets the text back.
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOutboxSender, parseEmail, readOutbox } from "./outbox";

const from = "Kammare <no-reply@localhost>";
const resetUrl = "https://example.se/reset-password?token=abc123";
const swedishSubject = "Återställ ditt lösenord – Kammare";
const swedishText = [
  "Hej!",
  "",
  "Någon (förhoppningsvis du) bad om att få återställa lösenordet till ditt konto hos Kammare. Öppna länken nedan inom en timme för att välja ett nytt lösenord: " +
    resetUrl,
  "",
  "Om det inte var du kan du strunta i det här brevet.",
  "",
  "Hälsningar,",
  "Kammare",
].join("\n");

let dir: string;
beforeEach(async () => {
  dir = path.join(await mkdtemp(path.join(tmpdir(), "kammare-outbox-")), "outbox");
});
afterEach(async () => {
  await rm(path.dirname(dir), { recursive: true, force: true });
});

describe("createOutboxSender", () => {
  it("writes one .eml per message, which readOutbox reads back exactly, oldest first", async () => {
    const sender = createOutboxSender({ dir, from });
    expect(sender.kind).toBe("outbox");
    await sender.send({ to: "åsa@example.se", subject: swedishSubject, text: swedishText });
    await sender.send({ to: "bob@example.com", subject: "Welcome to Kammare", text: "Hello Bob" });

    const files = await readdir(dir);
    expect(files).toHaveLength(2); // no temporary files left behind
    for (const file of files) {
      expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{12}\.eml$/);
    }

    const messages = await readOutbox(dir);
    expect(messages.map((m) => m.file)).toEqual([...files].sort());
    expect(messages.map(({ to, subject, text }) => ({ to, subject, text }))).toEqual([
      { to: "åsa@example.se", subject: swedishSubject, text: swedishText },
      { to: "bob@example.com", subject: "Welcome to Kammare", text: "Hello Bob" },
    ]);
    expect(messages[0]?.text).toContain(resetUrl);

    const raw = messages[0]?.raw ?? "";
    const head = raw.slice(0, raw.indexOf("\n\n"));
    expect(head).toMatch(/^From: Kammare <no-reply@localhost>$/m);
    expect(head).toMatch(/^To: åsa@example\.se$/m);
    expect(head).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m); // encoded, so the reader really decodes it
    expect(head).toMatch(/^Date: \w{3}, \d{1,2} \w{3} \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$/m);
    expect(head).toMatch(/^Message-ID: <[^>\s]+@localhost>$/m);
    // The long line went out as quoted-printable with soft line breaks, which the reader undid.
    expect(head).toMatch(/^Content-Transfer-Encoding: quoted-printable$/m);
    expect(raw.slice(head.length)).toMatch(/=\n/);
    expect(raw).not.toContain(resetUrl);
  });

  it("keeps the sending order of messages sent in the same millisecond", async () => {
    const sender = createOutboxSender({ dir, from });
    const subjects = Array.from({ length: 8 }, (_, i) => `Message ${i}`);
    await Promise.all(
      subjects.map((subject) => sender.send({ to: "a@example.com", subject, text: subject })),
    );
    expect((await readOutbox(dir)).map((m) => m.subject)).toEqual(subjects);
  });

  it("reads the text part of a message that also has HTML", async () => {
    const sender = createOutboxSender({ dir, from });
    await sender.send({
      to: "a@example.com",
      subject: "Kvitto",
      text: `Tack för ditt köp!\n${resetUrl}`,
      html: `<p>Tack för ditt köp!</p><p><a href="${resetUrl}">Kvitto</a></p>`,
    });
    const [message] = await readOutbox(dir);
    expect(message?.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(message?.text).toBe(`Tack för ditt köp!\n${resetUrl}`);
  });

  it("reads a body nodemailer sent as base64", async () => {
    const sender = createOutboxSender({ dir, from });
    const text = "€ ".repeat(40) + "\nÅÄÖ åäö";
    await sender.send({ to: "a@example.com", subject: "€", text });
    const [message] = await readOutbox(dir);
    expect(message?.raw).toMatch(/^Content-Transfer-Encoding: base64$/m);
    expect(message).toMatchObject({ subject: "€", text });
  });
});

describe("readOutbox", () => {
  it("is empty when the folder does not exist", async () => {
    expect(await readOutbox(dir)).toEqual([]);
  });

  it("skips files that are not finished messages", async () => {
    const sender = createOutboxSender({ dir, from });
    await sender.send({ to: "a@example.com", subject: "Hi", text: "Hi" });
    await writeFile(path.join(dir, ".2020-01-01T00-00-00.000Z-abc.eml.1234.tmp"), "half a mess");
    await writeFile(path.join(dir, "notes.txt"), "not mail");
    expect((await readOutbox(dir)).map((m) => m.subject)).toEqual(["Hi"]);
  });
});

describe("parseEmail", () => {
  it("reads CRLF messages, B-encoded subjects split inside a character, and base64 parts", () => {
    // "Återställ" is split between two encoded-words in the middle of the two bytes of "ä".
    const subjectBytes = Buffer.from("Återställ lösenord", "utf8");
    const split = subjectBytes.indexOf(Buffer.from("ä")) + 1;
    const raw = [
      "From: Kammare <no-reply@localhost>",
      "To: =?utf-8?Q?=C3=85sa?= <asa@example.se>",
      `Subject: =?utf-8?B?${subjectBytes.subarray(0, split).toString("base64")}?=`,
      ` =?utf-8?B?${subjectBytes.subarray(split).toString("base64")}?=`,
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="outer"',
      "",
      "This is a multi-part message in MIME format.",
      "--outer",
      "Content-Type: multipart/alternative; boundary=inner",
      "",
      "--inner",
      "Content-Type: text/html; charset=utf-8",
      "",
      "<p>not this</p>",
      "--inner",
      "Content-Type: text/plain; charset=UTF-8",
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("Rad ett\nRad två\n", "utf8").toString("base64"),
      "--inner--",
      "--outer",
      "Content-Type: text/plain",
      "Content-Disposition: attachment; filename=notes.txt",
      "",
      "an attachment",
      "--outer--",
      "",
    ].join("\r\n");
    expect(parseEmail(raw)).toEqual({
      to: "Åsa <asa@example.se>",
      subject: "Återställ lösenord",
      text: "Rad ett\nRad två",
    });
  });

  it("reads Q-encoded subjects and quoted-printable bodies in another charset", () => {
    const raw = Buffer.concat([
      Buffer.from(
        [
          "To: bo@example.se",
          "Subject: =?ISO-8859-1?Q?F=F6rs=F6k_igen_?= =?utf-8?q?=E2=80=93_Kammare?=",
          "Content-Type: text/plain; charset=iso-8859-1",
          "Content-Transfer-Encoding: quoted-printable",
          "",
          "L=E5ng rad som bryts h=",
          "=E4r, och en l=E4nk: https://example.se/reset-password?token=3Dab=",
          "c123   ",
          "Sista raden",
          "",
        ].join("\n"),
        "latin1",
      ),
    ]);
    expect(parseEmail(raw)).toEqual({
      to: "bo@example.se",
      subject: "Försök igen – Kammare",
      text: "Lång rad som bryts här, och en länk: https://example.se/reset-password?token=abc123\nSista raden",
    });
  });

  it("reads an 8bit body and plain headers as they are", () => {
    const raw = "To: a@example.com\nSubject: Plain  subject\nContent-Transfer-Encoding: 8bit\n\nHej då\n";
    expect(parseEmail(raw)).toEqual({ to: "a@example.com", subject: "Plain  subject", text: "Hej då" });
  });
});
