import { describe, expect, it } from "vitest";
import { isProfileId, normalizeProfileId, profileIdAlphabet } from "./profile-id";

describe("normalizeProfileId", () => {
  it("reads a code typed in lower case with spaces and dashes as the printed code", () => {
    expect(normalizeProfileId("7kx2-m9qd")).toBe("7KX2M9QD");
    expect(normalizeProfileId(" 7KX2 M9QD ")).toBe("7KX2M9QD");
    expect(normalizeProfileId("7kx2\tm9-qd")).toBe("7KX2M9QD");
  });

  it("reads I and L as 1 and O as 0, as Crockford base32 does", () => {
    expect(normalizeProfileId("ABCDEFGO")).toBe("ABCDEFG0");
    expect(normalizeProfileId("oilOIL23")).toBe("01101123");
    expect(isProfileId(normalizeProfileId("7kx2-m9qo"))).toBe(true);
  });

  it("leaves U and other characters outside the alphabet, so the code is still refused", () => {
    expect(isProfileId(normalizeProfileId("ABCDEFGU"))).toBe(false);
    expect(isProfileId(normalizeProfileId("ABCDEFG!"))).toBe(false);
    expect(isProfileId(normalizeProfileId("ABCDEFG"))).toBe(false);
    expect(isProfileId(normalizeProfileId("ABCDEFGHJ"))).toBe(false);
    expect(isProfileId(normalizeProfileId("ABCD\u0000EFG"))).toBe(false);
  });

  it("keeps every id of the alphabet as it is", () => {
    const ids = [profileIdAlphabet.slice(0, 8), profileIdAlphabet.slice(8, 16), profileIdAlphabet.slice(24)];
    for (const id of ids) {
      expect(normalizeProfileId(id)).toBe(id);
      expect(isProfileId(id)).toBe(true);
    }
  });
});
