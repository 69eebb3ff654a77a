// The rules that run again in the browser on client navigation, where the spec says so.
import { redirect, type DataStrategyResult, type MiddlewareFunction } from "react-router";
import { adminFlag } from "../lib/auth";
import { pickRules, signInPath, type RuleName } from "./registry";

type ClientRule = MiddlewareFunction<Record<string, DataStrategyResult>>;

const rules: Partial<Record<RuleName, ClientRule>> = {
  // Spec section 6: any /admin path needs the admin flag from GET /api/admin/check; others go to "/",
  // and a visitor who is not signed in signs in first and comes back.
  admin: async ({ request }) => {
    if (await adminFlag()) return;
    const { readStoredSession } = await import("../lib/stored-session");
    throw redirect(readStoredSession() ? "/" : signInPath(request.url));
  },
};

export function clientRules(...names: RuleName[]): ClientRule[] {
  return pickRules(rules, names);
}
