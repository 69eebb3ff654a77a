// /api/admin/first-names: the admin keeps the list of first names with a stub page (admin area).
import { Hono } from "hono";
import { addFirstNameRequestSchema } from "../../../contract/first-names";
import type { Database } from "../../db/client";
import { addFirstName, listFirstNames, removeFirstName } from "../../domain/profiles";
import type { SignedInEnv } from "../../http/guards";
import { readJson } from "../../http/errors";

export function firstNameRoutes({ db }: { db: Database }) {
  return new Hono<SignedInEnv>()
    .get("/first-names", async (c) => {
      return c.json({ names: await listFirstNames(db) });
    })
    .post("/first-names", async (c) => {
      const { name } = await readJson(c, addFirstNameRequestSchema);
      return c.json({ name: await addFirstName(db, name) }, 201);
    })
    .delete("/first-names/:name", async (c) => {
      await removeFirstName(db, c.req.param("name"));
      return c.body(null, 204);
    });
}
