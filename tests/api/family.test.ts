// A page's family (ADR 029), on every engine: the owner invites by e-mail, the invitation's link works
// once, for the invited address only, until it expires or is withdrawn; at most ten editors and open
// invitations; editors edit and moderate but never pay, invite, remove or hand over; a hand-over moves
// the page to its new owner, keeps its status, cancels the old owner's renewing card at the period's
// end, and leaves the old owner an editor; every change is in the audit log; memory e-mails reach the
// editors.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  acceptedAnswerSchema,
  invitationViewSchema,
  invitedAnswerSchema,
  maxEditorsPerPage,
  pagePeopleSchema,
} from "../../contract/family";
import {
  auditLog,
  candles,
  profileInvitations,
  profiles,
  subscriptions,
  users,
} from "../../server/db/schema";
import { onDomainEvents, type DomainEvent } from "../../server/domain/core";
import {
  issueFormToken,
  lightCandle,
  tellOwnerOfFirstMemory,
  writeMemory,
} from "../../server/domain/memories";
import { createOutboxSender } from "../../server/providers/email";
import { call, expectError, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { ownedPageWith } from "../support/named-draft";
import { paidAtOnce } from "../support/subscribed-page";
import { billingAddress } from "../support/checkout-samples";

const livePage = {
  status: "trial" as const,
  trialEndsAt: new Date(Date.now() + 20 * 24 * 60 * 60 * 1000),
  content: { displayName: "Anna Andersson", story: "A life." },
};
const pngBytes = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
  "base64",
);

describeOnEngines("a page's family", (fixture) => {
  const { app, db, accounts, mailbox } = fixture;
  const as = (who: Account, pathName: string, json?: unknown, method?: string) =>
    call(app, pathName, { bearer: who.token, json, method, origin: siteOrigin });

  /** The link's token in the newest e-mail to `to`. */
  async function tokenSentTo(to: string): Promise<string> {
    const mails = (await mailbox()).filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
    const text = mails.at(-1)?.text ?? "";
    const token = /\/invitation\?token=([\w-]+)/.exec(text)?.[1];
    expect(token, `an invitation link to ${to}`).toBeTruthy();
    return token as string;
  }

  async function invite(owner: Account, profileId: string, email: string, kind = "editor") {
    const response = await as(owner, "/api/kammare/invitations", { profileId, email, kind });
    expect(response.status, await response.clone().text()).toBe(201);
    return invitedAnswerSchema.parse(await response.json());
  }

  /** A live page of a new owner, and a relative who accepted the owner's invitation. */
  async function pageWithEditor() {
    const { id, owner } = await ownedPageWith(fixture, livePage);
    const relative = await accounts.signUp();
    await invite(owner, id, relative.email);
    const accepted = await as(relative, "/api/kammare/invitations/accept", {
      token: await tokenSentTo(relative.email),
    });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    return { id, owner, relative };
  }

  const auditOf = async (profileId: string) =>
    (await db.select().from(auditLog).where(inArray(auditLog.action, familyActions)))
      .filter((row) => row.details.profileId === profileId)
      .map((row) => row.action);
  const familyActions = [
    "family.invite",
    "family.invite_revoke",
    "family.invite_accept",
    "family.editor_remove",
    "family.editor_leave",
    "family.handover",
  ];

  it("invites by e-mail; the link shows the page and is accepted once, by the invited address only", async () => {
    const { id, owner } = await ownedPageWith(fixture, livePage);
    const relative = await accounts.signUp();
    const stranger = await accounts.signUp();
    // The address as the owner typed it: the case does not matter.
    await invite(owner, id, relative.email.toUpperCase());
    const mails = (await mailbox()).filter((mail) => mail.to.toLowerCase() === relative.email);
    expect(mails.at(-1)?.subject).toContain("Anna Andersson");
    expect(mails.at(-1)?.text).toContain(owner.email);
    const token = await tokenSentTo(relative.email);
    // Only the secret's SHA-256 is kept.
    const [kept] = await db.select().from(profileInvitations).where(eq(profileInvitations.profileId, id));
    expect(kept?.tokenHash).not.toContain(token);
    expect(kept?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const read = await call(app, `/api/invitation?token=${token}`);
    expect(read.status).toBe(200);
    const view = invitationViewSchema.parse(await read.json());
    expect(view).toMatchObject({ profileId: id, pageName: "Anna Andersson", kind: "editor", state: "open" });
    expect(view.invitedBy).toBe(owner.email);
    expect(view.emailMasked).not.toContain(relative.email.split("@")[0]);
    expect(JSON.stringify(view)).not.toContain(relative.email.toUpperCase());

    const wrong = await as(stranger, "/api/kammare/invitations/accept", { token });
    const refusal = await expectError(wrong, 403, "forbidden", "token");
    expect(refusal.error.refusal).toBe("family.wrong-account");

    const accepted = await as(relative, "/api/kammare/invitations/accept", { token });
    expect(accepted.status).toBe(200);
    expect(acceptedAnswerSchema.parse(await accepted.json())).toEqual({ profileId: id, role: "editor" });
    const again = await as(relative, "/api/kammare/invitations/accept", { token });
    expect((await expectError(again, 409, "conflict", "token")).error.refusal).toBe("family.invitation-used");
    const usedView = invitationViewSchema.parse(
      await (await call(app, `/api/invitation?token=${token}`)).json(),
    );
    expect(usedView.state).toBe("used");
    await expectError(await call(app, "/api/invitation?token=nothing-like-it"), 404, "not_found", "token");

    const people = pagePeopleSchema.parse(
      await (await as(owner, `/api/kammare/people?profileId=${id}`)).json(),
    );
    expect(people.viewerRole).toBe("owner");
    expect(people.owner?.email).toBe(owner.email);
    expect(people.editors.map((editor) => editor.email)).toEqual([relative.email]);
    expect(people.invitations).toEqual([]);
    // The stranger is nobody on the page.
    await expectError(await as(stranger, `/api/kammare/people?profileId=${id}`), 403, "forbidden");
    expect(await auditOf(id)).toEqual(["family.invite", "family.invite_accept"]);
  });

  it("names the inviter as they signed it, with their note, in the e-mail and on the link's page", async () => {
    const { id, owner } = await ownedPageWith(fixture, livePage);
    await db.update(users).set({ locale: "sv-SE" }).where(eq(users.id, owner.id));
    const relative = accounts.email();
    const note = "Mamma hade velat att du var med.\nKram, Lena";
    const sent = await as(owner, "/api/kammare/invitations", {
      profileId: id,
      email: relative,
      inviterName: "  Lena Andersson ",
      note,
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    expect(invitedAnswerSchema.parse(await sent.json()).invitation.note).toBe(note);
    const [mail] = (await mailbox()).filter((message) => message.to === relative);
    expect(mail?.text).toContain("Lena Andersson bjuder in dig");
    expect(mail?.text).toContain(`Lena Andersson skriver:\n\n${note}`);
    expect(mail?.text).not.toContain(owner.email);
    const view = invitationViewSchema.parse(
      await (await call(app, `/api/invitation?token=${await tokenSentTo(relative)}`)).json(),
    );
    expect(view).toMatchObject({ inviterName: "Lena Andersson", note, invitedBy: owner.email });
    // The name starts the owner's next invitation.
    const people = pagePeopleSchema.parse(
      await (await as(owner, `/api/kammare/people?profileId=${id}`)).json(),
    );
    expect(people.inviterName).toBe("Lena Andersson");

    // Without a name the address stands in; without a note there is none.
    const other = accounts.email();
    await invite(owner, id, other);
    const [plain] = (await mailbox()).filter((message) => message.to === other);
    expect(plain?.text).toContain(`${owner.email} bjuder in dig`);
    expect(plain?.text).not.toContain("skriver:");
    const plainView = invitationViewSchema.parse(
      await (await call(app, `/api/invitation?token=${await tokenSentTo(other)}`)).json(),
    );
    expect(plainView).toMatchObject({ inviterName: null, note: null, invitedBy: owner.email });
  });

  it("refuses a name or note no text may hold (NUL, a lone surrogate) or too long, with a 400 naming the field", async () => {
    const { id, owner } = await ownedPageWith(fixture, livePage);
    const email = accounts.email();
    const cases: [Record<string, string>, string][] = [
      [{ note: "Kram\u0000" }, "note"],
      [{ note: "Kram \ud800" }, "note"],
      [{ inviterName: "Lena\u0000" }, "inviterName"],
      [{ inviterName: "\udc00Lena" }, "inviterName"],
      [{ note: "x".repeat(1001) }, "note"],
      [{ inviterName: "x".repeat(101) }, "inviterName"],
    ];
    for (const [fields, field] of cases) {
      const refused = await expectError(
        await as(owner, "/api/kammare/invitations", { profileId: id, email, ...fields }),
        400,
        "invalid_request",
        field,
      );
      expect(JSON.stringify(refused)).toMatch(field === "note" ? /personal note/ : /Your name/);
    }
    expect(await db.select().from(profileInvitations).where(eq(profileInvitations.profileId, id))).toEqual(
      [],
    );
    expect((await mailbox()).filter((message) => message.to === email)).toEqual([]);
  });

  it("sends the invitation from its event after the commit (ADR 033); a refused one records none", async () => {
    const { id, owner } = await ownedPageWith(fixture, livePage);
    const seen: DomainEvent[] = [];
    const unsubscribe = onDomainEvents(db, (event) => seen.push(event));
    try {
      const email = accounts.email();
      const { invitation } = await invite(owner, id, email);
      const invited = seen.filter((event) => event.type === "family.invited");
      expect(invited).toEqual([
        expect.objectContaining({ invitationId: invitation.id, profileId: id, to: email, kind: "editor" }),
      ]);
      await expectError(
        await as(owner, "/api/kammare/invitations", { profileId: id, email: owner.email }),
        409,
        "conflict",
      );
      expect(seen.filter((event) => event.type === "family.invited")).toHaveLength(1);
      expect((await mailbox()).filter((message) => message.to === owner.email)).toEqual([]);
    } finally {
      unsubscribe();
    }
  });

  it("keeps one spelling of an invited address, whatever case it was typed in", async () => {
    const { id, owner } = await ownedPageWith(fixture, livePage);
    const relative = accounts.email();
    const typed = relative.toUpperCase();
    const { invitation } = await invite(owner, id, `  ${typed}`);
    expect(invitation.email).toBe(relative);
    const people = pagePeopleSchema.parse(
      await (await as(owner, `/api/kammare/people?profileId=${id}`)).json(),
    );
    expect(people.invitations.map((row) => row.email)).toEqual([relative]);
    // The e-mail goes to that spelling, and the invitation's page prefills it.
    expect((await mailbox()).filter((message) => message.to === relative)).toHaveLength(1);
    expect(JSON.stringify(await mailbox())).not.toContain(typed);
  });

  it("refuses a link past its date (410) and a withdrawn one (410), each with its own message", async () => {
    const { id, owner } = await ownedPageWith(fixture, livePage);
    const relative = await accounts.signUp();
    const { invitation } = await invite(owner, id, relative.email);
    const token = await tokenSentTo(relative.email);
    // Fifteen days on: the link worked for fourteen.
    await db
      .update(profileInvitations)
      .set({ expiresAt: new Date(Date.now() - 24 * 60 * 60 * 1000) })
      .where(eq(profileInvitations.id, invitation.id));
    const expired = await as(relative, "/api/kammare/invitations/accept", { token });
    expect((await expectError(expired, 410, "gone", "token")).error.refusal).toBe(
      "family.invitation-expired",
    );
    const view = invitationViewSchema.parse(await (await call(app, `/api/invitation?token=${token}`)).json());
    expect(view.state).toBe("expired");

    // Inviting the same address again sends a new link; the old one is withdrawn.
    const second = await invite(owner, id, relative.email);
    expect(second.replaced).toBe(true);
    const newToken = await tokenSentTo(relative.email);
    expect(newToken).not.toBe(token);
    const old = await as(relative, "/api/kammare/invitations/accept", { token });
    expect((await expectError(old, 410, "gone", "token")).error.refusal).toBe("family.invitation-revoked");

    // The owner withdraws the new one too.
    const revoked = await as(owner, "/api/kammare/invitations/revoke", {
      profileId: id,
      invitationId: second.invitation.id,
    });
    expect(revoked.status).toBe(200);
    expect(pagePeopleSchema.parse(await revoked.json()).invitations).toEqual([]);
    const late = await as(relative, "/api/kammare/invitations/accept", { token: newToken });
    expect((await expectError(late, 410, "gone", "token")).error.refusal).toBe("family.invitation-revoked");
    await expectError(
      await as(owner, "/api/kammare/invitations/revoke", {
        profileId: id,
        invitationId: second.invitation.id,
      }),
      404,
      "not_found",
      "invitationId",
    );
    expect(await auditOf(id)).toEqual(["family.invite", "family.invite", "family.invite_revoke"]);
  });

  it("holds a page to ten editors and open invitations; refuses the owner's own address and an editor's", async () => {
    const { id, owner, relative } = await pageWithEditor();
    await expectError(
      await as(owner, "/api/kammare/invitations", { profileId: id, email: owner.email.toUpperCase() }),
      409,
      "conflict",
      "email",
    );
    const existing = await as(owner, "/api/kammare/invitations", { profileId: id, email: relative.email });
    expect((await expectError(existing, 409, "conflict", "email")).error.refusal).toBe(
      "family.already-editor",
    );
    const invited = [];
    for (let n = 1; n < maxEditorsPerPage; n++) invited.push(await invite(owner, id, accounts.email("kin")));
    const full = await as(owner, "/api/kammare/invitations", { profileId: id, email: accounts.email("kin") });
    expect((await expectError(full, 409, "conflict", "email")).error.refusal).toBe("family.too-many");
    // Sending one of them a new link takes no other seat.
    await invite(owner, id, invited[0]?.invitation.email as string);
    // An expired invitation holds no seat.
    await db
      .update(profileInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(profileInvitations.id, invited[1]?.invitation.id as string));
    await invite(owner, id, accounts.email("kin"));
    const people = pagePeopleSchema.parse(
      await (await as(owner, `/api/kammare/people?profileId=${id}`)).json(),
    );
    expect(people.editors).toHaveLength(1);
    expect(people.invitations.filter((row) => !row.expired)).toHaveLength(maxEditorsPerPage - 1);
    // A hand-over is no editor's seat.
    await invite(owner, id, accounts.email("heir"), "handover");
  });

  it("lets an editor edit and moderate, and refuses them paying, inviting, removing and handing over", async () => {
    const { id, owner, relative } = await pageWithEditor();
    const may = [
      await as(relative, "/api/kammare/profile", { profile: { id, story: "Written by her son." } }, "PUT"),
      await as(relative, "/api/kammare/walkthrough-steps", { profileId: id, step: "story", story: "Again." }),
      await as(relative, "/api/kammare/profile-metadata", { id, metadata: { tags: ["family"] } }, "PUT"),
      await as(relative, `/api/kammare/profile-qr?id=${id}&format=svg`),
      await as(relative, `/api/kammare/memories?profileId=${id}`),
      await as(relative, "/api/kammare/memory-settings", { profileId: id, allowLinks: false }, "PUT"),
    ];
    for (const response of may) expect(response.status, await response.clone().text()).toBe(200);
    const form = new FormData();
    form.append("profileId", id);
    form.append("kind", "portrait");
    form.append("image", new File([new Uint8Array(pngBytes)], "p.png", { type: "image/png" }));
    const upload = await app.request("/api/kammare/images", {
      method: "POST",
      body: form,
      headers: { Authorization: `Bearer ${relative.token}`, Origin: siteOrigin },
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    // A visitor's memory, decided by the editor.
    const written = await writeMemory(
      db,
      {
        profileId: id,
        name: "Karin",
        relation: null,
        text: "Summers at the lake.",
        email: null,
        website: "",
        formToken: await issueFormToken(db, id, new Date(Date.now() - 10_000)),
      },
      { ip: "203.0.113.9", now: new Date() },
    );
    const decided = await as(relative, "/api/kammare/memories/decision", {
      memoryId: written.id,
      state: "shown",
    });
    expect(decided.status, await decided.clone().text()).toBe(200);
    // A visitor's candle, removed by the editor (editors moderate, as they moderate memories).
    await lightCandle(
      db,
      { profileId: id, name: "Erik", website: "", formToken: await issueFormToken(db, id) },
      { ip: "203.0.113.9" },
    );
    const [lit] = await db.select().from(candles).where(eq(candles.profileId, id));
    const removed = await as(relative, "/api/kammare/candles/remove", { candleId: lit?.id });
    expect(removed.status, await removed.clone().text()).toBe(200);
    expect(await db.select().from(candles).where(eq(candles.profileId, id))).toEqual([]);
    const [page] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(page?.content.story).toBe("Again.");

    const mayNot = {
      invite: await as(relative, "/api/kammare/invitations", { profileId: id, email: accounts.email() }),
      handOver: await as(relative, "/api/kammare/invitations", {
        profileId: id,
        email: accounts.email(),
        kind: "handover",
      }),
      remove: await as(relative, "/api/kammare/editors/remove", { profileId: id, userId: relative.id }),
      freeTrial: await as(relative, "/api/kammare/free-trial", { profileId: id }),
      extendedTrial: await as(relative, "/api/kammare/extended-trial", { profileId: id, acceptTerms: true }),
      card: await as(relative, "/api/checkout/card", { profileId: id, plan: "monthly" }),
      faktura: await as(relative, "/api/checkout/faktura", {
        profileId: id,
        plan: "yearly",
        billing: billingAddress,
      }),
      orders: await as(relative, `/api/kammare/orders?profileId=${id}`),
      cancel: await as(relative, "/api/kammare/subscriptions/cancel", { profileId: id }),
    };
    for (const [what, response] of Object.entries(mayNot)) {
      expect(response.status, `${what}: ${await response.clone().text()}`).toBe(403);
    }
    // The editor sees the people, but no invitations.
    await invite(owner, id, accounts.email("kin"));
    const seen = pagePeopleSchema.parse(
      await (await as(relative, `/api/kammare/people?profileId=${id}`)).json(),
    );
    expect(seen.viewerRole).toBe("editor");
    expect(seen.invitations).toEqual([]);
    // The session's owned pages stay the owner's.
    const session = await as(relative, "/api/auth/session", {
      access_token: relative.token,
      expires_at: relative.session.expires_at,
      user: relative.session.user,
    });
    expect(((await session.json()) as { ownedProfiles: string[] }).ownedProfiles).not.toContain(id);
  });

  it("lets the owner remove an editor and an editor leave, after which they edit nothing", async () => {
    const { id, owner, relative } = await pageWithEditor();
    const removed = await as(owner, "/api/kammare/editors/remove", { profileId: id, userId: relative.id });
    expect(removed.status).toBe(200);
    expect(pagePeopleSchema.parse(await removed.json()).editors).toEqual([]);
    const edit = () => as(relative, "/api/kammare/profile", { profile: { id, story: "Mine." } }, "PUT");
    await expectError(await edit(), 403, "forbidden");
    await expectError(
      await as(owner, "/api/kammare/editors/remove", { profileId: id, userId: relative.id }),
      404,
      "not_found",
      "userId",
    );

    const second = await pageWithEditor();
    const left = await as(second.relative, "/api/kammare/editors/leave", { profileId: second.id });
    expect(left.status).toBe(200);
    await expectError(
      await as(second.relative, "/api/kammare/profile", { profile: { id: second.id, story: "x" } }, "PUT"),
      403,
      "forbidden",
    );
    await expectError(
      await as(second.owner, "/api/kammare/editors/leave", { profileId: second.id }),
      409,
      "conflict",
    );
    expect(await auditOf(id)).toEqual(["family.invite", "family.invite_accept", "family.editor_remove"]);
    expect(await auditOf(second.id)).toEqual([
      "family.invite",
      "family.invite_accept",
      "family.editor_leave",
    ]);
  });

  it("hands a paid page over: the new owner owns it, its status is kept, the old owner is an editor who is never charged again", async () => {
    const { id, owner } = await paidAtOnce(fixture);
    const [before] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(before?.status).toBe("active");
    const heir = await accounts.signUp();
    const other = await accounts.signUp();
    // Two hand-overs offered; the first accepted ends the other.
    await invite(owner, id, other.email, "handover");
    const otherToken = await tokenSentTo(other.email);
    await invite(owner, id, heir.email, "handover");
    const token = await tokenSentTo(heir.email);
    const view = invitationViewSchema.parse(await (await call(app, `/api/invitation?token=${token}`)).json());
    expect(view.kind).toBe("handover");
    // The page is the owner's until the heir accepts.
    expect((await as(heir, "/api/kammare/profile", { profile: { id, story: "x" } }, "PUT")).status).toBe(403);

    const accepted = await as(heir, "/api/kammare/invitations/accept", { token });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(acceptedAnswerSchema.parse(await accepted.json())).toEqual({ profileId: id, role: "owner" });
    const [after] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(after?.ownerUserId).toBe(heir.id);
    expect(after?.status).toBe("active");
    expect(after?.paidUntil?.toISOString()).toBe(before?.paidUntil?.toISOString());
    // The old owner's card renews no more: cancelled at the period's end, confirmed by e-mail.
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.profileId, id));
    expect(subscription?.cancelAtPeriodEnd).toBe(true);
    const toOldOwner = (await mailbox()).filter((mail) => mail.to === owner.email);
    expect(toOldOwner.some((mail) => mail.text.includes(id))).toBe(true);

    const people = pagePeopleSchema.parse(
      await (await as(heir, `/api/kammare/people?profileId=${id}`)).json(),
    );
    expect(people.viewerRole).toBe("owner");
    expect(people.owner?.email).toBe(heir.email);
    expect(people.editors.map((editor) => editor.email)).toEqual([owner.email]);
    expect(people.invitations).toEqual([]);
    const ended = await as(other, "/api/kammare/invitations/accept", { token: otherToken });
    expect((await expectError(ended, 410, "gone", "token")).error.refusal).toBe("family.invitation-revoked");

    // The old owner edits, as an editor, but pays and invites no more.
    expect(
      (await as(owner, "/api/kammare/profile", { profile: { id, story: "Still here." } }, "PUT")).status,
    ).toBe(200);
    await expectError(
      await as(owner, "/api/kammare/subscriptions/resume", { profileId: id }),
      403,
      "forbidden",
    );
    await expectError(
      await as(owner, "/api/kammare/invitations", { profileId: id, email: accounts.email() }),
      403,
      "forbidden",
    );
    await expectError(await as(owner, `/api/kammare/orders?profileId=${id}`), 403, "forbidden");
    await expectError(
      await as(owner, "/api/checkout/card", { profileId: id, plan: "monthly" }),
      403,
      "forbidden",
    );
    // The new owner's session lists the page; the old owner's does not.
    const owned = async (who: Account) =>
      (
        (await (
          await as(who, "/api/auth/session", {
            access_token: who.token,
            expires_at: who.session.expires_at,
            user: who.session.user,
          })
        ).json()) as { ownedProfiles: string[] }
      ).ownedProfiles;
    expect(await owned(heir)).toContain(id);
    expect(await owned(owner)).not.toContain(id);
    // And the old owner may leave.
    expect((await as(owner, "/api/kammare/editors/leave", { profileId: id })).status).toBe(200);
    const handover = (await db.select().from(auditLog).where(eq(auditLog.action, "family.handover"))).find(
      (row) => row.details.profileId === id,
    );
    expect(handover).toMatchObject({ actorUserId: heir.id, targetUserId: owner.id });
    expect(handover?.details).toMatchObject({ from: owner.id, to: heir.id, status: "active" });
    const cancelled = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "subscription.cancel"), eq(auditLog.targetUserId, owner.id)));
    expect(cancelled).toHaveLength(1);
  });

  it("hands a page over to one of its editors, who is then its owner and no editor", async () => {
    const { id, owner, relative } = await pageWithEditor();
    await invite(owner, id, relative.email, "handover");
    const token = await tokenSentTo(relative.email);
    const accepted = await as(relative, "/api/kammare/invitations/accept", { token });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const people = pagePeopleSchema.parse(
      await (await as(relative, `/api/kammare/people?profileId=${id}`)).json(),
    );
    expect(people.owner?.userId).toBe(relative.id);
    expect(people.editors.map((editor) => editor.userId)).toEqual([owner.id]);
    const [page] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(page?.status).toBe("trial");
    // The new owner invites now; the old one may not.
    await invite(relative, id, accounts.email("kin"));
  });

  it("tells the editors of the first memory too, each in their own language", async () => {
    const { id, owner, relative } = await pageWithEditor();
    await db.update(users).set({ locale: "sv-SE" }).where(eq(users.id, relative.id));
    await writeMemory(
      db,
      {
        profileId: id,
        name: "Karin",
        relation: null,
        text: "Summers at the lake.",
        email: null,
        website: "",
        formToken: await issueFormToken(db, id, new Date(Date.now() - 10_000)),
      },
      { ip: "203.0.113.10", now: new Date() },
    );
    // Kept, the memory is told by the app's dispatcher (memory.written, ADR 033), and only once.
    const sent = (await mailbox()).filter((mail) => mail.text.includes(`/k/${id}/memories`));
    expect(
      await tellOwnerOfFirstMemory(
        db,
        createOutboxSender({ dir: mkdtempSync(path.join(tmpdir(), "kammare-family-")), from: "k@localhost" }),
        { profileId: id, publicUrl: "http://localhost:3000" },
      ),
    ).toBe(false);
    expect(sent.map((mail) => mail.to).sort()).toEqual([owner.email, relative.email].sort());
    for (const mail of sent) expect(mail.text).toContain(`/k/${id}/memories`);
    expect(sent.find((mail) => mail.to === relative.email)?.subject).toBe(
      "Ett första minne på Anna Anderssons sida",
    );
    expect(sent.find((mail) => mail.to === owner.email)?.subject).toBe(
      "A first memory on Anna Andersson's page",
    );
  });
});
