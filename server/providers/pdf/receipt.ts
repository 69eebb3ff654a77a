// Draws a receipt as an A4 PDF with pdf-lib. It lays out texts it is given (already in the customer's
// language and formatted); what a receipt says is the receipts domain's business.
import {
  addA4Page,
  ink,
  horizontalRule,
  margin,
  muted,
  newDocument,
  pageWidth,
  printable,
  textDrawer,
} from "./layout";

export type ReceiptLayout = {
  /** The document's language, as a BCP 47 tag (sv-SE, en-US). */
  language: string;
  title: string;
  /** The paid mark beside the title ("Betald", "Paid"); never colour alone: it is a word. */
  stamp: string;
  /** The seller's block: name first, then address, organisation and VAT numbers. */
  seller: string[];
  /** Label and value pairs: receipt number, date, customer, payment method. */
  facts: { label: string; value: string }[];
  columns: { description: string; amount: string };
  items: { description: string; amount: string }[];
  /** Net, VAT and total; the last is printed in bold. */
  totals: { label: string; value: string }[];
  footer: string[];
};

export async function renderReceiptPdf(layout: ReceiptLayout): Promise<Uint8Array> {
  const { document, fonts } = await newDocument({ title: layout.title, language: layout.language });
  const { regular, bold } = fonts;
  const page = addA4Page(document);
  const right = pageWidth - margin;
  const text = textDrawer(fonts);
  const line = (y: number) => horizontalRule(page, y);

  let y = page.getHeight() - margin - 20;
  text(page, layout.title, margin, y, { font: bold, size: 22 });
  // The paid mark: a framed word at the right, readable in black and white.
  const stampSize = 12;
  const stampWidth = bold.widthOfTextAtSize(printable(bold, layout.stamp), stampSize) + 16;
  page.drawRectangle({
    x: right - stampWidth,
    y: y - 6,
    width: stampWidth,
    height: 24,
    borderColor: ink,
    borderWidth: 1.2,
  });
  text(page, layout.stamp, right - 8, y + 1, { font: bold, size: stampSize, alignRight: true });

  y -= 40;
  const sellerTop = y;
  for (const [index, sellerLine] of layout.seller.entries()) {
    text(page, sellerLine, margin, y, { font: index === 0 ? bold : regular, size: index === 0 ? 11 : 9.5 });
    y -= 14;
  }
  // The facts beside the seller, labels and values in two columns on the right half.
  let factsY = sellerTop;
  const labelX = pageWidth / 2 + 10;
  for (const fact of layout.facts) {
    text(page, fact.label, labelX, factsY, { size: 9.5, color: muted });
    text(page, fact.value, right, factsY, { size: 9.5, alignRight: true });
    factsY -= 14;
  }
  y = Math.min(y, factsY) - 24;

  text(page, layout.columns.description, margin, y, { font: bold, size: 10 });
  text(page, layout.columns.amount, right, y, { font: bold, size: 10, alignRight: true });
  y -= 8;
  line(y);
  y -= 16;
  for (const item of layout.items) {
    text(page, item.description, margin, y, { size: 10 });
    text(page, item.amount, right, y, { size: 10, alignRight: true });
    y -= 16;
  }
  line(y + 6);
  y -= 12;
  for (const [index, total] of layout.totals.entries()) {
    const last = index === layout.totals.length - 1;
    const font = last ? bold : regular;
    const size = last ? 12 : 10;
    if (last) y -= 4;
    text(page, total.label, labelX, y, { font, size });
    text(page, total.value, right, y, { font, size, alignRight: true });
    y -= last ? 18 : 15;
  }

  let footerY = margin + 14 * (layout.footer.length - 1);
  for (const footerLine of layout.footer) {
    text(page, footerLine, margin, footerY, { size: 8.5, color: muted });
    footerY -= 14;
  }
  return document.save();
}
