// Whether the database tests also run on a PostgreSQL server: they do when TEST_DATABASE_URL is set;
// otherwise this test shows as skipped, with the reason in its name, and `npm test` says so too.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { testEngines } from "../support/databases";

describe("database engines", () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  (serverUrl ? it : it.skip)(
    serverUrl
      ? "the database tests also run on the PostgreSQL server at TEST_DATABASE_URL"
      : "the database tests also run on PostgreSQL [skipped: TEST_DATABASE_URL is not set]",
    async () => {
      const engine = testEngines().find((candidate) => candidate.name === "postgresql");
      expect(engine).toBeDefined();
      const created = await engine!.create();
      try {
        const result = await created.handle.db.execute(
          sql`select current_setting('server_version_num') as v`,
        );
        expect(JSON.stringify(result)).toMatch(/"v":"\d+"/);
      } finally {
        await created.drop();
      }
    },
  );
});
