// What the app's PDFs (receipts, invoices) share: A4 with pdf-lib's standard Helvetica, the colours,
// text that never makes drawing throw, right-aligned and wrapped text. One place, so a receipt and an
// invoice from the same seller look like they belong together.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from "pdf-lib";

// A4 in points, with 2 cm margins.
export const pageWidth = 595.28;
export const pageHeight = 841.89;
export const margin = 56.7;
export const ink = rgb(0.11, 0.11, 0.13);
export const muted = rgb(0.36, 0.36, 0.4);
export const rule = rgb(0.8, 0.8, 0.82);

// Helvetica's WinAnsi encoding has å, ä, ö and the rest of Latin-1, but not the narrow no-break
// space or the minus sign that Intl's Swedish number formats use: those become their nearest kin.
const replacements: Record<string, string> = { "\u202f": "\u00a0", "\u2212": "-", "\u2009": " " };

/** The text with every character the font cannot encode replaced, so drawing never throws. */
export function printable(font: PDFFont, text: string): string {
  let result = "";
  for (const char of text) {
    const candidate = replacements[char] ?? char;
    try {
      font.encodeText(candidate);
      result += candidate;
    } catch {
      result += "?";
    }
  }
  return result;
}

export type Fonts = { regular: PDFFont; bold: PDFFont };

/** A new PDF with its metadata (title and language, for screen readers) and the two fonts. */
export async function newDocument(meta: { title: string; language: string }): Promise<{
  document: PDFDocument;
  fonts: Fonts;
}> {
  const document = await PDFDocument.create();
  document.setTitle(meta.title);
  document.setLanguage(meta.language);
  document.setCreator("Kammare");
  document.setProducer("Kammare");
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  return { document, fonts: { regular, bold } };
}

export function addA4Page(document: PDFDocument): PDFPage {
  return document.addPage([pageWidth, pageHeight]);
}

export type TextOptions = { font?: PDFFont; size?: number; color?: RGB; alignRight?: boolean };

/** A drawer of one-line texts in the given fonts; x is the right edge when alignRight. */
export function textDrawer(fonts: Fonts) {
  return (page: PDFPage, value: string, x: number, y: number, options: TextOptions = {}): void => {
    const font = options.font ?? fonts.regular;
    const size = options.size ?? 10;
    const safe = printable(font, value);
    const width = options.alignRight ? font.widthOfTextAtSize(safe, size) : 0;
    page.drawText(safe, { x: x - width, y, size, font, color: options.color ?? ink });
  };
}

/** A thin horizontal rule across the text column. */
export function horizontalRule(page: PDFPage, y: number, from = margin, to = pageWidth - margin): void {
  page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness: 0.75, color: rule });
}

/**
 * The text broken into lines no wider than maxWidth: at spaces where it can, inside a word only when
 * the word alone is too wide (a long reference number must not run over the next column).
 */
export function wrapText(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(printable(font, candidate), size) <= maxWidth;
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let current = "";
    for (const word of paragraph.split(/ +/).filter((part) => part !== "")) {
      const candidate = current === "" ? word : `${current} ${word}`;
      if (fits(candidate)) {
        current = candidate;
        continue;
      }
      if (current !== "") lines.push(current);
      current = "";
      let rest = word;
      while (!fits(rest)) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      current = rest;
    }
    lines.push(current);
  }
  return lines;
}

/** Money as people in that language read it: "1 234,50 kr" in Swedish, "SEK 1,234.50" in English. */
export function formatMoney(amountOre: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amountOre / 100);
}
