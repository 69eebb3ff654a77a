// Reads a PDF drawn in embedded TrueType fonts (the memorial book): each page's fonts, whether each is
// embedded (a FontFile2 in its descriptor) or one of the standard 14, and the text the pages show,
// decoded through each font's own ToUnicode map, as a reader's copy and paste would get it.
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFObject,
} from "pdf-lib";

export type PdfFont = { name: string; subtype: string; baseFont: string; embedded: boolean };

function streamText(stream: PDFObject | undefined): string {
  if (!(stream instanceof PDFRawStream)) return "";
  return Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
}

function utf16(hex: string): string {
  const bytes = Buffer.from(hex, "hex");
  let text = "";
  for (let index = 0; index + 1 < bytes.length; index += 2)
    text += String.fromCharCode(bytes.readUInt16BE(index));
  return text;
}

/** A ToUnicode CMap's code → text, from its bfchar and bfrange sections. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of (section[1] ?? "").matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set((pair[1] ?? "").toLowerCase(), utf16(pair[2] ?? ""));
    }
  }
  for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const range of (section[1] ?? "").matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g,
    )) {
      const width = (range[1] ?? "").length;
      const from = parseInt(range[1] ?? "0", 16);
      const to = parseInt(range[2] ?? "0", 16);
      const start = parseInt(range[3] ?? "0", 16);
      for (let code = from; code <= to; code++) {
        map.set(code.toString(16).padStart(width, "0"), String.fromCodePoint(start + code - from));
      }
    }
  }
  return map;
}

/** The book's fonts and its text, page by page (strings shown with Tj, in drawing order). */
export async function readPdf(pdf: Uint8Array): Promise<{ fonts: PdfFont[]; pages: string[] }> {
  const document = await PDFDocument.load(pdf);
  const lookup = (object: PDFObject | undefined) =>
    object instanceof PDFRef ? document.context.lookup(object) : object;
  const fonts = new Map<string, PdfFont>();
  const pages: string[] = [];
  for (const page of document.getPages()) {
    const resources = page.node.Resources();
    const fontDict = lookup(resources?.get(PDFName.of("Font")));
    const maps = new Map<string, Map<string, string>>();
    if (fontDict instanceof PDFDict) {
      for (const [key, ref] of fontDict.entries()) {
        const font = lookup(ref);
        if (!(font instanceof PDFDict)) continue;
        const subtype = String(font.get(PDFName.of("Subtype")) ?? "");
        const baseFont = String(font.get(PDFName.of("BaseFont")) ?? "");
        let descriptor: PDFObject | undefined = lookup(font.get(PDFName.of("FontDescriptor")));
        const descendants = lookup(font.get(PDFName.of("DescendantFonts")));
        if (descendants instanceof PDFArray) {
          const descendant = lookup(descendants.get(0));
          if (descendant instanceof PDFDict)
            descriptor = lookup(descendant.get(PDFName.of("FontDescriptor")));
        }
        const embedded =
          descriptor instanceof PDFDict &&
          ["FontFile", "FontFile2", "FontFile3"].some(
            (file) => descriptor.get(PDFName.of(file)) !== undefined,
          );
        fonts.set(baseFont, { name: key.toString(), subtype, baseFont, embedded });
        maps.set(key.toString(), toUnicode(streamText(lookup(font.get(PDFName.of("ToUnicode"))))));
      }
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => lookup(ref)) : [contents];
    const runs: string[] = [];
    for (const stream of streams) {
      let current = new Map<string, string>();
      for (const match of streamText(stream ?? undefined).matchAll(
        /(\/\S+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f\s]*)>\s*Tj/g,
      )) {
        if (match[1] !== undefined) {
          current = maps.get(match[1]) ?? new Map();
          continue;
        }
        const hex = (match[2] ?? "").replace(/\s/g, "").toLowerCase();
        let text = "";
        for (let index = 0; index < hex.length; index += 4)
          text += current.get(hex.slice(index, index + 4)) ?? "\ufffd";
        runs.push(text);
      }
    }
    pages.push(runs.join("\n"));
  }
  return { fonts: [...fonts.values()], pages };
}
