// The route-rule registry: rules run by their spec names; an unknown name warns as the spec says and
// refuses the page.
import { describe, expect, it, vi } from "vitest";
import { isRefusal, pickRules, unknownRuleWarning } from "./registry";

describe("route rules", () => {
  const login = () => "login";
  const admin = () => "admin";
  const available = { login, admin };

  it("returns the named rules' implementations in the order named", () => {
    expect(pickRules(available, ["admin", "login"])).toEqual([admin, login]);
  });

  it('logs "Unknown route middleware" for a name without an implementation, and refuses in its place', () => {
    const warn = vi.fn();
    const [first, second] = pickRules(available, ["login", "no-such-rule"], warn);
    expect(first).toBe(login);
    expect(isRefusal(second)).toBe(true);
    let thrown: unknown;
    try {
      second?.();
    } catch (error) {
      thrown = error;
    }
    // A data response the error boundary shows: 500, naming the rule.
    expect(thrown).toMatchObject({ init: { status: 500 }, data: "Unknown route middleware: no-such-rule" });
    expect(warn).toHaveBeenCalledWith(unknownRuleWarning, "no-such-rule");
    expect(unknownRuleWarning).toBe("Unknown route middleware");
  });

  it("warns on the console by default", () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
    pickRules(available, ["typo"]);
    expect(spy).toHaveBeenCalledWith("Unknown route middleware: typo");
    spy.mockRestore();
  });

  it("tells an implementation from a refusal", () => {
    expect(isRefusal(login)).toBe(false);
    expect(isRefusal(pickRules({}, ["x"], () => {})[0])).toBe(true);
    expect(isRefusal({ unknownRule: "x" })).toBe(false);
  });
});
