// Password hashing with argon2id (OWASP's minimum: 19 MiB, 2 passes). @node-rs/argon2 hashes on
// libuv's thread pool, so the event loop keeps serving while a hash is computed.
import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

// argon2id is the library's default algorithm; these are the costs.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification, for an unknown account, so that a wrong e-mail and a
 * wrong password take about the same time and cannot be told apart.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(await dummyHash, password);
  return false;
}
