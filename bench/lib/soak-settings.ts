// The settings of `npm run soak` (see bench/soak.ts), read once from the environment; the accounts it
// seeds; and its log.
export const log = (line: string) => process.stderr.write(`soak: ${line}\n`);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}
export function list(name: string, allowed: string[]): string[] {
  const raw = process.env[name];
  const picked = raw ? raw.split(",").map((item) => item.trim()) : allowed;
  for (const item of picked) if (!allowed.includes(item)) throw new Error(`${name}: unknown "${item}"`);
  return picked;
}

export const settings = {
  seconds: setting("SOAK_SECONDS", 60),
  connections: setting("SOAK_CONNECTIONS", 200),
  crashes: setting("SOAK_CRASHES", 6),
  writers: setting("SOAK_WRITERS", 8),
  parts: list("SOAK_PARTS", ["load", "crash"]),
  engines: list("SOAK_ENGINES", ["pglite", "postgresql"]).filter(
    (engine) => engine === "pglite" || process.env.TEST_DATABASE_URL,
  ),
};
export const admin = { email: "soak-admin@example.com", password: "soak-admin-password-1" };
/** Pages of the bench owner in their trial: one per writer to edit, and many to pay for. */
export const pagesPerWriter = 60;
