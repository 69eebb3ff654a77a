// Asking for a password reset, with a stand-in e-mail provider: the link goes only to an account's
// address, in the asker's language, and quietly no more often than the limits allow; on every engine.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeOnDatabases } from "../../../tests/support/api-fixture";
import { passwordResetTokens, users } from "../../db/schema";
import type { EmailMessage, EmailSender } from "../../providers/email/types";
import { requestPasswordReset, resetRequestLimits } from "./password-reset";
import { tokenHash } from "../core";

function recordingSender(): EmailSender & { sent: EmailMessage[] } {
  const sent: EmailMessage[] = [];
  return {
    kind: "outbox",
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

// Hourly windows: every call of a test falls in the same one.
const now = new Date(Date.UTC(2031, 5, 1, 10, 15));
const publicUrl = "https://kammare.example";

describeOnDatabases("requestPasswordReset", ({ db }) => {
  let count = 0;

  async function account(): Promise<{ id: string; email: string }> {
    count += 1;
    const [row] = await db
      .insert(users)
      .values({ email: `Reset${count}@Example.se`, passwordHash: "x" })
      .returning();
    return { id: row?.id ?? "", email: row?.email ?? "" };
  }
  const origin = (ip: string | null) => ({ ip, userAgent: "test" });

  it("mails a single-use link to the account's address, in the asker's language", async () => {
    const user = await account();
    const email = recordingSender();
    await requestPasswordReset(
      { db, email, publicUrl },
      { email: user.email.toLowerCase(), origin: origin("198.51.100.1"), locale: "sv-SE", now: now },
    );
    expect(email.sent).toHaveLength(1);
    const [message] = email.sent;
    expect(message?.to).toBe(user.email);
    expect(message?.subject).toBe("Välj ett nytt lösenord för Kammare");
    const token = /reset-password\?token=([^\s]+)/.exec(message?.text ?? "")?.[1] ?? "";
    expect(message?.text).toContain(`${publicUrl}/reset-password?token=`);
    const rows = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([tokenHash(decodeURIComponent(token))]);
  });

  it("sends nothing, and resolves alike, for an address without an account", async () => {
    const email = recordingSender();
    await expect(
      requestPasswordReset(
        { db, email, publicUrl },
        { email: "nobody@example.se", origin: origin(null), locale: "en-US", now: now },
      ),
    ).resolves.toBeUndefined();
    expect(email.sent).toEqual([]);
  });

  it("sends at most 5 links an hour to one address, then quietly nothing", async () => {
    const user = await account();
    const email = recordingSender();
    for (let attempt = 0; attempt < resetRequestLimits.perAccountPerHour + 2; attempt++) {
      await requestPasswordReset(
        { db, email, publicUrl },
        { email: user.email, origin: origin(null), locale: "en-US", now: now },
      );
    }
    expect(email.sent).toHaveLength(5);
    // The next hour, one more.
    const later = new Date(now.getTime() + 60 * 60 * 1000);
    await requestPasswordReset(
      { db, email, publicUrl },
      { email: user.email, origin: origin(null), locale: "en-US", now: later },
    );
    expect(email.sent).toHaveLength(6);
  });

  it("answers at most 20 requests an hour from one client, whatever the addresses", async () => {
    const ip = "203.0.113.7";
    const email = recordingSender();
    for (let attempt = 0; attempt < resetRequestLimits.perClientPerHour; attempt++) {
      await requestPasswordReset(
        { db, email, publicUrl },
        { email: `unknown${attempt}@example.se`, origin: origin(ip), locale: "en-US", now },
      );
    }
    const user = await account();
    await requestPasswordReset(
      { db, email, publicUrl },
      { email: user.email, origin: origin(ip), locale: "en-US", now: now },
    );
    expect(email.sent).toEqual([]);
    // Another client still gets the link through.
    await requestPasswordReset(
      { db, email, publicUrl },
      { email: user.email, origin: origin("203.0.113.8"), locale: "en-US", now: now },
    );
    expect(email.sent.map((message) => message.to)).toEqual([user.email]);
  });
});
