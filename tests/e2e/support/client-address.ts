// An address of its own for each client of the suite: the app trusts X-Forwarded-For here, as behind a
// proxy, so the per-address limits (10 sign-ups or sign-ins a minute) count each client apart, as they
// would count real visitors, and a fast suite never hits them from one shared address.
import { randomInt } from "node:crypto";

export function ownAddress(): Record<string, string> {
  return { "X-Forwarded-For": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
}
