// /api/kammare: claiming a profile and the owner's changes (spec section 7). The area needs a signed-in
// viewer (server/http/guards.ts); whether that viewer may change the profile (its owner, or an admin)
// is the domain's one check. Each change drops the cached public page at once.
import { Hono } from "hono";
import {
  ownRequestSchema,
  profileQrQuerySchema,
  updateMetadataRequestSchema,
  updateProfileRequestSchema,
  walkthroughStepRequestSchema,
  type ProfileView,
} from "../../../contract/profiles";
import { readCookie } from "../../../contract/cookie";
import { referralCookieName } from "../../../contract/partners";
import type { Database } from "../../db/client";
import {
  attributeClaim,
  organisationIdBySlug,
  claimProfile,
  saveWalkthroughStep,
  updateProfileContent,
  updateProfileMetadata,
} from "../../domain/profiles";
import { profileQrCode } from "../../domain/print";
import { requestOrigin } from "../../http/auth";
import type { SignedInEnv } from "../../http/guards";
import { readJson, readQuery } from "../../http/errors";
import type { QrEncoder } from "../../providers/qr";

export type KammareDeps = {
  db: Database;
  qr: QrEncoder;
  publicUrl: string;
};

export function kammareRoutes({ db, qr, publicUrl }: KammareDeps) {
  // Each change records `page.changed` in its own transaction (ADR 033): the answer only wraps it.
  const changed = (profile: ProfileView) => ({ profile });
  return new Hono<SignedInEnv>()
    .post("/own", async (c) => {
      const { owner, profileId } = await readJson(c, ownRequestSchema);
      const profile = await claimProfile(
        db,
        { profileId, ownerUserId: owner },
        c.get("viewer"),
        requestOrigin(c),
      );
      // The page and its new owner go to the partner of the referral cookie, or to each other's
      // partner, unless already attributed (first touch wins; server/domain/profiles/attribution.ts).
      // An admin assigning a page to someone else brings no referral of theirs.
      const own = owner === c.get("viewer").id;
      const referral = own
        ? await organisationIdBySlug(db, readCookie(c.req.header("cookie"), referralCookieName))
        : null;
      await attributeClaim(db, { userId: owner, profileId: profile.id, referralOrganisationId: referral });
      return c.json(changed(profile));
    })
    .put("/profile", async (c) => {
      const { profile } = await readJson(c, updateProfileRequestSchema);
      const { id, ...patch } = profile;
      return c.json(changed(await updateProfileContent(db, id, patch, c.get("viewer"))));
    })
    .post("/walkthrough-steps", async (c) => {
      const request = await readJson(c, walkthroughStepRequestSchema);
      return c.json(changed(await saveWalkthroughStep(db, request, c.get("viewer"))));
    })
    .put("/profile-metadata", async (c) => {
      const { id, metadata } = await readJson(c, updateMetadataRequestSchema);
      return c.json(changed(await updateProfileMetadata(db, id, metadata, c.get("viewer"))));
    })
    .get("/profile-qr", async (c) => {
      const { download, ...query } = readQuery(c, profileQrQuerySchema);
      const image = await profileQrCode({ db, qr, publicUrl }, query, c.get("viewer"));
      return c.body(image.body, 200, {
        "Content-Type": image.contentType,
        "Cache-Control": "private, max-age=3600",
        ...(download ? { "Content-Disposition": `attachment; filename="${image.filename}"` } : {}),
      });
    });
}
