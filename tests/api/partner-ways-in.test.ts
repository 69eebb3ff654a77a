// The ways in through a partner (ADR 029) on every engine: a whitelisted address receives its
// invitation e-mail with the sign-up link (once, and again on the admin's word); a partner invites
// colleagues into its own organisation, withdraws an invitation and removes a colleague, and nobody
// else may; the partner's customer list names the pages; the welcome names the partner; and no text a
// customer's screens or e-mails show says "partner".
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  colleagueInvitationAnswerSchema,
  partnerColleaguesSchema,
  partnerSignupLink,
  type PartnerColleagues,
} from "../../contract/partner-colleagues";
import { partnerMeSchema, partnerUserListSchema, whitelistEntryAnswerSchema } from "../../contract/partners";
import enUS from "../../i18n/en-US.json";
import svSE from "../../i18n/sv-SE.json";
import { textAreas, type TextArea } from "../../i18n/areas";
import { auditLog, partnerMembers, partnerWhitelist, profiles, users } from "../../server/db/schema";
import type { Database } from "../../server/db/client";
import { transaction } from "../../server/domain/core";
import {
  addWhitelistEntry,
  customerPartnerName,
  inviteColleague,
  partnerWelcome,
  resendWhitelistInvitation,
} from "../../server/domain/partners";
import { createProfiles } from "../../server/domain/profiles";
import { call, expectError, expectSession, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";

type Partner = Account & { slug: string; organisationId: string };

describeOnEngines("partner ways in", ({ app, db, accounts, admin, customer, mailbox }) => {
  async function whitelist(email: string, partnerName: string) {
    const response = await call(app, "/api/admin/partner-whitelist", {
      bearer: admin.token,
      json: { email, partnerName },
    });
    expect(response.status).toBe(201);
    return whitelistEntryAnswerSchema.parse(await response.json()).entry;
  }

  async function signUpPartner(email: string): Promise<Partner> {
    const password = accounts.password();
    const session = await expectSession(
      await call(app, "/api/partner/signup", { json: { email, password } }),
      201,
    );
    accounts.secret(session.access_token);
    const me = partnerMeSchema.parse(
      await (await call(app, "/api/partner/me", { bearer: session.access_token })).json(),
    );
    return {
      id: session.user.id,
      email,
      password,
      token: session.access_token,
      session,
      slug: me.organisation.slug,
      organisationId: me.organisation.id,
    };
  }

  async function newPartner(partnerName: string): Promise<Partner> {
    const email = accounts.email("partner");
    await whitelist(email, partnerName);
    return signUpPartner(email);
  }

  async function colleagues(partner: Account): Promise<PartnerColleagues> {
    const response = await call(app, "/api/partner/colleagues", { bearer: partner.token });
    expect(response.status).toBe(200);
    return partnerColleaguesSchema.parse(await response.json());
  }

  async function invite(partner: Account, email: string) {
    const response = await call(app, "/api/partner/colleagues", { bearer: partner.token, json: { email } });
    expect(response.status).toBe(201);
    return colleagueInvitationAnswerSchema.parse(await response.json()).invitation;
  }

  const mailsTo = async (email: string) => (await mailbox()).filter((mail) => mail.to === email);

  const origin = { ip: null, userAgent: null };
  /**
   * Runs `work` inside a transaction that then rolls back: the invitation it made never existed, so
   * its e-mail must not go (the `partner.invited` event goes only at the commit, ADR 033).
   */
  async function rolledBack(work: (tx: Database) => Promise<unknown>): Promise<void> {
    const undone = new Error("rolled back");
    await expect(
      transaction(db, async (tx) => {
        // The domain's transaction() opens a savepoint in the outer one, whose events wait for its commit.
        await work(tx as unknown as Database);
        throw undone;
      }),
    ).rejects.toBe(undone);
  }

  describe("the whitelist's invitation", () => {
    it("sends a new address its invitation with the sign-up link, in Swedish, once", async () => {
      const email = accounts.email("invited");
      const entry = await whitelist(email, "Lindqvists Begravningsbyrå");
      const [mail, ...more] = await mailsTo(email);
      expect(more).toHaveLength(0);
      expect(mail?.subject).toBe("Din inbjudan till Kammare för Lindqvists Begravningsbyrå");
      const link = partnerSignupLink("http://localhost", email);
      expect(mail?.text).toContain("Lindqvists Begravningsbyrå");
      expect(mail?.text).toMatch(/\/partner\/signup\?email=/);
      expect(mail?.text).toContain(link.slice(link.indexOf("/partner/signup")));

      // Changing the entry sends nothing; the admin's "Send again" sends it once more, audited.
      const changed = await call(app, `/api/admin/partner-whitelist/${entry.id}`, {
        method: "PUT",
        bearer: admin.token,
        json: { email, partnerName: "Lindqvists Begravningsbyrå AB" },
      });
      expect(changed.status).toBe(200);
      expect(await mailsTo(email)).toHaveLength(1);
      const again = await call(app, `/api/admin/partner-whitelist/${entry.id}/invitation`, {
        method: "POST",
        bearer: admin.token,
      });
      expect(again.status).toBe(204);
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(2);
      expect(mails[1]?.text).toContain("Lindqvists Begravningsbyrå AB");
      const audited = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "admin.partner_whitelist_invite"));
      expect(audited.some((row) => (row.details as { entryId?: string }).entryId === entry.id)).toBe(true);
    });

    it("sends no invitation, first or again, when the change it belongs to rolls back", async () => {
      const email = accounts.email("undone");
      const actor = { id: admin.id, roles: ["customer" as const, "admin" as const] };
      await rolledBack((tx) =>
        addWhitelistEntry(tx, { input: { email, partnerName: "Ångrade Byrån" }, actor, origin }),
      );
      expect(await mailsTo(email)).toHaveLength(0);
      expect(await db.select().from(partnerWhitelist).where(eq(partnerWhitelist.email, email))).toHaveLength(
        0,
      );

      const entry = await whitelist(email, "Ångrade Byrån");
      await rolledBack((tx) => resendWhitelistInvitation(tx, { id: entry.id, actor, origin }));
      expect(await mailsTo(email)).toHaveLength(1);
    });

    it("sends nothing again to an address that has signed up, and refuses customers", async () => {
      const email = accounts.email("joined");
      const entry = await whitelist(email, "Blommor & Minnen");
      await signUpPartner(email);
      await expectError(
        await call(app, `/api/admin/partner-whitelist/${entry.id}/invitation`, {
          method: "POST",
          bearer: admin.token,
        }),
        409,
        "conflict",
        "id",
      );
      await expectError(
        await call(app, `/api/admin/partner-whitelist/${entry.id}/invitation`, {
          method: "POST",
          bearer: customer.token,
        }),
        403,
        "forbidden",
      );
      expect(await mailsTo(email)).toHaveLength(1);
    });
  });

  describe("colleagues", () => {
    it("sends a colleague no invitation when the invitation it belongs to rolls back", async () => {
      const partner = await newPartner(`Ångerns Byrå ${accounts.email("x").slice(0, 6)}`);
      const email = accounts.email("undone-colleague");
      const viewer = { id: partner.id, email: partner.email };
      await rolledBack((tx) => inviteColleague(tx, { viewer, email, origin }));
      expect(await mailsTo(email)).toHaveLength(0);
      expect((await colleagues(partner)).invitations).toEqual([]);
    });

    it("a member invites a colleague, who receives the e-mail and signs up into the organisation", async () => {
      const first = await newPartner(`Stenhuggeriet ${accounts.email("x").slice(0, 6)}`);
      await call(app, "/api/partner/organisation", {
        method: "PUT",
        bearer: first.token,
        json: { name: "Stenhuggeriet i Visby" },
      });
      const email = accounts.email("colleague");
      const invitation = await invite(first, email);
      expect(invitation).toMatchObject({ email, invitedBy: first.email });

      const [mail] = await mailsTo(email);
      expect(mail?.subject).toContain("Stenhuggeriet i Visby");
      expect(mail?.text).toContain(first.email);
      expect(mail?.text).toMatch(/\/partner\/signup\?email=/);

      const listed = await colleagues(first);
      expect(listed.members.map((member) => [member.email, member.you])).toEqual([[first.email, true]]);
      expect(listed.invitations.map((row) => row.email)).toEqual([email]);

      // The invitee signs up and is a member of the same organisation, no longer pending.
      const second = await signUpPartner(email);
      expect(second.organisationId).toBe(first.organisationId);
      const after = await colleagues(second);
      expect(after.members.map((member) => member.email).sort()).toEqual([first.email, email].sort());
      expect(after.invitations).toEqual([]);

      // Asking again for a member or an invited address is a conflict named at the field.
      const member = await expectError(
        await call(app, "/api/partner/colleagues", { bearer: first.token, json: { email } }),
        409,
        "conflict",
        "email",
      );
      expect(member.error).toMatchObject({ refusal: "partner.colleague-member" });
      const other = accounts.email("twice");
      await invite(first, other);
      const twice = await expectError(
        await call(app, "/api/partner/colleagues", { bearer: first.token, json: { email: other } }),
        409,
        "conflict",
        "email",
      );
      expect(twice.error).toMatchObject({ refusal: "partner.colleague-invited" });
      expect(
        await db.select().from(auditLog).where(eq(auditLog.action, "partner.colleague_invite")),
      ).not.toHaveLength(0);
    });

    it("withdraws a pending invitation: the address can no longer sign up", async () => {
      const partner = await newPartner("Gravvården");
      const email = accounts.email("withdrawn");
      const invitation = await invite(partner, email);
      const outsider = await newPartner("Annan Byrå");
      // Another organisation's member and a customer are refused; the invitation stays.
      await expectError(
        await call(app, `/api/partner/invitations/${invitation.id}`, {
          method: "DELETE",
          bearer: outsider.token,
        }),
        404,
        "not_found",
      );
      await expectError(
        await call(app, `/api/partner/invitations/${invitation.id}`, {
          method: "DELETE",
          bearer: customer.token,
        }),
        403,
        "forbidden",
      );
      expect((await colleagues(partner)).invitations.map((row) => row.id)).toEqual([invitation.id]);

      const withdrawn = await call(app, `/api/partner/invitations/${invitation.id}`, {
        method: "DELETE",
        bearer: partner.token,
      });
      expect(withdrawn.status).toBe(204);
      expect((await colleagues(partner)).invitations).toEqual([]);
      await expectError(
        await call(app, "/api/partner/signup", { json: { email, password: accounts.password() } }),
        403,
        "forbidden",
        "email",
      );
      const [audited] = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "partner.invitation_withdraw"));
      expect(audited?.actorUserId).toBe(partner.id);
    });

    it("removes a colleague (not oneself): their partner access ends; others may not", async () => {
      const partner = await newPartner("Minnesstenar");
      const email = accounts.email("leaving");
      await invite(partner, email);
      const colleague = await signUpPartner(email);
      const outsider = await newPartner("Tredje Byrån");

      await expectError(
        await call(app, `/api/partner/colleagues/${partner.id}`, { method: "DELETE", bearer: partner.token }),
        409,
        "conflict",
        "userId",
      );
      await expectError(
        await call(app, `/api/partner/colleagues/${colleague.id}`, {
          method: "DELETE",
          bearer: outsider.token,
        }),
        404,
        "not_found",
      );
      await expectError(
        await call(app, `/api/partner/colleagues/${colleague.id}`, {
          method: "DELETE",
          bearer: customer.token,
        }),
        403,
        "forbidden",
      );
      await expectError(
        await call(app, "/api/partner/colleagues/not-a-uuid", { method: "DELETE", bearer: partner.token }),
        404,
        "not_found",
      );
      expect((await colleagues(colleague)).members).toHaveLength(2);

      const removed = await call(app, `/api/partner/colleagues/${colleague.id}`, {
        method: "DELETE",
        bearer: partner.token,
      });
      expect(removed.status).toBe(204);
      // Their session is over, and signing in again gives no partner access.
      await expectError(await call(app, "/api/partner/me", { bearer: colleague.token }), 401, "unauthorized");
      const login = await expectSession(
        await call(app, "/api/auth/login", { json: { type: "email", email, password: colleague.password } }),
      );
      accounts.secret(login.access_token);
      await expectError(await call(app, "/api/partner/me", { bearer: login.access_token }), 403, "forbidden");
      const [row] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, colleague.id));
      expect(row?.roles).not.toContain("partner");
      expect(await db.select().from(partnerMembers).where(eq(partnerMembers.userId, colleague.id))).toEqual(
        [],
      );
      expect(
        await db
          .select()
          .from(partnerWhitelist)
          .where(sql`lower(${partnerWhitelist.email}) = ${email}`),
      ).toEqual([]);
      const listed = await colleagues(partner);
      expect(listed.members.map((member) => member.email)).toEqual([partner.email]);
      expect(listed.invitations).toEqual([]);
      const [audited] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "partner.colleague_remove"), eq(auditLog.targetUserId, colleague.id)));
      expect(audited?.actorUserId).toBe(partner.id);
    });

    it("refuses every colleague call to a customer and to a visitor", async () => {
      for (const [method, path] of [
        ["GET", "/api/partner/colleagues"],
        ["POST", "/api/partner/colleagues"],
        ["DELETE", `/api/partner/colleagues/${customer.id}`],
        ["DELETE", "/api/partner/invitations/00000000-0000-4000-8000-000000000000"],
      ] as const) {
        const json = method === "POST" ? { email: accounts.email("nobody") } : undefined;
        await expectError(await call(app, path, { method, json }), 401, "unauthorized");
        await expectError(await call(app, path, { method, json, bearer: customer.token }), 403, "forbidden");
      }
    });
  });

  describe("the customers and their welcome", () => {
    it("lists the customer's pages by name, and finds them by name", async () => {
      const partner = await newPartner("Lindqvists Begravningsbyrå");
      const [row] = await createProfiles(
        db,
        { count: 1, partnerOrganisationId: partner.organisationId },
        { id: admin.id, roles: ["admin"] },
        { ip: null, userAgent: "test" },
      );
      const profileId = row?.id as string;
      const password = accounts.password();
      const email = accounts.email("family");
      const session = await expectSession(
        await call(app, "/api/auth/signup", {
          json: { email, password },
          headers: { Cookie: `ref=${partner.slug}` },
        }),
        201,
      );
      accounts.secret(session.access_token);
      const claimed = await call(app, "/api/kammare/own", {
        bearer: session.access_token,
        json: { owner: session.user.id, profileId },
      });
      expect(claimed.status).toBe(200);
      await db
        .update(profiles)
        .set({ content: sql`${profiles.content} || '{"displayName":"Karin Lindqvist"}'::jsonb` })
        .where(eq(profiles.id, profileId));

      const list = partnerUserListSchema.parse(
        await (await call(app, "/api/partner/users", { bearer: partner.token })).json(),
      );
      expect(list.rows.find((found) => found.profileId === profileId)?.pageName).toBe("Karin Lindqvist");
      const found = partnerUserListSchema.parse(
        await (await call(app, "/api/partner/users?q=karin", { bearer: partner.token })).json(),
      );
      expect(found.rows.map((hit) => hit.profileId)).toEqual([profileId]);
      const csv = await (await call(app, "/api/partner/users.csv", { bearer: partner.token })).text();
      expect(csv).toContain(`"${profileId}","Karin Lindqvist"`);

      // The welcome and the customer's home name the partner by the name the customer knows.
      expect(await partnerWelcome(db, partner.slug)).toEqual({
        slug: partner.slug,
        name: "Lindqvists Begravningsbyrå",
      });
      expect(await partnerWelcome(db, "no-such-partner")).toBeNull();
      expect(await customerPartnerName(db, session.user.id)).toBe("Lindqvists Begravningsbyrå");
      expect(await customerPartnerName(db, customer.id)).toBeNull();
    });

    it("sets the referral cookie on the welcome and sends a visitor of /?ref= there", async () => {
      const partner = await newPartner("Välkomstbyrån");
      const welcome = await call(app, `/welcome?ref=${partner.slug}`);
      expect(welcome.headers.get("set-cookie") ?? "").toContain(`ref=${partner.slug}`);
    });
  });

  describe("what customers read", () => {
    // The areas of the browser's texts only partners and admins load, and the e-mails to partners.
    const partnerAreas: TextArea[] = ["partner", "admin"];
    const customerGroups = [
      ...new Set(
        (Object.keys(textAreas) as TextArea[])
          .filter((area) => !partnerAreas.includes(area))
          .flatMap((area) => [...textAreas[area]]),
      ),
    ];

    function texts(value: unknown, path: string): [string, string][] {
      if (typeof value === "string") return [[path, value]];
      if (value && typeof value === "object") {
        return Object.entries(value).flatMap(([key, inner]) => texts(inner, `${path}.${key}`));
      }
      return [];
    }

    it.each([
      ["en-US", enUS],
      ["sv-SE", svSE],
    ] as const)("never says partner in %s", (_locale, dictionary) => {
      const all = dictionary as Record<string, unknown>;
      const shown = customerGroups.flatMap((group) => texts(all[group], group));
      expect(shown.length).toBeGreaterThan(100);
      // The customers' e-mails too; the invitation goes to partners.
      const emails = texts(all.email, "email").filter(
        ([path]) => !path.startsWith("email.partnerInvitation"),
      );
      // Every page loads the refusals (ADR 032); those of the partner calls are said only to partners
      // and admins, on their screens.
      const said = [...shown, ...emails].filter(([path]) => !path.startsWith("refusals.partner."));
      expect(said.filter(([, text]) => /partner/i.test(text))).toEqual([]);
    });
  });
});
