// The contract's text type: what PostgreSQL cannot keep is refused, everything else is text as usual.
import { describe, expect, it } from "vitest";
import { isStorableText, text } from "./zod";

describe("isStorableText", () => {
  it("takes any text with whole surrogate pairs", () => {
    for (const value of ["", "Åsa", "1931–2024 🌹", "\ud83c\udf39", "tab\tand\nnewline", "\u0001\uffff"]) {
      expect(isStorableText(value), JSON.stringify(value)).toBe(true);
    }
  });

  it("refuses U+0000 and a surrogate without its partner, wherever it stands", () => {
    for (const value of [
      "\u0000",
      "a\u0000",
      "\ud800",
      "a\ud800b",
      "end\ud83c",
      "\udf39start",
      "\udf39\ud83c",
    ]) {
      expect(isStorableText(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe("text", () => {
  it("names the field in its messages and runs before the field's own rules", () => {
    const schema = text("The story").max(3, "too long");
    expect(schema.safeParse("abc").success).toBe(true);
    expect(schema.safeParse(12).error?.issues.map((issue) => issue.message)).toEqual([
      "The story must be text.",
    ]);
    expect(schema.safeParse("abcd\u0000").error?.issues.map((issue) => issue.message)).toEqual([
      "The story must not contain the character U+0000 or a lone UTF-16 surrogate.",
    ]);
  });
});
