// Migration 0021 on a database that has lived without it, on every engine: an organisation that
// never set a name takes the partner name of its first whitelist entry; one with a name keeps it.
import { expect, it } from "vitest";
import { bundledMigrations, migrate } from "../../server/db/migrate";
import { describeOnDatabases } from "../support/api-fixture";

describeOnDatabases("migration 0021", { migrate: false }, ({ handle }) => {
  it("names an unnamed organisation as the admin named its partner, and leaves a named one alone", async () => {
    const all = bundledMigrations();
    const at = all.findIndex((migration) => migration.name.startsWith("0021_"));
    expect(at).toBeGreaterThan(0);
    await migrate(handle, all.slice(0, at));

    await handle.withConnection(async (connection) => {
      await connection.exec(`
        insert into partner_organisations (id, name, slug, contact_email) values
          ('00000000-0000-4000-8000-000000000021', null, 'lindqvists-begravningsbyra', 'a@example.com'),
          ('00000000-0000-4000-8000-000000000022', 'Blommor & Ljus AB', 'blommor', 'b@example.com'),
          ('00000000-0000-4000-8000-000000000023', null, 'utan-lista', 'c@example.com');
        insert into partner_whitelist (email, partner_name, organisation_id, added_at) values
          ('a@example.com', '  Lindqvists Begravningsbyrå ', '00000000-0000-4000-8000-000000000021', now() - interval '2 days'),
          ('a2@example.com', 'LINDQVISTS BEGRAVNINGSBYRÅ', '00000000-0000-4000-8000-000000000021', now()),
          ('b@example.com', 'Blommor', '00000000-0000-4000-8000-000000000022', now());
      `);
    });
    await migrate(handle, all.slice(0, at + 1));

    await handle.withConnection(async (connection) => {
      const rows = await connection.query<{ slug: string; name: string | null }>(
        "select slug, name from partner_organisations order by slug",
      );
      expect(rows).toEqual([
        { slug: "blommor", name: "Blommor & Ljus AB" },
        { slug: "lindqvists-begravningsbyra", name: "Lindqvists Begravningsbyrå" },
        // No whitelist entry names it: the dashboard still asks its partner for a name.
        { slug: "utan-lista", name: null },
      ]);
    });
  });
});
