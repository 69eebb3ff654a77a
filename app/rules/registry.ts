// The route rules (the spec's "route middleware") by their spec names. A route names its rules;
// each runs on the server as React Router middleware (index.server.ts), so a guarded page is never
// rendered for the wrong viewer, and where the spec says so again in the browser (client.ts).
import { data } from "react-router";

export const ruleNames = [
  "index",
  "login",
  "profile",
  "checkout",
  "checkout-confirm",
  "partner",
  "partner-name",
  "admin",
  // Not the spec's: previews of customer pages (/preview/extended-trial) for admins and partners.
  "preview",
  // Not the spec's: the customer's own account page (/account).
  "account",
  // Not the spec's: the page's memories and albums, for whoever may change the page (/k/{id}/memories,
  // /k/{id}/albums).
  "page-memories",
  // Not the spec's: a year someone gives a page (/k/{id}/gift, ADR 044), for any signed-in customer.
  "gift",
] as const;
export type RuleName = (typeof ruleNames)[number];

export const unknownRuleWarning = "Unknown route middleware";

export type Warn = (message: string, name: string) => void;
const consoleWarn: Warn = (message, name) => console.warn(`${message}: ${name}`);

/** What stands in for a named rule without an implementation: it refuses the page (fail closed). */
export type Refusal = { readonly unknownRule: string };

export function isRefusal(rule: unknown): rule is Refusal {
  return typeof rule === "function" && typeof (rule as Partial<Refusal>).unknownRule === "string";
}

/** Stands in for rule `name`: refuses the page (or the navigation) with a server error. */
export function refusal(name: string): (() => never) & Refusal {
  const refuse = (): never => {
    throw data(`${unknownRuleWarning}: ${name}`, { status: 500 });
  };
  return Object.assign(refuse, { unknownRule: name });
}

/**
 * The implementations of the named rules, in order. A name without one logs the spec's warning and
 * is replaced by a refusal: a guard that is not there never lets a viewer through.
 */
export function pickRules<Rule>(
  available: Partial<Record<string, Rule>>,
  names: readonly string[],
  warn: Warn = consoleWarn,
): (Rule | ReturnType<typeof refusal>)[] {
  return names.map((name) => {
    const rule = available[name];
    if (rule) return rule;
    warn(unknownRuleWarning, name);
    return refusal(name);
  });
}

/** The sign-in page, returning to `url` (path and query) afterwards. */
export function signInPath(url: string): string {
  const { pathname, search } = new URL(url);
  return `/login?redirectTo=${encodeURIComponent(pathname + search)}`;
}
