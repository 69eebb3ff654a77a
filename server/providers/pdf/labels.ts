// Address labels and envelopes as a PDF (ADR 015): the common A4 sheet of 3 x 8 labels of 70 x 37 mm,
// or C5 window envelopes, one address per page. Every line is printed whole: a long one is wrapped
// within its label, and the text shrinks when the lines still do not fit.
import type { PDFFont, PDFPage } from "pdf-lib";
import { addressLines, type PostalAddress } from "../../../contract/addresses";
import { ink, newDocument, pageHeight, pageWidth, printable, wrapText } from "./layout";

const mm = 72 / 25.4;

export const labelColumns = 3;
export const labelRows = 8;
export const labelsPerSheet = labelColumns * labelRows;
export const labelWidth = 70 * mm;
export const labelHeight = 37 * mm;
// The sheet's 8 rows are 296 mm of the A4's 297: the printers' sheets centre them.
const sheetTop = pageHeight - (pageHeight - labelRows * labelHeight) / 2;
const sheetLeft = (pageWidth - labelColumns * labelWidth) / 2;
// Inside a label: clear of the die-cut edge, which a printer rarely hits exactly.
const labelPaddingX = 5 * mm;
const labelPaddingY = 3.5 * mm;

// C5 landscape; the address area is where a window envelope's window is, low on the right.
export const c5Width = 229 * mm;
export const c5Height = 162 * mm;
export const c5AddressBox = { x: 120 * mm, y: 20 * mm, width: 90 * mm, height: 45 * mm };

export type LabelsLayout = "labels-3x8" | "c5";
export type LabelsOptions = {
  layout: LabelsLayout;
  /** Labels only: the first unused label of a half-used sheet, 1 to 24, row by row from the top left. */
  startPosition?: number;
  title?: string;
  language?: string;
};

/** Where the text of one address goes: the box, the size to start from and the smallest to shrink to. */
type Box = { x: number; y: number; width: number; height: number };
type Sizes = { start: number; min: number };
const labelSizes: Sizes = { start: 10, min: 6 };
const envelopeSizes: Sizes = { start: 12, min: 7 };
const lineHeight = 1.2;

/**
 * The address's lines at the largest size, from sizes.start down to sizes.min in half points, whose
 * wrapped lines fit the box's height. Real addresses within the contract's field limits fit at the
 * minimum; one that does not (every field at its limit in wide capitals) goes on shrinking below it
 * rather than be cut off, because a cut-off address is a lost letter.
 */
export function fitLines(
  font: PDFFont,
  lines: string[],
  box: { width: number; height: number },
  sizes: Sizes,
): { size: number; lines: string[] } {
  const safe = lines.map((line) => printable(font, line));
  const wrapAt = (size: number) =>
    safe.flatMap((line) =>
      font.widthOfTextAtSize(line, size) <= box.width ? [line] : wrapText(font, line, size, box.width),
    );
  let size = sizes.start;
  let wrapped = wrapAt(size);
  const fits = () => wrapped.length * size * lineHeight <= box.height;
  while (!fits() && size > sizes.min) {
    size -= 0.5;
    wrapped = wrapAt(size);
  }
  // The last resort (see above); at 2 points it stops regardless.
  while (!fits() && size > 2) {
    size -= 0.5;
    wrapped = wrapAt(size);
  }
  return { size, lines: wrapped };
}

function drawAddress(
  page: PDFPage,
  font: PDFFont,
  address: PostalAddress,
  box: Box,
  sizes: Sizes,
  centre: boolean,
) {
  const fitted = fitLines(font, addressLines(address), box, sizes);
  const step = fitted.size * lineHeight;
  const blockHeight = fitted.lines.length * step;
  // A label's block is centred in its height; an envelope's starts at the top of the window.
  const top = centre ? box.y + (box.height + blockHeight) / 2 : box.y + box.height;
  // The first baseline a whole em below the top, so accents on capitals (Å, Ä, Ö) stay inside too.
  let y = top - fitted.size - (step - fitted.size) / 2;
  for (const line of fitted.lines) {
    page.drawText(line, { x: box.x, y, size: fitted.size, font, color: ink });
    y -= step;
  }
}

/** The position's box on the label sheet: 1 is the top left, 3 the top right, 24 the bottom right. */
export function labelBox(position: number): Box {
  const index = position - 1;
  const column = index % labelColumns;
  const row = Math.floor(index / labelColumns);
  const x = sheetLeft + column * labelWidth;
  const y = sheetTop - (row + 1) * labelHeight;
  return {
    x: x + labelPaddingX,
    y: y + labelPaddingY,
    width: labelWidth - 2 * labelPaddingX,
    height: labelHeight - 2 * labelPaddingY,
  };
}

/**
 * The PDF of the addresses, in their order. Throws a RangeError for no addresses or a start position
 * outside 1-24 (the API checks both before it calls this).
 */
export async function makeLabelsPdf(addresses: PostalAddress[], options: LabelsOptions): Promise<Uint8Array> {
  const startPosition = options.startPosition ?? 1;
  if (addresses.length === 0) throw new RangeError("No addresses to print.");
  if (!Number.isInteger(startPosition) || startPosition < 1 || startPosition > labelsPerSheet) {
    throw new RangeError(`The start position is 1 to ${labelsPerSheet}.`);
  }
  const { document, fonts } = await newDocument({
    title: options.title ?? (options.layout === "c5" ? "Kuvert" : "Adressetiketter"),
    language: options.language ?? "sv-SE",
  });
  // One embedded font for every page: embedding per page would make 10,000 labels slow and large.
  const font = fonts.regular;

  if (options.layout === "c5") {
    for (const address of addresses) {
      const page = document.addPage([c5Width, c5Height]);
      drawAddress(page, font, address, c5AddressBox, envelopeSizes, false);
    }
  } else {
    let page: PDFPage | undefined;
    addresses.forEach((address, index) => {
      const slot = (startPosition - 1 + index) % labelsPerSheet;
      if (!page || slot === 0) page = document.addPage([pageWidth, pageHeight]);
      drawAddress(page, font, address, labelBox(slot + 1), labelSizes, true);
    });
  }
  return document.save();
}
