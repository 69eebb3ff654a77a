// `npm run admin:reset-password -- <e-mail>`: the operator's way back in when an admin's password is
// lost and no reset e-mail can reach its owner. Sets a new random password, prints it once, and ends
// the account's sessions and reset links. Run on the server, with the server's settings.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase, type Database } from "./db/client";
import { adminEmails, setGeneratedPassword } from "./domain/accounts";
import { siteAnswers } from "./site-answers";

export type CommandResult = { code: number; out: string[]; err: string[] };

/** The command on an open database: `args` are the words after `--`. */
export async function resetPasswordCommand(db: Database, args: string[]): Promise<CommandResult> {
  const email = args[0]?.trim();
  const admins = async () => {
    const found = await adminEmails(db);
    return found.length ? `Admin accounts: ${found.join(", ")}.` : "There is no admin account.";
  };
  if (!email || args.length > 1) {
    return { code: 2, out: [], err: ["Usage: npm run admin:reset-password -- <e-mail>", await admins()] };
  }
  const result = await setGeneratedPassword(db, email, { ip: null, userAgent: "admin:reset-password" });
  if (!result) return { code: 1, out: [], err: [`No account has the address ${email}.`, await admins()] };
  return {
    code: 0,
    out: [
      `New password for ${result.email} (${result.roles.join(", ")}):`,
      "",
      `  ${result.password}`,
      "",
      "Shown only now. Its sessions and reset links have ended; sign in and change it at once.",
    ],
    err: [],
  };
}

async function main(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (!config.DATABASE_URL) {
    if (!existsSync(path.resolve(config.DATA_DIR, "pglite", "PG_VERSION"))) {
      console.error(
        `No database in ${path.resolve(config.DATA_DIR)} yet: start the server once (npm start).`,
      );
      return 1;
    }
    // The embedded database belongs to one process at a time.
    if (await siteAnswers(config)) {
      console.error(
        `The server is running on port ${config.PORT}: stop it first (the embedded database takes one process at a time), then run this again.`,
      );
      return 1;
    }
  }
  const database = await openDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL }
      : { dataDir: config.DATA_DIR, sharedBuffersMb: config.EMBEDDED_SHARED_BUFFERS_MB },
  );
  try {
    const result = await resetPasswordCommand(database.db, process.argv.slice(2));
    for (const line of result.out) console.log(line);
    for (const line of result.err) console.error(line);
    return result.code;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
