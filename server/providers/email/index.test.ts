// Choosing the e-mail provider from the configuration.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createEmailSender, outboxDir, readOutbox } from "./index";

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "kammare-data-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("createEmailSender", () => {
  it("writes to DATA_DIR/outbox, from MAIL_FROM, when SMTP_URL is not set", async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const sender = createEmailSender(config);
    expect(sender.kind).toBe("outbox");
    await sender.send({ to: "a@example.com", subject: "Hi", text: "Hello" });
    expect(outboxDir(config)).toBe(path.join(dataDir, "outbox"));
    const messages = await readOutbox(path.join(dataDir, "outbox"));
    expect(messages.map(({ to, subject, text }) => ({ to, subject, text }))).toEqual([
      { to: "a@example.com", subject: "Hi", text: "Hello" },
    ]);
    expect(messages[0]?.raw).toMatch(/^From: Kammare <no-reply@localhost>$/m);
  });

  it("uses SMTP when SMTP_URL is set, without connecting until a message is sent", async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SMTP_URL: "smtp://user:pass@127.0.0.1:1" });
    const sender = createEmailSender(config);
    expect(sender.kind).toBe("smtp");
    await sender.close?.();
    expect(await readOutbox(outboxDir(config))).toEqual([]);
  });
});
