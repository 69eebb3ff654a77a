import { describe, expect, it } from "vitest";
import { contrastRatio, readableContrast, readableOn } from "../../contract/colour";
import { pageBackground, presetColours } from "./colour";

describe("presetColours", () => {
  it("all read as body text on the page's background (4.5:1), so the page shows them as they are", () => {
    for (const preset of presetColours) {
      expect(contrastRatio(preset.value, pageBackground), preset.name).toBeGreaterThanOrEqual(
        readableContrast,
      );
      expect(readableOn(preset.value, pageBackground)).toBe(preset.value);
    }
  });

  it("paint each swatch in its own colour", () => {
    for (const preset of presetColours) expect(preset.swatch).toBe(`bg-[${preset.value}]`);
  });

  it("a pale yellow is shown darker on the page's background", () => {
    expect(readableOn("#ffe680", pageBackground)).not.toBe("#ffe680");
  });
});
