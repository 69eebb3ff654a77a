// The SMTP provider against a real SMTP server on 127.0.0.1 (the smtp-server package), through nodemailer.
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerError } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEmailSender } from "./index";
import { parseEmail } from "./outbox";
import { createSmtpSender } from "./smtp";

type Received = { mailFrom: string | false; rcptTo: string[]; user: unknown; data: string };

const username = "kammare";
const password = "p@ss wörd:1";
const from = "Kammare <no-reply@kammare.test>";

let server: SMTPServer;
let port: number;
let received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === username && auth.password === password) callback(null, { user: auth.username });
      else callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("nobody@")) {
        const error: SMTPServerError = Object.assign(new Error("No such user here"), { responseCode: 550 });
        callback(error);
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          mailFrom: session.envelope.mailFrom && session.envelope.mailFrom.address,
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: session.user,
          data: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
});

const url = () => `smtp://${encodeURIComponent(username)}:${encodeURIComponent(password)}@127.0.0.1:${port}`;

describe("createSmtpSender", () => {
  it("delivers the message to the SMTP server, logged in with the URL's credentials", async () => {
    const sender = createSmtpSender({ url: url(), from });
    expect(sender.kind).toBe("smtp");
    try {
      await sender.send({
        to: "asa@example.se",
        subject: "Reset your password",
        text: "Open https://example.se/reset-password?token=abc123 to choose a new password.",
      });
    } finally {
      await sender.close?.();
    }
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.mailFrom).toBe("no-reply@kammare.test");
    expect(mail?.rcptTo).toEqual(["asa@example.se"]);
    expect(mail?.user).toBe(username);
    expect(mail?.data).toMatch(/^From: Kammare <no-reply@kammare\.test>\r$/m);
    expect(mail?.data).toMatch(/^Subject: Reset your password\r$/m);
    expect(parseEmail(mail?.data ?? "").text).toBe(
      "Open https://example.se/reset-password?token=abc123 to choose a new password.",
    );
  });

  it("sends non-ASCII subjects and bodies and an HTML alternative intact", async () => {
    const sender = createSmtpSender({ url: url(), from });
    const text =
      "Klicka här för att återställa ditt lösenord: https://example.se/reset-password?token=abc123";
    try {
      await sender.send({
        to: "åsa@example.se",
        subject: "Återställ ditt lösenord – Kammare",
        text,
        html: "<p>Klicka här</p>",
      });
    } finally {
      await sender.close?.();
    }
    expect(received).toHaveLength(1);
    expect(received[0]?.data).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(parseEmail(received[0]?.data ?? "")).toEqual({
      to: "åsa@example.se",
      subject: "Återställ ditt lösenord – Kammare",
      text,
    });
  });

  it("rejects when the server refuses the recipient", async () => {
    const sender = createSmtpSender({ url: url(), from });
    try {
      await expect(sender.send({ to: "nobody@example.se", subject: "Hi", text: "Hi" })).rejects.toThrow(
        /550/,
      );
    } finally {
      await sender.close?.();
    }
    expect(received).toEqual([]);
  });

  it("rejects when the credentials are wrong", async () => {
    const sender = createSmtpSender({ url: `smtp://${username}:wrong@127.0.0.1:${port}`, from });
    try {
      await expect(sender.send({ to: "asa@example.se", subject: "Hi", text: "Hi" })).rejects.toThrow(/535/);
    } finally {
      await sender.close?.();
    }
    expect(received).toEqual([]);
  });
});

describe("createEmailSender with SMTP_URL", () => {
  it("sends through that server, from MAIL_FROM", async () => {
    const sender = createEmailSender({ SMTP_URL: url(), MAIL_FROM: from, DATA_DIR: "/nonexistent" });
    expect(sender.kind).toBe("smtp");
    try {
      await sender.send({ to: "bo@example.se", subject: "Hi", text: "Hello" });
    } finally {
      await sender.close?.();
    }
    expect(received.map((mail) => [mail.mailFrom, mail.rcptTo])).toEqual([
      ["no-reply@kammare.test", ["bo@example.se"]],
    ]);
  });
});
