import { describe, expect, it } from "vitest";
import { uploadedImageSrcSet } from "./image-values";

describe("uploadedImageSrcSet", () => {
  const large = "/uploads/7KX2M9Q0/0b6f2d8e-1c2a-4f3e-9a7b-2d4e6f8a0c1e-large.webp";
  const small = "/uploads/7KX2M9Q0/0b6f2d8e-1c2a-4f3e-9a7b-2d4e6f8a0c1e-small.webp";

  it("offers the small variant beside the large one, with each kind's widths", () => {
    expect(uploadedImageSrcSet(large, "cover")).toBe(`${small} 800w, ${large} 1600w`);
    expect(uploadedImageSrcSet(large, "portrait")).toBe(`${small} 320w, ${large} 800w`);
  });

  it("gives none for an address that is not an upload's large variant", () => {
    expect(uploadedImageSrcSet("https://example.com/a-large.webp", "cover")).toBeUndefined();
    expect(uploadedImageSrcSet(small, "cover")).toBeUndefined();
  });
});
