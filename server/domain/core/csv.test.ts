// CSV cells: quoting and the formula guard.
import { describe, expect, it } from "vitest";
import { csvCell, csvDocument, csvLine } from "./csv";

describe("csv", () => {
  it("quotes every cell and doubles quotes, keeping commas and line breaks inside the cell", () => {
    expect(csvCell('Kalle "K" Anka, Ankeborg\nrad 2')).toBe('"Kalle ""K"" Anka, Ankeborg\nrad 2"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });

  it("prefixes a text that a spreadsheet would run as a formula with an apostrophe", () => {
    for (const formula of ["=1+1", "+46701234567", "-2", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(csvCell(formula)).toBe(`"'${formula}"`);
    }
    expect(csvCell("a=b@example.se")).toBe('"a=b@example.se"');
    // A number is data, never a formula.
    expect(csvCell(-5)).toBe('"-5"');
  });

  it("ends lines with CRLF and starts a document with a byte order mark", () => {
    expect(csvLine(["a", "b"])).toBe('"a","b"\r\n');
    expect(csvDocument(["h"], [["v"]])).toBe('\uFEFF"h"\r\n"v"\r\n');
  });
});
