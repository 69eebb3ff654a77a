// What `npm test` does about Chromium: use it, install it, or run without it and say how to get it.
import { describe, expect, it } from "vitest";
import { chromiumPlan, findChromium, installCommand, onPath } from "./chromium.mjs";

const files =
  (...present: string[]) =>
  (file: string) =>
    present.includes(file);

describe("findChromium", () => {
  it("takes Debian's binary when CHROME_PATH is unset, its headless shell first", () => {
    expect(findChromium({}, files("/usr/bin/chromium", "/usr/lib/chromium/chromium-headless-shell"))).toBe(
      "/usr/lib/chromium/chromium-headless-shell",
    );
    expect(findChromium({}, files("/usr/bin/chromium"))).toBe("/usr/bin/chromium");
    expect(findChromium({}, files("/usr/lib/chromium/chromium"))).toBe("/usr/lib/chromium/chromium");
    expect(findChromium({}, files())).toBeUndefined();
  });

  it("takes CHROME_PATH as it is: a missing file there is no browser, not a reason to look elsewhere", () => {
    expect(findChromium({ CHROME_PATH: "/opt/chrome" }, files("/opt/chrome", "/usr/bin/chromium"))).toBe(
      "/opt/chrome",
    );
    expect(findChromium({ CHROME_PATH: "/nowhere/chromium" }, files("/usr/bin/chromium"))).toBeUndefined();
  });
});

describe("onPath", () => {
  it("finds a command in one of PATH's folders", () => {
    expect(onPath("apt-get", { PATH: "/usr/local/bin:/usr/bin" }, files("/usr/bin/apt-get"))).toBe(true);
    expect(onPath("apt-get", { PATH: "/usr/local/bin" }, files("/usr/bin/apt-get"))).toBe(false);
    expect(onPath("apt-get", {}, files("/usr/bin/apt-get"))).toBe(false);
  });
});

describe("chromiumPlan", () => {
  it("uses the browser found", () => {
    expect(chromiumPlan({ env: {}, found: "/usr/bin/chromium", isRoot: false, hasAptGet: true })).toEqual({
      action: "use",
      path: "/usr/bin/chromium",
    });
  });

  it("as root with apt-get, installs the headless shell beside a whole browser (and falls back to it)", () => {
    expect(chromiumPlan({ env: {}, found: "/usr/bin/chromium", isRoot: true, hasAptGet: true })).toEqual({
      action: "install",
      fallback: "/usr/bin/chromium",
    });
    const shell = "/usr/lib/chromium/chromium-headless-shell";
    expect(chromiumPlan({ env: {}, found: shell, isRoot: true, hasAptGet: true })).toEqual({
      action: "use",
      path: shell,
    });
  });

  it("installs Debian's package when running as root with apt-get", () => {
    expect(chromiumPlan({ env: {}, found: undefined, isRoot: true, hasAptGet: true })).toEqual({
      action: "install",
    });
  });

  it("otherwise gives the root command to run, not only sudo", () => {
    const plan = chromiumPlan({ env: {}, found: undefined, isRoot: false, hasAptGet: true });
    expect(plan.action).toBe("missing");
    const advice = plan.action === "missing" ? plan.advice : "";
    expect(advice).toContain(`\n  ${installCommand}\n`);
    expect(installCommand).toBe(
      "apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-headless-shell",
    );
    expect(advice).toContain("as root");
  });

  it("without apt-get says to use the machine's package manager and CHROME_PATH", () => {
    const plan = chromiumPlan({ env: {}, found: undefined, isRoot: true, hasAptGet: false });
    expect(plan).toEqual({ action: "missing", advice: expect.stringContaining("no apt-get") });
  });

  it("never installs over a CHROME_PATH that points nowhere: it names the setting", () => {
    const plan = chromiumPlan({
      env: { CHROME_PATH: "/nowhere/chromium" },
      found: undefined,
      isRoot: true,
      hasAptGet: true,
    });
    expect(plan).toEqual({
      action: "missing",
      advice: expect.stringContaining("CHROME_PATH is set to /nowhere/chromium, which does not exist"),
    });
  });
});
