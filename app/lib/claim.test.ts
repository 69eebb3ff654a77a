import { describe, expect, it } from "vitest";
import { claimedIdOf, claimReturnPath } from "./claim";

describe("claimedIdOf", () => {
  it("finds the page a claim's return path is claiming", () => {
    expect(claimedIdOf(claimReturnPath("7KX2M9QD"))).toBe("7KX2M9QD");
    expect(claimedIdOf(decodeURIComponent(encodeURIComponent("/k/7KX2M9QD?claim=1")))).toBe("7KX2M9QD");
  });

  it("answers null for any other return path", () => {
    expect(claimedIdOf(null)).toBeNull();
    expect(claimedIdOf("/k/7KX2M9QD")).toBeNull();
    expect(claimedIdOf("/k/7KX2M9QD?claim=0")).toBeNull();
    expect(claimedIdOf("/k/not-a-code?claim=1")).toBeNull();
    expect(claimedIdOf("/k/7KX2M9QD/checkout/card?claim=1")).toBeNull();
    expect(claimedIdOf("//evil.example/k/7KX2M9QD?claim=1")).toBeNull();
    expect(claimedIdOf("/admin?claim=1")).toBeNull();
  });
});
