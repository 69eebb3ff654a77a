// Where the preview says each address goes: the same sheets and labels the PDF uses (the PDF itself is
// read back in tests/api/address-labels.test.ts).
import { describe, expect, it } from "vitest";
import { addressLabelsRequestSchema, pagesFor, placementOf, problemField } from "./address-labels";

describe("label placement", () => {
  it("fills a sheet row by row from the start position, then the next sheet from label 1", () => {
    expect(placementOf(0, "labels-3x8")).toEqual({ index: 0, page: 1, position: 1 });
    expect(placementOf(23, "labels-3x8")).toEqual({ index: 23, page: 1, position: 24 });
    expect(placementOf(24, "labels-3x8")).toEqual({ index: 24, page: 2, position: 1 });
    expect(placementOf(0, "labels-3x8", 24)).toEqual({ index: 0, page: 1, position: 24 });
    expect(placementOf(1, "labels-3x8", 24)).toEqual({ index: 1, page: 2, position: 1 });
  });

  it("counts the sheets, or one envelope per address", () => {
    expect(pagesFor(0, "labels-3x8")).toBe(0);
    expect(pagesFor(24, "labels-3x8")).toBe(1);
    expect(pagesFor(25, "labels-3x8")).toBe(2);
    expect(pagesFor(19, "labels-3x8", 7)).toBe(2);
    expect(pagesFor(10_000, "labels-3x8")).toBe(417);
    expect(pagesFor(3, "c5", 9)).toBe(3);
    expect(placementOf(2, "c5", 9)).toEqual({ index: 2, page: 3, position: 1 });
  });
});

describe("the request", () => {
  it("names a problem's field by source: rows for a CSV file, blocks for pasted text, text for the whole", () => {
    const problem = { at: 3, field: "postcode", message: "postcodeInvalid", text: "" } as const;
    expect(problemField(problem, "csv")).toBe("rows.3.postcode");
    expect(problemField(problem, "paste")).toBe("blocks.3.postcode");
    expect(problemField({ ...problem, field: null }, "paste")).toBe("blocks.3");
    expect(problemField({ ...problem, at: null, field: null }, "csv")).toBe("text");
  });

  it("starts at label 1 unless told, and takes page codes in any case", () => {
    expect(addressLabelsRequestSchema.parse({ source: "paste", text: "x", layout: "c5" })).toMatchObject({
      startPosition: 1,
    });
    expect(
      addressLabelsRequestSchema.parse({ source: "awaiting", profileIds: ["abcd1234"], layout: "c5" }),
    ).toMatchObject({ profileIds: ["ABCD1234"] });
  });
});
