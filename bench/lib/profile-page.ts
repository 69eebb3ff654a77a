// The public profile page for the throughput benchmark: whether the tree has it, and a data folder
// holding one live profile with content (and its owner), made with the build's own migrations.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "./list.ts";
import { seedBenchPhotos } from "./photos.ts";
import { root } from "./processes.ts";

/** Letters of the profile alphabet only (no I, L, O, U). */
export const benchProfileId = "BENCH001";
export const benchProfilePath = `/k/${benchProfileId}`;
/** An unclaimed page: its claim screen, as a signed-in visitor who is not its owner sees it. */
const benchClaimId = "BENCH002";
export const benchClaimPath = `/k/${benchClaimId}`;
/** A page its owner has claimed and not yet filled in: the walkthrough. */
const benchWalkthroughId = "BENCH003";
export const benchWalkthroughPath = `/k/${benchWalkthroughId}`;
/** The profile's owner, who signs in through the app's API to load their own page. */
export const benchOwner = { email: "bench-owner@example.com", password: "bench-owner-password-1" };

/** Null when the page exists in the source; otherwise why the benchmark of it is skipped. */
export function missingProfilePage(): string | null {
  const module = path.join(root, "app/routes/profile/page.tsx");
  if (!existsSync(module)) return "app/routes/profile/page.tsx does not exist yet";
  const routes = readFileSync(path.join(root, "app/routes.ts"), "utf8");
  if (!/route\(\s*["']k\/:id["']/.test(routes)) return 'app/routes.ts has no route("k/:id", …) yet';
  return null;
}

const story = [
  "Greta grew up by the sea in Bohuslän, where her father mended nets and her mother kept the",
  "village's only shop. She trained as a nurse in Gothenburg and worked forty years at Sahlgrenska,",
  "the last twenty as head of the children's ward. She sang in the cathedral choir, grew roses that",
  "won prizes three summers running, and taught half the neighbourhood to swim. ",
]
  .join(" ")
  .repeat(4);

const content = {
  displayName: "Greta Lindqvist",
  subtitle: "1931–2024 · nurse, singer, gardener",
  story,
  links: [
    { label: "Memorial fund", url: "https://example.com/fund" },
    { label: "Choir recordings", url: "https://example.com/choir" },
  ],
  portraitImageUrl: null,
  coverImageUrl: null,
  themeColor: "#1f3a36",
};

/**
 * Migrates the database (the embedded one in a data folder, or a server's) and adds the profile;
 * closes it again (one PGlite per folder).
 */
export async function prepareProfileData(
  build: ServerBuild,
  where: { dataDir: string } | { url: string },
): Promise<void> {
  const handle = await build.openDatabase(where);
  try {
    await build.migrate(handle);
    const passwordHash = await build.hashPassword(benchOwner.password);
    await handle.withConnection(async (connection) => {
      const [owner] = await connection.query<{ id: string }>(
        `insert into users (email, password_hash, roles) values ($1, $2, array['customer']) returning id`,
        [benchOwner.email, passwordHash],
      );
      const metadata = JSON.stringify({ visibility: "public", language: "sv-SE", tags: [] });
      await connection.query(
        `insert into profiles (id, status, owner_user_id, content, metadata, claimed_at, paid_until)
         values ($1, 'active', $2, $3::jsonb, $4::jsonb, now(), now() + interval '1 year')`,
        [benchProfileId, owner?.id, JSON.stringify(content), metadata],
      );
      // The page as visitors leave it after a while: open to memories, 50 of them shown
      // (the page shows the newest ten, with a link to the older), and candles lit.
      await connection.query(`insert into memory_settings (profile_id, moderation) values ($1, 'open')`, [
        benchProfileId,
      ]);
      await connection.query(
        `insert into memories (profile_id, writer_name, relation, body, state, created_at)
         select $1, 'Visitor ' || n, case when n % 3 = 0 then 'neighbour' end,
           'Greta taught me to swim the summer I turned seven. ' || repeat('She never lost her patience. ', 1 + n % 6),
           'shown', now() - n * interval '1 hour'
         from generate_series(1, 50) n`,
        [benchProfileId],
      );
      await connection.query(
        `insert into candles (profile_id, name, created_at)
         select $1, case when n % 2 = 0 then 'Visitor ' || n end, now() - n * interval '1 minute'
         from generate_series(1, 30) n`,
        [benchProfileId],
      );
      // And its photos: 100 in three albums, their files in the data folder's image store.
      await seedBenchPhotos(
        (text, params) => connection.query(text, params),
        benchProfileId,
        "dataDir" in where ? where.dataDir : null,
      );
      const empty = JSON.stringify({ ...content, displayName: "", subtitle: "", story: "", links: [] });
      await connection.query(
        `insert into profiles (id, status, content, metadata) values ($1, 'unclaimed', $2::jsonb, $3::jsonb)`,
        [benchClaimId, empty, metadata],
      );
      await connection.query(
        `insert into profiles (id, status, owner_user_id, content, metadata, claimed_at)
         values ($1, 'draft', $2, $3::jsonb, $4::jsonb, now())`,
        [benchWalkthroughId, owner?.id, empty, metadata],
      );
    });
  } finally {
    await handle.close();
  }
}

/**
 * Signs the owner in through the running app's API (POST /api/auth/login) and returns the
 * `Cookie` header value of the session it sets.
 */
export async function ownerSessionCookie(appUrl: string): Promise<string> {
  const response = await fetch(`${appUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ type: "email", ...benchOwner }),
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("kammare_session="));
  if (response.status !== 200 || !cookie) {
    throw new Error(`signing the bench owner in answered ${response.status} without a session cookie`);
  }
  return cookie;
}
