// The QR print sheet read back: every code decodes to its page's address, the id under it is the page's
// own, 20 to a sheet, crop marks beyond the grid; and the single codes of both levels and formats.
import { describe, expect, it } from "vitest";
import { pdfLines, pdfPositionedRuns, pdfRectangles } from "../../../tests/support/pdf-text";
import { decodeDrawnCode, decodePng, decodeSvg } from "../../../tests/support/qr-decode";
import { qrcodeEncoder, qrMatrix } from "../qr";
import {
  cellHeight,
  cellWidth,
  codeBox,
  codesPerSheet,
  makeQrSheetPdf,
  sheetColumns,
  sheetGrid,
  sheetRows,
} from "./qr-sheet";

const url = (id: string) => `https://kammare.se/k/${id}`;
const ids = Array.from({ length: 23 }, (_, index) => `K${String(index + 1).padStart(7, "0")}`);

describe("the QR print sheet", () => {
  it("has as many cells as the contract says a sheet holds", () => {
    expect(sheetColumns * sheetRows).toBe(codesPerSheet);
  });

  it("draws each code where its id is printed, decoding to the page's address, 20 to an A4 sheet", async () => {
    const pdf = await makeQrSheetPdf(
      ids.map((id) => ({ id, url: url(id) })),
      { level: "Q" },
    );
    const rectangles = await pdfRectangles(pdf);
    const runs = await pdfPositionedRuns(pdf);
    expect(new Set(runs.map((run) => run.page))).toEqual(new Set([1, 2]));
    ids.forEach((id, index) => {
      const page = Math.floor(index / codesPerSheet) + 1;
      const box = codeBox(index);
      const onPage = rectangles.filter((rectangle) => rectangle.page === page);
      expect(decodeDrawnCode(onPage, box), id).toBe(url(id));
      // The id once, on its page, centred under its code.
      const printed = runs.filter((run) => run.text === id);
      expect(printed).toHaveLength(1);
      expect(printed[0]!.page).toBe(page);
      expect(printed[0]!.y).toBeLessThan(box.y);
      expect(printed[0]!.y).toBeGreaterThan(box.y - 30);
      expect(printed[0]!.x).toBeGreaterThan(box.x);
      expect(printed[0]!.x).toBeLessThan(box.x + box.size);
    });
  });

  it("prints level H codes that decode too, with more modules than Q", async () => {
    const id = "ABCD2345";
    const pdf = await makeQrSheetPdf([{ id, url: url(id) }], { level: "H" });
    expect(decodeDrawnCode(await pdfRectangles(pdf), codeBox(0))).toBe(url(id));
    expect(qrMatrix(url(id), "H").size).toBeGreaterThan(qrMatrix(url(id), "Q").size);
  });

  it("has crop marks on every sheet: each cut line marked beyond the grid, none touching a code", async () => {
    const pdf = await makeQrSheetPdf(
      ids.map((id) => ({ id, url: url(id) })),
      { level: "Q" },
    );
    const lines = await pdfLines(pdf);
    const near = (a: number, b: number) => Math.abs(a - b) < 0.01;
    for (const page of [1, 2]) {
      const marks = lines.filter((line) => line.page === page);
      for (let column = 0; column <= sheetColumns; column++) {
        const x = sheetGrid.left + column * cellWidth;
        const vertical = marks.filter((line) => near(line.from.x, x) && near(line.to.x, x));
        expect(
          vertical.some((line) => Math.min(line.from.y, line.to.y) > sheetGrid.top),
          `above ${column}`,
        ).toBe(true);
        expect(
          vertical.some((line) => Math.max(line.from.y, line.to.y) < sheetGrid.bottom),
          `below ${column}`,
        ).toBe(true);
      }
      for (let row = 0; row <= sheetRows; row++) {
        const y = sheetGrid.top - row * cellHeight;
        const across = marks.filter((line) => near(line.from.y, y) && near(line.to.y, y));
        expect(
          across.some((line) => Math.max(line.from.x, line.to.x) < sheetGrid.left),
          `left ${row}`,
        ).toBe(true);
        expect(
          across.some((line) => Math.min(line.from.x, line.to.x) > sheetGrid.right),
          `right ${row}`,
        ).toBe(true);
      }
      for (let index = 0; index < codesPerSheet; index++) {
        const box = codeBox(index);
        const touches = marks.some(
          (line) =>
            Math.max(line.from.x, line.to.x) >= box.x &&
            Math.min(line.from.x, line.to.x) <= box.x + box.size &&
            Math.max(line.from.y, line.to.y) >= box.y &&
            Math.min(line.from.y, line.to.y) <= box.y + box.size,
        );
        expect(touches, `a mark touches code ${index}`).toBe(false);
      }
    }
  });
});

describe("single QR codes", () => {
  for (const level of ["Q", "H"] as const) {
    it(`decodes the PNG and the SVG of level ${level} back to the address`, async () => {
      const png = await qrcodeEncoder(url("PNG23456"), { format: "png", size: 300, margin: 4, level });
      expect(png.contentType).toBe("image/png");
      expect(await decodePng(png.body)).toBe(url("PNG23456"));
      const svg = await qrcodeEncoder(url("SVG23456"), { format: "svg", size: 300, margin: 1, level });
      expect(svg.contentType).toBe("image/svg+xml");
      expect(await decodeSvg(svg.body)).toBe(url("SVG23456"));
    });
  }
});
