// /api/partner: partner sign-up (open, like /api/auth/signup: the whitelist decides) and the partner
// area (mounted behind the partner role's guard, server/http/guards.ts): the partner's organisation,
// its figures, its customers and its colleagues (invited, removed). Every call of the area works on
// the caller's own organisation only, found from the caller's account, never from anything the
// request names.
import { Hono, type Context } from "hono";
import type { LoginResponse } from "../../../contract/auth";
import {
  partnerOrganisationRequestSchema,
  partnerSignupRequestSchema,
  partnerUsersCsvColumns,
  partnerUsersCsvQuerySchema,
  partnerUsersQuerySchema,
  referralLink,
  referralQrFormats,
  referralQrQuerySchema,
  type PartnerDashboard,
  type PartnerMe,
  type PartnerUserList,
} from "../../../contract/partners";
import {
  partnerAddressLabelsRequestSchema,
  partnerMakePagesRequestSchema,
  partnerPagesQuerySchema,
  partnerQrSheetRequestSchema,
  partnerSendPageRequestSchema,
  type PartnerMadePages,
  type PartnerPageList,
} from "../../../contract/partner-pages";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { csvDocument, consume } from "../../domain/core";
import { colleagueInviteRequestSchema, type PartnerColleagues } from "../../../contract/partner-colleagues";
import {
  allPartnerUsers,
  inviteColleague,
  partnerColleagues,
  removeColleague,
  withdrawInvitation,
  partnerDashboard,
  partnerMeFor,
  partnerSignUp,
  partnerUsers,
  requireOrganisation,
  setOrganisationName,
} from "../../domain/partners";
import {
  listPartnerPages,
  makePartnerPages,
  printPartnerQrSheet,
  resendPartnerPage,
  sendPartnerPage,
  takeBackPartnerPage,
} from "../../domain/partner-pages";
import { labelAddresses, labelsPdf } from "../../domain/print";
import { profileIdSchema } from "../../../contract/profiles";
import type { AddressLabelsError } from "../../../contract/address-labels";
import { qrcodeEncoder, type QrEncoder } from "../../providers/qr";
import { createSession } from "../../domain/accounts";
import { requestOrigin, setSessionCookie } from "../../http/auth";
import type { ApiEnv } from "../../http/env";
import type { SignedInEnv } from "../../http/guards";
import { invalidInput, readJson, readQuery } from "../../http/errors";
import { attemptLimits, publicSession } from "../accounts/auth";

export type PartnerDeps = { db: Database; config: Config; qr?: QrEncoder };

/** The open call: a whitelisted address signs up as a partner and is signed in. */
export function partnerSignupRoutes({ db, config }: PartnerDeps) {
  return new Hono<ApiEnv>().post("/signup", async (c) => {
    const input = await readJson(c, partnerSignupRequestSchema);
    await consume(db, attemptLimits("partner-signup", c.get("ip"), input.email));
    const user = await partnerSignUp(db, input, requestOrigin(c));
    const session = await createSession(db, user, c.req.header("user-agent") ?? null);
    setSessionCookie(c, session, config.secure);
    return c.json({ success: true, session: publicSession(session) } satisfies LoginResponse, 201);
  });
}

/** The guarded calls (partner role). */
export function partnerRoutes({ db, config, qr = qrcodeEncoder }: PartnerDeps) {
  const publicUrl = config.publicUrl;
  const organisationId = async (c: Context<SignedInEnv>) =>
    (await requireOrganisation(db, c.get("viewer").id)).id;
  const routes = new Hono<SignedInEnv>()
    .get("/me", async (c) => c.json((await partnerMeFor(db, c.get("viewer"), publicUrl)) satisfies PartnerMe))
    .put("/organisation", async (c) => {
      const { name } = await readJson(c, partnerOrganisationRequestSchema);
      const me = await setOrganisationName(db, {
        viewer: c.get("viewer"),
        name,
        origin: requestOrigin(c),
        publicUrl,
      });
      return c.json(me satisfies PartnerMe);
    })
    .get("/dashboard", async (c) =>
      c.json((await partnerDashboard(db, await organisationId(c))) satisfies PartnerDashboard),
    )
    // Colleagues: the organisation's members and pending invitations.
    .get("/colleagues", async (c) =>
      c.json((await partnerColleagues(db, c.get("viewer"))) satisfies PartnerColleagues),
    )
    .post("/colleagues", async (c) => {
      const { email: address } = await readJson(c, colleagueInviteRequestSchema);
      const invitation = await inviteColleague(db, {
        viewer: c.get("viewer"),
        email: address,
        origin: requestOrigin(c),
      });
      return c.json({ invitation }, 201);
    })
    .delete("/colleagues/:userId", async (c) => {
      await removeColleague(db, c.get("viewer"), c.req.param("userId"), requestOrigin(c));
      return c.body(null, 204);
    })
    .delete("/invitations/:id", async (c) => {
      await withdrawInvitation(db, c.get("viewer"), c.req.param("id"), requestOrigin(c));
      return c.body(null, 204);
    })
    .get("/users", async (c) => {
      const parsed = readQuery(c, partnerUsersQuerySchema);
      return c.json((await partnerUsers(db, await organisationId(c), parsed)) satisfies PartnerUserList);
    })
    .get("/users.csv", async (c) => {
      const { q } = readQuery(c, partnerUsersCsvQuerySchema);
      const organisation = await requireOrganisation(db, c.get("viewer").id);
      const rows = await allPartnerUsers(db, organisation.id, q);
      const body = csvDocument(
        partnerUsersCsvColumns,
        rows.map((row) => [
          row.email,
          row.signedUpAt,
          row.profileId,
          row.pageName,
          row.status,
          row.trialEndsAt,
          row.paidUntil,
          row.lastPaymentAt,
          row.memories,
          row.source === null ? null : row.source === "made" ? "yes" : "no",
        ]),
      );
      const day = new Date().toISOString().slice(0, 10);
      return c.body(body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="kammare-${organisation.slug}-customers-${day}.csv"`,
      });
    });
  // The pages the organisation makes for its families (server/domain/partner-pages).
  const pageDeps = { db, publicUrl, extendedTrialDays: config.EXTENDED_TRIAL_DAYS };
  const pageId = (c: Context<SignedInEnv>) => {
    const parsed = profileIdSchema.safeParse(c.req.param("id"));
    // A code that is no code names no page of the organisation's: the same 404 as another's page.
    return parsed.success ? parsed.data : "";
  };
  routes
    .get("/pages", async (c) => {
      const query = readQuery(c, partnerPagesQuerySchema);
      return c.json((await listPartnerPages(pageDeps, c.get("viewer"), query)) satisfies PartnerPageList);
    })
    .post("/pages", async (c) => {
      const input = await readJson(c, partnerMakePagesRequestSchema);
      const made = await makePartnerPages(pageDeps, input, c.get("viewer"), requestOrigin(c));
      return c.json(made satisfies PartnerMadePages, 201);
    })
    .post("/pages/qr-sheet", async (c) => {
      const request = await readJson(c, partnerQrSheetRequestSchema);
      const sheet = await printPartnerQrSheet(pageDeps, request, c.get("viewer"), requestOrigin(c));
      return new Response(new Uint8Array(sheet.pdf), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${sheet.filename}"`,
          "X-Codes": String(sheet.count),
          "Cache-Control": "private, no-store",
        },
      });
    })
    .post("/pages/:id/send", async (c) => {
      const input = await readJson(c, partnerSendPageRequestSchema);
      const page = await sendPartnerPage(
        pageDeps,
        { profileId: pageId(c), ...input },
        c.get("viewer"),
        requestOrigin(c),
      );
      return c.json({ page });
    })
    .post("/pages/:id/resend", async (c) =>
      c.json({ page: await resendPartnerPage(pageDeps, pageId(c), c.get("viewer"), requestOrigin(c)) }),
    )
    .post("/pages/:id/take-back", async (c) =>
      c.json({ page: await takeBackPartnerPage(pageDeps, pageId(c), c.get("viewer"), requestOrigin(c)) }),
    )
    // Address labels or envelopes for the families' cards: the admin's label maker, for addresses the
    // partner pastes or uploads (it holds no customer's address of ours).
    .post("/address-labels.pdf", async (c) => {
      const request = await readJson(c, partnerAddressLabelsRequestSchema);
      const found = await labelAddresses(db, request);
      if (!found.ok) {
        const error = invalidInput(found.fields);
        return c.json(
          {
            error: {
              code: error.code,
              message: error.message,
              fields: found.fields,
              problems: found.problems,
            },
          } satisfies AddressLabelsError,
          400,
        );
      }
      const pdf = await labelsPdf(found.addresses, request.layout, request.startPosition);
      return new Response(new Uint8Array(pdf.content), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${pdf.filename}"`,
          "Cache-Control": "private, no-store",
        },
      });
    });
  // The referral link as a QR code, for the dashboard and for print (flyers, a shop's counter). It
  // encodes the same address as the link the dashboard shows, made from the caller's own slug.
  for (const format of referralQrFormats) {
    routes.get(`/referral-qr.${format}`, async (c) => {
      const { download, ...options } = readQuery(c, referralQrQuerySchema);
      const organisation = await requireOrganisation(db, c.get("viewer").id);
      const image = await qr(referralLink(publicUrl, organisation.slug), { format, ...options });
      return c.body(image.body, 200, {
        "Content-Type": image.contentType,
        "Cache-Control": "private, max-age=3600",
        ...(download
          ? { "Content-Disposition": `attachment; filename="kammare-${organisation.slug}-qr.${format}"` }
          : {}),
      });
    });
  }
  return routes;
}
