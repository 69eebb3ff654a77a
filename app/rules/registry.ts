// The route rules (the spec's "route middleware") by their spec names. A route names its rules;
// each rule runs on the server as React Router middleware (so a guarded page is never rendered for
// the wrong viewer) and, where it has one, again in the browser on client navigation.
// The rules themselves are registered by the features that bring them.
import type { MiddlewareFunction } from "react-router";

export const ruleNames = [
  "index",
  "login",
  "profile",
  "checkout",
  "checkout-confirm",
  "partner",
  "partner-name",
  "admin",
] as const;
export type RuleName = (typeof ruleNames)[number];

export type RouteRule = {
  server: MiddlewareFunction<Response>;
  client?: MiddlewareFunction;
};

export const unknownRuleWarning = "Unknown route middleware";

const registry = new Map<string, RouteRule>();

export function registerRule(name: RuleName, rule: RouteRule): void {
  registry.set(name, rule);
}

function lookup(names: readonly string[], warn: (message: string, name: string) => void): RouteRule[] {
  const rules: RouteRule[] = [];
  for (const name of names) {
    const rule = registry.get(name);
    if (rule) rules.push(rule);
    else warn(unknownRuleWarning, name);
  }
  return rules;
}

const consoleWarn = (message: string, name: string) => console.warn(`${message}: ${name}`);

/** The server middleware of the named rules, for a route module's `middleware` export. */
export function ruleMiddleware(
  names: readonly RuleName[],
  warn = consoleWarn,
): MiddlewareFunction<Response>[] {
  return lookup(names, warn).map((rule) => rule.server);
}

/** The browser middleware of the named rules, for a route module's `clientMiddleware` export. */
export function ruleClientMiddleware(names: readonly RuleName[], warn = consoleWarn): MiddlewareFunction[] {
  return lookup(names, warn).flatMap((rule) => (rule.client ? [rule.client] : []));
}
