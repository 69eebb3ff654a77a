// The route-rule registry: rules run by their spec names; an unknown name warns as the spec says.
import { describe, expect, it, vi } from "vitest";
import {
  registerRule,
  ruleClientMiddleware,
  ruleMiddleware,
  unknownRuleWarning,
  type RuleName,
} from "./registry";

describe("route rules", () => {
  it("returns the registered rules' middleware in the order named", () => {
    const login = vi.fn();
    const admin = vi.fn();
    const adminClient = vi.fn();
    registerRule("login", { server: login });
    registerRule("admin", { server: admin, client: adminClient });
    expect(ruleMiddleware(["admin", "login"])).toEqual([admin, login]);
    expect(ruleClientMiddleware(["login", "admin"])).toEqual([adminClient]);
  });

  it('logs "Unknown route middleware" for a name nobody registered, and skips it', () => {
    const warn = vi.fn();
    const partner = vi.fn();
    registerRule("partner", { server: partner });
    const middleware = ruleMiddleware(["partner", "no-such-rule" as RuleName], warn);
    expect(middleware).toEqual([partner]);
    expect(warn).toHaveBeenCalledWith(unknownRuleWarning, "no-such-rule");
    expect(unknownRuleWarning).toBe("Unknown route middleware");
  });

  it("warns on the console by default", () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
    ruleClientMiddleware(["typo" as RuleName]);
    expect(spy).toHaveBeenCalledWith("Unknown route middleware: typo");
    spy.mockRestore();
  });
});
