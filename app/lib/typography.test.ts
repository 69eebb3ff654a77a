import { describe, expect, it } from "vitest";
import { typeset } from "./typography";

describe("typeset", () => {
  it("sets Swedish quotes with ” on both sides, and apostrophes as ’", () => {
    expect(typeset('Hon sa: "Man lär sig mest av dem som inte vill."', "sv-SE")).toBe(
      "Hon sa: ”Man lär sig mest av dem som inte vill.”",
    );
    expect(typeset("'Tack' och Annas' bok", "sv-SE")).toBe("’Tack’ och Annas’ bok");
  });

  it("keeps English quotes and apostrophes as typed", () => {
    expect(typeset('She said "never give up" (and "meant it").', "en-US")).toBe(
      'She said "never give up" (and "meant it").',
    );
    expect(typeset("It's 'fine' - rock 'n' roll", "en-US")).toBe("It's 'fine' – rock 'n' roll");
  });

  it("turns a spaced hyphen into a dash and three dots into an ellipsis, and leaves other text alone", () => {
    expect(typeset("1932 - 2024 -- Ystad...", "sv-SE")).toBe("1932 – 2024 – Ystad…");
    expect(typeset("Karl-Erik, 10-12", "sv-SE")).toBe("Karl-Erik, 10-12");
  });
});
