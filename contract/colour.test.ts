import { describe, expect, it } from "vitest";
import { contrastRatio, readableOn } from "./colour";

describe("contrast", () => {
  it("measures the WCAG ratio of published pairs", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    // WebAIM's checker: #767676 on white is 4.54:1, the lightest grey that passes AA.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("keeps a colour that already reads, and darkens one that does not, until it passes AA", () => {
    expect(readableOn("#1F3A36", "#faf8f5")).toBe("#1f3a36");
    const yellow = readableOn("#ffdd00", "#faf8f5");
    expect(yellow).not.toBe("#ffdd00");
    expect(contrastRatio(yellow, "#faf8f5")).toBeGreaterThanOrEqual(4.5);
    // Still a yellowish hue: red and green stay above blue.
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(yellow.slice(at, at + 2), 16)) as [
      number,
      number,
      number,
    ];
    expect(r).toBeGreaterThan(b);
    expect(g).toBeGreaterThan(b);
  });

  it("lightens on a dark background", () => {
    const lifted = readableOn("#202020", "#111111");
    expect(contrastRatio(lifted, "#111111")).toBeGreaterThanOrEqual(4.5);
  });
});
