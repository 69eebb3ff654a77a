// The QR print sheet (ADR 015): many pages' codes on A4, 4 x 5 to a sheet, each drawn as vectors so it
// prints sharp at any size, with the page's id under it and crop marks to cut the cards apart along.
// A dark run of modules in a row is one rectangle, written straight into the page's content stream,
// which keeps 1,000 codes small and quick to draw.
import type { PDFPage } from "pdf-lib";
import { codesPerSheet, type QrLevel } from "../../../contract/qr";
import { qrMatrix, type QrMatrix } from "../qr";
import { ink, muted, newDocument, pageHeight, pageWidth } from "./layout";

const mm = 72 / 25.4;

export const sheetColumns = 4;
export const sheetRows = 5;
export { codesPerSheet };
/** The printed code, quiet zone included. */
export const codeSize = 36 * mm;
/** Modules of white around the dark ones, inside codeSize (scanners need at least 2 in print). */
export const quietModules = 2;
// The grid is inset from the paper's edge, leaving room for the crop marks outside it.
const inset = 12 * mm;
export const cellWidth = (pageWidth - 2 * inset) / sheetColumns;
export const cellHeight = (pageHeight - 2 * inset) / sheetRows;
/** The grid of cells the crop marks cut along (PDF points, y upwards). */
export const sheetGrid = { left: inset, right: pageWidth - inset, top: pageHeight - inset, bottom: inset };
const codeTop = 6 * mm;
const idSize = 11;
const markGap = 2 * mm;
const markLength = 6 * mm;
const markThickness = 0.4;

export type SheetCode = { id: string; url: string };
export type QrSheetOptions = { level: QrLevel; title?: string; language?: string };

/** The left and top edge of cell `index` on its sheet (PDF coordinates: y grows upwards). */
export function cellOrigin(index: number): { x: number; top: number } {
  const onSheet = index % codesPerSheet;
  return {
    x: inset + (onSheet % sheetColumns) * cellWidth,
    top: pageHeight - inset - Math.floor(onSheet / sheetColumns) * cellHeight,
  };
}

/** Where the code of cell `index` is drawn: its lower left corner and side, quiet zone included. */
export function codeBox(index: number): { x: number; y: number; size: number } {
  const { x, top } = cellOrigin(index);
  return { x: x + (cellWidth - codeSize) / 2, y: top - codeTop - codeSize, size: codeSize };
}

/** Points in a content stream: three decimals are a thousandth of a point, far below a printer's dot. */
const pt = (value: number) => value.toFixed(3);

/**
 * The code's dark modules as content-stream rectangles (`x y w h re`), one per run of dark modules in
 * a row, appended to `out`. Written as text, not as pdf-lib operator objects: a sheet of 1,000 codes
 * has some 200,000 of them.
 */
function appendCode(out: string[], matrix: QrMatrix, box: { x: number; y: number; size: number }): void {
  const module = box.size / (matrix.size + 2 * quietModules);
  for (let row = 0; row < matrix.size; row++) {
    const y = pt(box.y + box.size - (quietModules + row + 1) * module);
    const height = pt(module);
    let column = 0;
    while (column < matrix.size) {
      if (!matrix.dark[row * matrix.size + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < matrix.size && matrix.dark[row * matrix.size + column]) column++;
      out.push(
        `${pt(box.x + (quietModules + start) * module)} ${y} ${pt((column - start) * module)} ${height} re`,
      );
    }
  }
}

/** Crop marks: each grid line continued outside the grid, and small crosses where inner lines meet. */
function drawCropMarks(page: PDFPage): void {
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: markThickness, color: ink });
  const top = pageHeight - inset;
  const bottom = inset;
  const right = pageWidth - inset;
  for (let column = 0; column <= sheetColumns; column++) {
    const x = inset + column * cellWidth;
    line(x, top + markGap, x, top + markGap + markLength);
    line(x, bottom - markGap, x, bottom - markGap - markLength);
  }
  for (let row = 0; row <= sheetRows; row++) {
    const y = top - row * cellHeight;
    line(inset - markGap, y, inset - markGap - markLength, y);
    line(right + markGap, y, right + markGap + markLength, y);
  }
  const arm = 1.5 * mm;
  for (let column = 1; column < sheetColumns; column++) {
    for (let row = 1; row < sheetRows; row++) {
      const x = inset + column * cellWidth;
      const y = top - row * cellHeight;
      line(x - arm, y, x + arm, y);
      line(x, y - arm, x, y + arm);
    }
  }
}

/** The sheet PDF of `codes`, in order, as many A4 pages as they fill. */
export async function makeQrSheetPdf(
  codes: readonly SheetCode[],
  options: QrSheetOptions,
): Promise<Uint8Array> {
  const { document, fonts } = await newDocument({
    title: options.title ?? "QR codes",
    language: options.language ?? "sv-SE",
  });
  const pages = Math.max(1, Math.ceil(codes.length / codesPerSheet));
  for (let sheet = 0; sheet < pages; sheet++) {
    const page = document.addPage([pageWidth, pageHeight]);
    drawCropMarks(page);
    const onSheet = codes.slice(sheet * codesPerSheet, (sheet + 1) * codesPerSheet);
    const codesPath: string[] = ["q", "0 0 0 rg"];
    onSheet.forEach((code, offset) => {
      const index = sheet * codesPerSheet + offset;
      const box = codeBox(index);
      appendCode(codesPath, qrMatrix(code.url, options.level), box);
      const width = fonts.bold.widthOfTextAtSize(code.id, idSize);
      page.drawText(code.id, {
        x: box.x + (box.size - width) / 2,
        y: box.y - 3 * mm - idSize * 0.7,
        size: idSize,
        font: fonts.bold,
        color: ink,
      });
    });
    // Every code of the page filled at once, as one more content stream of the page.
    codesPath.push("f", "Q");
    page.node.addContentStream(document.context.register(document.context.flateStream(codesPath.join("\n"))));
    const footer = `${sheet + 1} / ${pages}`;
    page.drawText(footer, {
      x: pageWidth - inset - fonts.regular.widthOfTextAtSize(footer, 7),
      y: 4 * mm,
      size: 7,
      font: fonts.regular,
      color: muted,
    });
  }
  return document.save();
}
