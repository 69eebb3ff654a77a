// Draws a Swedish invoice (faktura) as an A4 PDF with pdf-lib, in the customer's language. It prints
// what it is given and computes nothing: numbers, OCR, VAT per rate and totals come from the invoicing
// domain, so the PDF can never disagree with the books. What it must show is the law's list
// (mervärdesskattelagen 17 kap. 24 §, and the F-skatt and seat statements that companies must print):
// issue date, unique number, the seller's name, address, organisation and VAT numbers, the buyer's
// name and address, what was sold and how much, the net and the VAT per rate, the total, and when and
// how to pay, the last as a payment slip (inbetalningsavi) at the foot of the last page.
import type { PDFImage, PDFPage } from "pdf-lib";
import type { Locale } from "../../../contract/locale";
import { i18nFor } from "../../../i18n";
// The PDF prints the same lines the invoice provider is handed.
import type { InvoiceLine } from "../invoicing/types";
import {
  addA4Page,
  formatMoney,
  horizontalRule,
  ink,
  margin,
  muted,
  newDocument,
  pageHeight,
  pageWidth,
  textDrawer,
  wrapText,
} from "./layout";

export type InvoiceDocument = {
  number: string;
  ocr: string;
  /** Calendar dates, YYYY-MM-DD: an invoice is dated by the day, not the instant. */
  issueDate: string;
  dueDate: string;
  creditor: {
    name: string;
    orgNumber: string;
    vatNumber: string;
    addressLines: string[];
    bankgiro?: string;
    plusgiro?: string;
    /** The seat of the board (styrelsens säte), a municipality. */
    seat: string;
    fSkatt: boolean;
    email: string;
    phone?: string;
    logoPng?: Uint8Array;
  };
  customer: { name: string; addressLines: string[]; email: string };
  lines: InvoiceLine[];
  totals: {
    netByRate: { rate: number; netOre: number; vatOre: number }[];
    netOre: number;
    vatOre: number;
    totalOre: number;
    roundingOre?: number;
    /** What the customer pays: the total, rounded, plus any reminder fee. */
    toPayOre: number;
  };
  reminderFeeOre?: number;
  currency: "SEK";
  /** Days from the issue date to the due date. */
  termsDays: number;
  /** The late-payment interest, already in the customer's language ("referensränta + 8 %"). */
  lateInterest?: string;
  orderNumber?: string;
  /**
   * What the document is: an invoice (the default); a reminder of one (same number and OCR); a credit
   * note (kreditfaktura: negative amounts, no payment slip, naming the invoice it credits); or a
   * preview of a manual invoice not yet issued.
   */
  kind?: "invoice" | "reminder" | "credit-note" | "preview";
  /** For a credit note: the number of the invoice it credits. */
  creditsNumber?: string;
};

const titleKeys = {
  invoice: "invoicePdf.title",
  reminder: "invoicePdf.reminderTitle",
  "credit-note": "invoicePdf.creditNoteTitle",
  preview: "invoicePdf.previewTitle",
} as const;

const right = pageWidth - margin;
const half = pageWidth / 2 + 10;
// The lines table's columns, by their right edges (numbers align on the right).
const amountRight = right;
const vatRight = right - 95;
const unitRight = vatRight - 45;
const quantityRight = unitRight - 80;
const descriptionWidth = quantityRight - 40 - margin;
const rowSize = 9.5;
const rowLeading = 12;
// Nothing but the footer goes below this line.
const contentBottom = margin + 24;
// The payment slip's height, from its cut line down to contentBottom.
const slipHeight = 150;
const slipTop = contentBottom + slipHeight;

function formatDate(date: string, locale: Locale): string {
  // Swedish invoices print dates the Swedish way (2026-11-23); English readers get the month's name.
  const parsed = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!parsed || locale === "sv-SE") return date;
  const [, year, month, day] = parsed.map(Number) as [number, number, number, number];
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

function formatRate(ratePercent: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(
    ratePercent / 100,
  );
}

function formatQuantity(quantity: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(quantity);
}

export async function makeInvoicePdf(invoice: InvoiceDocument, locale: Locale): Promise<Uint8Array> {
  const { t } = i18nFor(locale);
  const money = (ore: number) => formatMoney(ore, invoice.currency, locale);
  const date = (value: string) => formatDate(value, locale);
  const rate = (value: number) => formatRate(value, locale);
  const { creditor, customer } = invoice;

  const kind = invoice.kind ?? "invoice";
  const title = t(titleKeys[kind]);
  const { document, fonts } = await newDocument({ title: `${title} ${invoice.number}`, language: locale });
  const { regular, bold } = fonts;
  const text = textDrawer(fonts);
  const logo: PDFImage | null = creditor.logoPng ? await document.embedPng(creditor.logoPng) : null;
  const pages: PDFPage[] = [];

  const facts: { label: string; value: string }[] = [
    { label: t("invoicePdf.number"), value: invoice.number },
    { label: t("invoicePdf.issueDate"), value: date(invoice.issueDate) },
    { label: t("invoicePdf.dueDate"), value: date(invoice.dueDate) },
    { label: t("invoicePdf.terms"), value: t("invoicePdf.termsDays", { count: invoice.termsDays }) },
    { label: t("invoicePdf.ocr"), value: invoice.ocr },
    ...(invoice.orderNumber ? [{ label: t("invoicePdf.orderNumber"), value: invoice.orderNumber }] : []),
    ...(invoice.creditsNumber ? [{ label: t("invoicePdf.credits"), value: invoice.creditsNumber }] : []),
  ];

  // The first page: logo and title, the seller (with every statement the law asks of the seller) on
  // the left, the buyer and the invoice's facts on the right.
  const firstPage = (): { page: PDFPage; y: number } => {
    const page = addA4Page(document);
    pages.push(page);
    const top = pageHeight - margin;
    if (logo) {
      const scale = Math.min(150 / logo.width, 48 / logo.height, 1);
      const size = { width: logo.width * scale, height: logo.height * scale };
      page.drawImage(logo, { x: margin, y: top - size.height, ...size });
    } else {
      text(page, creditor.name, margin, top - 20, { font: bold, size: 14 });
    }
    text(page, title, right, top - 20, { font: bold, size: 22, alignRight: true });

    let left = top - 76;
    text(page, t("invoicePdf.seller"), margin, left, { size: 8.5, color: muted });
    left -= 14;
    const sellerLines = [
      ...creditor.addressLines,
      t("invoicePdf.orgNumber", { value: creditor.orgNumber }),
      t("invoicePdf.vatNumber", { value: creditor.vatNumber }),
      t("invoicePdf.seat", { value: creditor.seat }),
      ...(creditor.fSkatt ? [t("invoicePdf.fSkatt")] : []),
      creditor.email,
      ...(creditor.phone ? [t("invoicePdf.phone", { value: creditor.phone })] : []),
    ];
    text(page, creditor.name, margin, left, { font: bold, size: 10.5 });
    left -= 13;
    for (const sellerLine of sellerLines) {
      for (const wrapped of wrapText(regular, sellerLine, 9, half - margin - 20)) {
        text(page, wrapped, margin, left, { size: 9 });
        left -= 12;
      }
    }

    let rightY = top - 76;
    text(page, t("invoicePdf.buyer"), half, rightY, { size: 8.5, color: muted });
    rightY -= 14;
    text(page, customer.name, half, rightY, { font: bold, size: 10.5 });
    rightY -= 13;
    for (const buyerLine of [...customer.addressLines, customer.email]) {
      for (const wrapped of wrapText(regular, buyerLine, 9, right - half)) {
        text(page, wrapped, half, rightY, { size: 9 });
        rightY -= 12;
      }
    }
    rightY -= 10;
    for (const fact of facts) {
      text(page, fact.label, half, rightY, { size: 9, color: muted });
      text(page, fact.value, right, rightY, { size: 9, font: bold, alignRight: true });
      rightY -= 13;
    }
    return { page, y: Math.min(left, rightY) - 22 };
  };

  // Later pages: the invoice's title and number, so a loose page still says whose it is.
  const nextPage = (): { page: PDFPage; y: number } => {
    const page = addA4Page(document);
    pages.push(page);
    const top = pageHeight - margin - 14;
    text(page, `${title} ${invoice.number}`, margin, top, { font: bold, size: 12 });
    text(page, `${t("invoicePdf.ocr")} ${invoice.ocr}`, right, top, {
      size: 9,
      color: muted,
      alignRight: true,
    });
    return { page, y: top - 32 };
  };

  const tableHeader = (page: PDFPage, y: number): number => {
    const size = 8.5;
    text(page, t("invoicePdf.description"), margin, y, { font: bold, size });
    text(page, t("invoicePdf.quantity"), quantityRight, y, { font: bold, size, alignRight: true });
    text(page, t("invoicePdf.unitPrice"), unitRight, y, { font: bold, size, alignRight: true });
    text(page, t("invoicePdf.vatRate"), vatRight, y, { font: bold, size, alignRight: true });
    text(page, t("invoicePdf.amount"), amountRight, y, { font: bold, size, alignRight: true });
    horizontalRule(page, y - 6);
    return y - 20;
  };

  let { page, y } = firstPage();
  y = tableHeader(page, y);
  for (const line of invoice.lines) {
    const described = wrapText(regular, line.description, rowSize, descriptionWidth);
    const height = described.length * rowLeading + 4;
    if (y - height < contentBottom) {
      ({ page, y } = nextPage());
      y = tableHeader(page, y);
    }
    text(page, formatQuantity(line.quantity, locale), quantityRight, y, { size: rowSize, alignRight: true });
    text(page, money(line.unitPriceOre), unitRight, y, { size: rowSize, alignRight: true });
    text(page, rate(line.vatRatePercent), vatRight, y, { size: rowSize, alignRight: true });
    text(page, money(line.netOre), amountRight, y, { size: rowSize, alignRight: true });
    for (const described1 of described) {
      text(page, described1, margin, y, { size: rowSize });
      y -= rowLeading;
    }
    y -= 4;
  }

  // The totals: the net and the VAT for each rate (the law asks for both), then the sums.
  const { totals } = invoice;
  const totalRows: { label: string; value: string; strong?: boolean }[] = [
    ...totals.netByRate.flatMap((entry) => [
      { label: t("invoicePdf.netAtRate", { rate: rate(entry.rate) }), value: money(entry.netOre) },
      { label: t("invoicePdf.vatAtRate", { rate: rate(entry.rate) }), value: money(entry.vatOre) },
    ]),
    { label: t("invoicePdf.net"), value: money(totals.netOre) },
    { label: t("invoicePdf.vat"), value: money(totals.vatOre) },
    { label: t("invoicePdf.total"), value: money(totals.totalOre) },
    ...(totals.roundingOre ? [{ label: t("invoicePdf.rounding"), value: money(totals.roundingOre) }] : []),
    ...(invoice.reminderFeeOre
      ? [{ label: t("invoicePdf.reminderFee"), value: money(invoice.reminderFeeOre) }]
      : []),
    { label: t("invoicePdf.toPay"), value: money(totals.toPayOre), strong: true },
  ];
  const notes = invoice.lateInterest
    ? wrapText(regular, t("invoicePdf.lateInterest", { value: invoice.lateInterest }), 8.5, right - margin)
    : [];
  const totalsHeight = 10 + totalRows.length * 15 + 6 + (notes.length > 0 ? 10 + notes.length * 11 : 0);
  // The totals and the slip stay together on the last page; a full page moves both to a new one.
  if (y - totalsHeight < slipTop + 12) ({ page, y } = nextPage());

  horizontalRule(page, y + 8);
  y -= 10;
  for (const row of totalRows) {
    if (row.strong) y -= 4;
    const font = row.strong ? bold : regular;
    const size = row.strong ? 12 : 9.5;
    text(page, row.label, half, y, { font, size });
    text(page, row.value, right, y, { font, size, alignRight: true });
    y -= 15;
  }
  if (notes.length > 0) y -= 10;
  for (const note of notes) {
    text(page, note, margin, y, { size: 8.5, color: muted });
    y -= 11;
  }

  // A credit note asks for no money: no slip to pay with.
  if (kind !== "credit-note") drawPaymentSlip(page);

  // Footers last, when the number of pages is known.
  for (const [index, each] of pages.entries()) {
    const footer = [
      creditor.name,
      t("invoicePdf.orgNumber", { value: creditor.orgNumber }),
      creditor.email,
    ].join(" · ");
    horizontalRule(each, margin + 12);
    text(each, footer, margin, margin, { size: 8, color: muted });
    const pageLabel = t("invoicePdf.page", { page: index + 1, pages: pages.length });
    text(each, pageLabel, right, margin, { size: 8, color: muted, alignRight: true });
    if (index < pages.length - 1) {
      text(each, t("invoicePdf.continued"), right, margin + 18, {
        size: 8.5,
        color: muted,
        alignRight: true,
      });
    }
  }
  return document.save();

  // The payment slip (inbetalningsavi): below a dashed cut line, what a bank's payment form asks for.
  function drawPaymentSlip(target: PDFPage): void {
    target.drawLine({
      start: { x: margin, y: slipTop },
      end: { x: right, y: slipTop },
      thickness: 0.75,
      color: muted,
      dashArray: [4, 3],
    });
    let slipY = slipTop - 22;
    text(target, t("invoicePdf.slipTitle"), margin, slipY, { font: bold, size: 12 });
    slipY -= 14;
    for (const hint of wrapText(regular, t("invoicePdf.slipHint"), 8.5, right - margin).slice(0, 2)) {
      text(target, hint, margin, slipY, { size: 8.5, color: muted });
      slipY -= 11;
    }
    const boxTop = slipTop - 62;
    const gap = 8;
    const width = (right - margin - 2 * gap) / 3;
    const box = (column: number, row: number, label: string, value: string) => {
      const x = margin + column * (width + gap);
      const topY = boxTop - row * 40;
      target.drawRectangle({ x, y: topY - 34, width, height: 34, borderColor: ink, borderWidth: 0.75 });
      text(target, label, x + 6, topY - 11, { size: 7.5, color: muted });
      const [shown = ""] = wrapText(bold, value, 11, width - 12);
      text(target, shown, x + 6, topY - 27, { font: bold, size: 11 });
    };
    const accounts: [string, string][] = [];
    if (creditor.bankgiro) accounts.push([t("invoicePdf.bankgiro"), creditor.bankgiro]);
    if (creditor.plusgiro) accounts.push([t("invoicePdf.plusgiro"), creditor.plusgiro]);
    box(0, 0, t("invoicePdf.payee"), creditor.name);
    for (const [index, [label, value]] of accounts.entries()) box(index + 1, 0, label, value);
    box(0, 1, t("invoicePdf.ocr"), invoice.ocr);
    box(1, 1, t("invoicePdf.slipAmount"), money(totals.toPayOre));
    box(2, 1, t("invoicePdf.slipDueDate"), date(invoice.dueDate));
  }
}
