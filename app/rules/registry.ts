// The route rules (the spec's "route middleware") by their spec names. A route names its rules;
// each runs on the server as React Router middleware (index.server.ts), so a guarded page is never
// rendered for the wrong viewer, and where the spec says so again in the browser (client.ts).
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

export const unknownRuleWarning = "Unknown route middleware";

export type Warn = (message: string, name: string) => void;
const consoleWarn: Warn = (message, name) => console.warn(`${message}: ${name}`);

/** The implementations of the named rules, in order; a name without one logs the spec's warning. */
export function pickRules<Rule>(
  available: Partial<Record<string, Rule>>,
  names: readonly string[],
  warn: Warn = consoleWarn,
): Rule[] {
  const rules: Rule[] = [];
  for (const name of names) {
    const rule = available[name];
    if (rule) rules.push(rule);
    else warn(unknownRuleWarning, name);
  }
  return rules;
}
