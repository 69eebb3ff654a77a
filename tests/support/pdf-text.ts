// Reads the text a PDF shows, for tests of the PDFs the app makes (pdf-lib draws but cannot read).
// Small on purpose: it understands what pdf-lib writes with its standard fonts (Flate-compressed
// content streams, strings shown with Tj as hex in WinAnsi), not every PDF.
import { inflateSync } from "node:zlib";
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";

// WinAnsi differs from Latin-1 only in 0x80-0x9F; these are the ones a receipt may use.
const winAnsiHigh: Record<number, string> = {
  0x80: "€",
  0x91: "‘",
  0x92: "’",
  0x93: "“",
  0x94: "”",
  0x96: "–",
  0x97: "—",
};

function decodeWinAnsi(bytes: Buffer): string {
  let text = "";
  for (const byte of bytes) text += winAnsiHigh[byte] ?? String.fromCharCode(byte);
  return text;
}

/** Every string drawn, in drawing order, one entry per Tj. */
export function pdfTextRuns(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf);
  const binary = raw.toString("latin1");
  const runs: string[] = [];
  const streamPattern = /stream\r?\n/g;
  for (let match = streamPattern.exec(binary); match; match = streamPattern.exec(binary)) {
    const start = match.index + match[0].length;
    const end = binary.indexOf("endstream", start);
    if (end === -1) break;
    const body = raw.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(body).toString("latin1");
    } catch {
      content = body.toString("latin1");
    }
    for (const shown of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      if (shown[1] !== undefined) runs.push(decodeWinAnsi(Buffer.from(shown[1].replace(/\s/g, ""), "hex")));
      else runs.push(decodeWinAnsi(Buffer.from((shown[2] ?? "").replace(/\\(.)/g, "$1"), "latin1")));
    }
    // Past the whole "endstream" keyword: its tail "stream" would otherwise match as a next start
    // and swallow the following stream (a second page's text went missing that way).
    streamPattern.lastIndex = end + "endstream".length;
  }
  return runs;
}

/** The whole text, runs joined by line breaks, with no-break spaces as plain ones. */
export function pdfText(pdf: Uint8Array): string {
  return pdfTextRuns(pdf)
    .join("\n")
    .replace(/\u00a0/g, " ");
}

/** Each page's decoded content streams, in the document's page order. */
async function pageContents(pdf: Uint8Array): Promise<string[][]> {
  const document = await PDFDocument.load(pdf);
  return document.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => document.context.lookup(ref))
        : [contents];
    return streams
      .filter((stream) => stream instanceof PDFRawStream)
      .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1"));
  });
}

/** One rectangle drawn (the re operator): its page (the first is 1), lower left corner and size. */
export type DrawnRectangle = { page: number; x: number; y: number; width: number; height: number };

/** Every rectangle the pages draw, page by page in drawing order. */
export async function pdfRectangles(pdf: Uint8Array): Promise<DrawnRectangle[]> {
  const rectangles: DrawnRectangle[] = [];
  (await pageContents(pdf)).forEach((contents, index) => {
    for (const content of contents) {
      for (const match of content.matchAll(/([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+re\b/g)) {
        const [x, y, width, height] = match.slice(1, 5).map(Number) as [number, number, number, number];
        rectangles.push({ page: index + 1, x, y, width, height });
      }
    }
  });
  return rectangles;
}

/** One straight line drawn (m then l): its page and ends. */
export type DrawnLine = { page: number; from: { x: number; y: number }; to: { x: number; y: number } };

/** Every straight line the pages draw, page by page in drawing order. */
export async function pdfLines(pdf: Uint8Array): Promise<DrawnLine[]> {
  const lines: DrawnLine[] = [];
  (await pageContents(pdf)).forEach((contents, index) => {
    for (const content of contents) {
      for (const match of content.matchAll(/([-\d.]+)\s+([-\d.]+)\s+m\s+([-\d.]+)\s+([-\d.]+)\s+l\b/g)) {
        const [x1, y1, x2, y2] = match.slice(1, 5).map(Number) as [number, number, number, number];
        lines.push({ page: index + 1, from: { x: x1, y: y1 }, to: { x: x2, y: y2 } });
      }
    }
  });
  return lines;
}

/** One string drawn, where: the page (the first is 1), the text matrix's x and y, the font size. */
export type PositionedRun = { page: number; text: string; x: number; y: number; size: number };

/**
 * Every string drawn with its page and position, page by page in drawing order. Reads the pages
 * through pdf-lib (so page order is the document's, not the file's) and follows the Tf and Tm
 * operators pdf-lib writes before each Tj.
 */
export async function pdfPositionedRuns(pdf: Uint8Array): Promise<PositionedRun[]> {
  const runs: PositionedRun[] = [];
  (await pageContents(pdf)).forEach((contents, index) => {
    let size = 0;
    let x = 0;
    let y = 0;
    for (const content of contents) {
      const operators =
        /\/\S+\s+([\d.]+)\s+Tf|[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+([-\d.]+)\s+([-\d.]+)\s+Tm|<([0-9A-Fa-f\s]*)>\s*Tj/g;
      for (const match of content.matchAll(operators)) {
        if (match[1] !== undefined) size = Number(match[1]);
        else if (match[2] !== undefined) {
          x = Number(match[2]);
          y = Number(match[3]);
        } else if (match[4] !== undefined) {
          const text = decodeWinAnsi(Buffer.from(match[4].replace(/\s/g, ""), "hex"));
          runs.push({ page: index + 1, text, x, y, size });
        }
      }
    }
  });
  return runs;
}
