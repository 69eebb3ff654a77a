// /api/admin profile calls: the list, creating pages (one or a batch), one profile's detail and
// status changes. Mounted in the admin area (server/http/guards.ts).
import { Hono } from "hono";
import {
  adminProfileListQuerySchema,
  createProfilesRequestSchema,
  profileIdSchema,
  setProfileStatusRequestSchema,
  type AdminProfileDetail,
  type AdminProfileList,
  type CreateProfilesAnswer,
} from "../../../contract/profiles";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import {
  adminCreateProfiles,
  adminProfileDetail,
  listProfiles,
  pageMissing,
  setProfileStatus,
} from "../../domain/profiles";
import { requestOrigin } from "../../http/auth";
import type { SignedInEnv } from "../../http/guards";
import { fieldErrors, invalidInput, readJson } from "../../http/errors";

export type AdminProfileDeps = {
  db: Database;
  config: Pick<Config, "publicUrl">;
};

/** Query values as the list call understands them; an empty value counts as not given. */
export function listQueryInput(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ""));
}

export function adminProfileRoutes({ db, config }: AdminProfileDeps) {
  const pageUrl = (id: string) => `${config.publicUrl}/k/${id}`;
  return new Hono<SignedInEnv>()
    .get("/profiles", async (c) => {
      const parsed = adminProfileListQuerySchema.safeParse(listQueryInput(c.req.query()));
      if (!parsed.success) throw invalidInput(fieldErrors(parsed.error.issues), "query");
      return c.json((await listProfiles(db, parsed.data)) satisfies AdminProfileList);
    })
    .post("/profiles", async (c) => {
      const input = await readJson(c, createProfilesRequestSchema);
      const created = await adminCreateProfiles(db, input, c.get("viewer"), requestOrigin(c));
      return c.json(
        {
          profiles: created.profiles.map((row) => ({ ...row, url: pageUrl(row.id) })),
          batchId: created.batchId,
        } satisfies CreateProfilesAnswer,
        201,
      );
    })
    .get("/profiles/:id", async (c) => {
      const id = profileIdSchema.safeParse(c.req.param("id"));
      const detail = id.success ? await adminProfileDetail(db, id.data) : null;
      if (!detail) throw pageMissing("id");
      return c.json(detail satisfies AdminProfileDetail);
    })
    .put("/profile", async (c) => {
      const input = await readJson(c, setProfileStatusRequestSchema);
      const reason = input.reason || undefined;
      const profile = await setProfileStatus(db, { ...input, reason }, c.get("viewer"), requestOrigin(c));
      return c.json({ profile });
    });
}
