// The rules that run again in the browser on client navigation, where the spec says so.
import { redirect, type DataStrategyResult, type MiddlewareFunction } from "react-router";
import { adminFlag } from "../lib/auth";
import { pickRules, type RuleName } from "./registry";

type ClientRule = MiddlewareFunction<Record<string, DataStrategyResult>>;

const rules: Partial<Record<RuleName, ClientRule>> = {
  // Spec section 6: any /admin path needs the admin flag from GET /api/admin/check; others go to "/".
  admin: async () => {
    if (!(await adminFlag())) throw redirect("/");
  },
};

export function clientRules(...names: RuleName[]): ClientRule[] {
  return pickRules(rules, names);
}
