// The route-rule registry: rules run by their spec names; an unknown name warns as the spec says.
import { describe, expect, it, vi } from "vitest";
import { pickRules, unknownRuleWarning } from "./registry";

describe("route rules", () => {
  const login = () => "login";
  const admin = () => "admin";
  const available = { login, admin };

  it("returns the named rules' implementations in the order named", () => {
    expect(pickRules(available, ["admin", "login"])).toEqual([admin, login]);
  });

  it('logs "Unknown route middleware" for a name without an implementation, and skips it', () => {
    const warn = vi.fn();
    expect(pickRules(available, ["login", "no-such-rule"], warn)).toEqual([login]);
    expect(warn).toHaveBeenCalledWith(unknownRuleWarning, "no-such-rule");
    expect(unknownRuleWarning).toBe("Unknown route middleware");
  });

  it("warns on the console by default", () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
    pickRules(available, ["typo"]);
    expect(spy).toHaveBeenCalledWith("Unknown route middleware: typo");
    spy.mockRestore();
  });
});
