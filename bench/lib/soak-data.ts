// Where the soak's data lives (a folder for the embedded database, a scratch database on the server),
// what it starts with (the bench page and owner, an admin, trial pages for the writers), and signing in.
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { ServerBuild } from "./list.ts";
import { makeDataDir, removeDataDir } from "./processes.ts";
import { benchOwner, prepareProfileData } from "./profile-page.ts";
import { admin, pagesPerWriter } from "./soak-settings.ts";

export type Place = {
  engine: string;
  /** The same place as the app is told it (DATA_DIR or DATABASE_URL) and as the database opens it. */
  dataDir?: string;
  url?: string;
  target: { dataDir: string } | { url: string };
  drop: () => Promise<void>;
};

export async function newPlace(engine: string): Promise<Place> {
  if (engine === "pglite") {
    const dataDir = await makeDataDir();
    return { engine, dataDir, target: { dataDir }, drop: () => removeDataDir(dataDir) };
  }
  const server = process.env.TEST_DATABASE_URL as string;
  const name = `kammare_soak_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const address = new URL(server);
  address.pathname = `/${name}`;
  const url = address.toString();
  return {
    engine,
    url,
    target: { url },
    drop: async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

type Handle = Awaited<ReturnType<ServerBuild["openDatabase"]>>;
export const open = (build: ServerBuild, place: Place): Promise<Handle> => build.openDatabase(place.target);

/** The bench page and owner, an admin, and trial pages for the writers (ids BENCH + 4 letters). */
export async function seed(build: ServerBuild, place: Place, writers: number): Promise<string[]> {
  await prepareProfileData(build, place.target);
  const handle = await open(build, place);
  const alphabet = "ABCDEFGHJKMNPQRSTVWXYZ";
  const pages: string[] = [];
  for (let index = 0; index < writers * (pagesPerWriter + 1); index++) {
    let id = "SK";
    for (let rest = index, digit = 0; digit < 6; digit++, rest = Math.floor(rest / alphabet.length))
      id += alphabet[rest % alphabet.length];
    pages.push(id);
  }
  try {
    const passwordHash = await build.hashPassword(admin.password);
    await handle.withConnection(async (connection) => {
      await connection.query(
        `insert into users (email, password_hash, roles) values ($1, $2, array['customer','admin'])`,
        [admin.email, passwordHash],
      );
      const [owner] = await connection.query<{ id: string }>(`select id from users where email = $1`, [
        benchOwner.email,
      ]);
      await connection.query(
        `insert into profiles (id, status, owner_user_id, content, metadata, claimed_at)
         select id, 'trial', $1, '{"displayName":"Soak"}'::jsonb, '{"visibility":"public"}'::jsonb, now()
         from unnest($2::text[]) as id`,
        [owner?.id, pages],
      );
    });
  } finally {
    await handle.close();
  }
  return pages;
}

export async function signIn(url: string, who: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ type: "email", ...who }),
  });
  const body = (await response.json()) as { session?: { access_token?: string } };
  if (response.status !== 200 || !body.session?.access_token)
    throw new Error(`signing ${who.email} in answered ${response.status}`);
  return body.session.access_token;
}
