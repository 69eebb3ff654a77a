// The printable memorial book of a page (decisions "A page that lasts as long as the grave"): a cover
// with the portrait, name and dates, then the story, the chapters, the photos and the memories, in A4
// or A5, set in the site's own fonts embedded (never a standard font: those have no glyphs past
// Latin-1 and would not be the page's letters). Knows nothing of pages: it draws what it is given.
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import { bookFontFiles } from "./book-fonts";

export type BookSize = "a4" | "a5";

/** A photo in the book: a JPEG already made small for print, loaded only when its page is drawn. */
export type BookPhoto = { caption: string; load: () => Promise<{ data: Uint8Array } | null> };

export type MemorialBookInput = {
  size: BookSize;
  /** The document's language (for screen readers) and title. */
  language: string;
  name: string;
  subtitle: string;
  /** "12 March 1931 – 4 May 2024", already in the reader's language; empty when unknown. */
  lifeDates: string;
  portrait: { data: Uint8Array } | null;
  /** Short lines under the name: where they rest, the ceremony, the candles lit. */
  facts: { label: string; value: string }[];
  story: string;
  chapters: { title: string; period: string; text: string }[];
  albums: { title: string; photos: BookPhoto[] }[];
  memories: { name: string; relation: string | null; date: string; text: string; reply: string | null }[];
  labels: { story: string; chapters: string; photos: string; memories: string; reply: string };
};

const sizes: Record<BookSize, { width: number; height: number; margin: number; scale: number }> = {
  a4: { width: 595.28, height: 841.89, margin: 62, scale: 1 },
  a5: { width: 419.53, height: 595.28, margin: 42, scale: 0.82 },
};

const ink = rgb(0.12, 0.12, 0.14);
const muted = rgb(0.38, 0.38, 0.42);
const accent = rgb(0.12, 0.23, 0.21);

// Measuring lays the text out through fontkit, which costs: each word's width at size 1 is kept per
// font, and a line's width is the sum of its words' (500 memories were seconds of measuring otherwise).
const widthsOf = new WeakMap<PDFFont, Map<string, number>>();
function measure(font: PDFFont, text: string, size: number): number {
  let widths = widthsOf.get(font);
  if (!widths) widthsOf.set(font, (widths = new Map()));
  let width = widths.get(text);
  if (width === undefined) {
    width = font.widthOfTextAtSize(text, 1);
    widths.set(text, width);
  }
  return width * size;
}

/** Lines of `text` no wider than `maxWidth`, each word measured once (long texts stay fast). */
function wrap(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const space = measure(font, " ", size);
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, "\n").split("\n")) {
    let line = "";
    let width = 0;
    for (const word of paragraph.split(/[ \t]+/).filter(Boolean)) {
      let rest = word;
      let wordWidth = measure(font, rest, size);
      if (line && width + space + wordWidth <= maxWidth) {
        line += ` ${rest}`;
        width += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      // A word wider than the column (a long address) is cut where it must be.
      while (wordWidth > maxWidth && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > maxWidth) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
        wordWidth = measure(font, rest, size);
      }
      line = rest;
      width = wordWidth;
    }
    lines.push(line);
  }
  return lines;
}

type Glyph = { id: number; advanceWidth: number };
type FontkitFont = {
  layout: (text: string) => { glyphs: Glyph[] };
  glyphForCodePoint: (codePoint: number) => Glyph;
};

/**
 * Lays text out one glyph per character, without fontkit's shaping: its full layout (ligatures,
 * contextual forms, kerning tables) took 2 to 5 ms a line here, and a book of 500 memories draws
 * thousands of lines. The book's fonts need no shaping for Latin text; kerning is the only loss.
 * pdf-lib reads only the glyphs' ids and advances, for drawing, measuring and the subset.
 */
function withPlainLayout(font: PDFFont): PDFFont {
  const inner = (font as unknown as { embedder?: { font?: FontkitFont } }).embedder?.font;
  if (!inner) return font;
  const glyphs = new Map<number, Glyph>();
  inner.layout = (text: string) => ({
    glyphs: Array.from(text, (char) => {
      const codePoint = char.codePointAt(0) ?? 0;
      let glyph = glyphs.get(codePoint);
      if (!glyph) glyphs.set(codePoint, (glyph = inner.glyphForCodePoint(codePoint)));
      return glyph;
    }),
  });
  return font;
}

/** The book as a PDF's bytes. */
export async function makeMemorialBook(input: MemorialBookInput): Promise<Uint8Array> {
  const format = sizes[input.size];
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  document.setTitle(input.name);
  document.setLanguage(input.language);
  document.setCreator("Kammare");
  document.setProducer("Kammare");
  const files = bookFontFiles();
  const serif = withPlainLayout(await document.embedFont(files.serif, { subset: true }));
  const sans = withPlainLayout(await document.embedFont(files.sans, { subset: true }));
  const s = (points: number) => points * format.scale;
  const left = format.margin;
  const column = format.width - 2 * format.margin;
  const bottom = format.margin + s(14);

  let page: PDFPage = document.addPage([format.width, format.height]);
  let y = format.height - format.margin;
  const newPage = () => {
    page = document.addPage([format.width, format.height]);
    y = format.height - format.margin;
  };
  /** Room for `height` more points on this page, or a new page. */
  const room = (height: number) => {
    if (y - height < bottom) newPage();
  };
  const lines = (
    text: string,
    options: { font?: PDFFont; size?: number; color?: typeof ink; gap?: number; centre?: boolean } = {},
  ) => {
    const font = options.font ?? serif;
    const size = options.size ?? s(11);
    const leading = size * 1.45;
    for (const line of wrap(font, text, size, column)) {
      room(leading);
      y -= leading;
      const x = options.centre ? left + (column - font.widthOfTextAtSize(line, size)) / 2 : left;
      if (line) page.drawText(line, { x, y, size, font, color: options.color ?? ink });
    }
    y -= options.gap ?? size * 0.6;
  };
  const heading = (text: string, size = s(20)) => {
    room(size * 3);
    y -= size * 0.8;
    lines(text, { size, color: accent, gap: size * 0.5 });
  };
  const drawImage = (image: PDFImage, maxWidth: number, maxHeight: number, x: number) => {
    const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1.5);
    const width = image.width * scale;
    const height = image.height * scale;
    page.drawImage(image, { x: x + (maxWidth - width) / 2, y: y - height, width, height });
    return height;
  };

  // The cover: portrait, name, dates, subtitle and the facts, centred.
  y -= s(40);
  if (input.portrait) {
    const portrait = await document.embedJpg(input.portrait.data);
    y -= drawImage(portrait, column, format.height * 0.38, left) + s(28);
  } else y -= s(120);
  lines(input.name, { size: s(30), centre: true, gap: s(10) });
  if (input.lifeDates) lines(input.lifeDates, { font: sans, size: s(12), color: muted, centre: true });
  if (input.subtitle) lines(input.subtitle, { size: s(13), centre: true, gap: s(18) });
  for (const fact of input.facts) {
    lines(`${fact.label}: ${fact.value}`, { font: sans, size: s(10), color: muted, centre: true, gap: s(2) });
  }

  if (input.story.trim()) {
    newPage();
    heading(input.labels.story);
    for (const paragraph of input.story.trim().split(/\n\s*\n/)) lines(paragraph);
  }

  if (input.chapters.length > 0) {
    newPage();
    heading(input.labels.chapters);
    for (const chapter of input.chapters) {
      room(s(60));
      lines(chapter.title, { size: s(15), color: accent, gap: s(2) });
      if (chapter.period) lines(chapter.period, { font: sans, size: s(10), color: muted, gap: s(6) });
      for (const paragraph of chapter.text.trim().split(/\n\s*\n/)) if (paragraph) lines(paragraph);
      y -= s(10);
    }
  }

  const albums = input.albums.filter((album) => album.photos.length > 0);
  if (albums.length > 0) {
    newPage();
    heading(input.labels.photos);
    // Two photos side by side, each in a box of a third of the page's height at most.
    const gutter = s(14);
    const cell = (column - gutter) / 2;
    const boxHeight = Math.min(cell, format.height * 0.3);
    for (const album of albums) {
      if (albums.length > 1 || album.title) {
        room(s(40) + boxHeight);
        lines(album.title, { size: s(14), color: accent, gap: s(8) });
      }
      for (let index = 0; index < album.photos.length; index += 2) {
        const pair = album.photos.slice(index, index + 2);
        const captionSize = s(8.5);
        const captionLines = pair.map((photo) => wrap(sans, photo.caption, captionSize, cell).slice(0, 3));
        const captionHeight =
          Math.max(...captionLines.map((found) => found.filter(Boolean).length)) * captionSize * 1.4;
        room(boxHeight + captionHeight + s(18));
        const top = y;
        let lowest = top;
        for (const [column_, photo] of pair.entries()) {
          const loaded = await photo.load();
          const x = left + column_ * (cell + gutter);
          y = top;
          if (loaded) {
            const image = await document.embedJpg(loaded.data);
            y -= drawImage(image, cell, boxHeight, x) + s(4);
          }
          for (const line of captionLines[column_] ?? []) {
            if (!line) continue;
            y -= captionSize * 1.4;
            page.drawText(line, { x, y, size: captionSize, font: sans, color: muted });
          }
          lowest = Math.min(lowest, y);
        }
        y = lowest - s(16);
      }
    }
  }

  if (input.memories.length > 0) {
    newPage();
    heading(input.labels.memories);
    for (const memory of input.memories) {
      room(s(70));
      lines(memory.text, { gap: s(4) });
      const by = [memory.name, memory.relation, memory.date].filter(Boolean).join(" · ");
      lines(`— ${by}`, { font: sans, size: s(9.5), color: muted, gap: s(4) });
      if (memory.reply) {
        lines(`${input.labels.reply}: ${memory.reply}`, {
          font: sans,
          size: s(9.5),
          color: accent,
          gap: s(4),
        });
      }
      y -= s(12);
    }
  }

  // Page numbers, after the cover.
  const pages = document.getPages();
  pages.forEach((each, index) => {
    if (index === 0) return;
    const label = String(index + 1);
    const size = s(9);
    each.drawText(label, {
      x: (format.width - sans.widthOfTextAtSize(label, size)) / 2,
      y: format.margin / 2,
      size,
      font: sans,
      color: muted,
    });
  });
  return document.save();
}
