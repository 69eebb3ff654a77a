// /api/kammare: claiming a profile and the owner's changes (spec section 7). Only the owner, or an
// admin, may change a profile; each change drops the cached public page at once.
import { Hono } from "hono";
import {
  ownRequestSchema,
  updateMetadataRequestSchema,
  updateProfileRequestSchema,
  walkthroughStepRequestSchema,
  type ProfileView,
} from "../../contract/profiles";
import type { Database } from "../db/client";
import {
  claimProfile,
  saveWalkthroughStep,
  updateProfileContent,
  updateProfileMetadata,
  type Actor,
} from "../domain/profiles";
import { requestOrigin, requireViewer, type Viewer } from "../http/auth";
import type { ApiEnv } from "../http/env";
import { readJson } from "../http/errors";

export type KammareDeps = { db: Database; onProfileChanged?: (id: string) => void };

function actorOf(viewer: Viewer): Actor {
  return { id: viewer.user.id, roles: viewer.user.roles };
}

export function kammareRoutes({ db, onProfileChanged }: KammareDeps) {
  const changed = (profile: ProfileView) => {
    onProfileChanged?.(profile.id);
    return { profile };
  };
  return new Hono<ApiEnv>()
    .post("/own", async (c) => {
      const viewer = requireViewer(c);
      const { owner, profileId } = await readJson(c, ownRequestSchema);
      const profile = await claimProfile(
        db,
        { profileId, ownerUserId: owner },
        actorOf(viewer),
        requestOrigin(c),
      );
      return c.json(changed(profile));
    })
    .put("/profile", async (c) => {
      const viewer = requireViewer(c);
      const { profile } = await readJson(c, updateProfileRequestSchema);
      const { id, ...patch } = profile;
      return c.json(changed(await updateProfileContent(db, id, patch, actorOf(viewer))));
    })
    .post("/walkthrough-steps", async (c) => {
      const viewer = requireViewer(c);
      const request = await readJson(c, walkthroughStepRequestSchema);
      return c.json(changed(await saveWalkthroughStep(db, request, actorOf(viewer))));
    })
    .put("/profile-metadata", async (c) => {
      const viewer = requireViewer(c);
      const { id, metadata } = await readJson(c, updateMetadataRequestSchema);
      return c.json(changed(await updateProfileMetadata(db, id, metadata, actorOf(viewer))));
    });
}
