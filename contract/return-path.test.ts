// Return targets after signing in or changing a preference: same-site paths only, each case one a probe of the return path tried.
import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps a local path with its query and fragment", () => {
    expect(safeReturnPath("/k/7KX2M9Q0?claim=1#top")).toBe("/k/7KX2M9Q0?claim=1#top");
    expect(safeReturnPath("/a/../k/7KX2M9Q0")).toBe("/k/7KX2M9Q0");
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/a/..//evil.example",
    "/./\\evil.example",
    "/\\/evil.example",
    "https://evil.example/",
    "evil.example",
    "javascript:alert(1)",
    "/k/1\u0000",
    "/k/1\r\nSet-Cookie: x=1",
    "",
  ])("refuses %j, which would leave the site", (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});
