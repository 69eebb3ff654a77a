// The invoice PDF, read back as text: everything Swedish law asks an invoice to show is there, in the
// customer's language, with the VAT per rate, over as many pages as the lines need and with one
// payment slip on the last page.
import { describe, expect, it } from "vitest";
import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { pdfText, pdfTextRuns } from "../../../tests/support/pdf-text";
import type { InvoiceLine } from "../invoicing/types";
import { makeInvoicePdf, type InvoiceDocument } from "./invoice";

// A 1x1 PNG, enough for the logo to be embedded.
const tinyPng = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
);

function line(
  description: string,
  quantity: number,
  unitPriceOre: number,
  vatRatePercent: number,
): InvoiceLine {
  const netOre = quantity * unitPriceOre;
  return {
    description,
    quantity,
    unitPriceOre,
    vatRatePercent,
    netOre,
    vatOre: Math.round((netOre * vatRatePercent) / 100),
  };
}

function invoiceWith(lines: InvoiceLine[], extra: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const rates = [...new Set(lines.map((each) => each.vatRatePercent))].sort((a, b) => b - a);
  const netByRate = rates.map((rate) => {
    const atRate = lines.filter((each) => each.vatRatePercent === rate);
    return {
      rate,
      netOre: atRate.reduce((sum, each) => sum + each.netOre, 0),
      vatOre: atRate.reduce((sum, each) => sum + each.vatOre, 0),
    };
  });
  const netOre = netByRate.reduce((sum, each) => sum + each.netOre, 0);
  const vatOre = netByRate.reduce((sum, each) => sum + each.vatOre, 0);
  return {
    number: "2026-0042",
    ocr: "420268",
    issueDate: "2026-11-23",
    dueDate: "2026-12-23",
    creditor: {
      name: "Kammare Minnessidor AB",
      orgNumber: "556677-8899",
      vatNumber: "SE556677889901",
      addressLines: ["Storgatan 1", "111 22 Stockholm"],
      bankgiro: "5050-1055",
      seat: "Växjö",
      fSkatt: true,
      email: "faktura@kammare.se",
      phone: "08-123 45 67",
    },
    customer: { name: "Åsa Öberg", addressLines: ["Ängsvägen 3", "123 45 Skövde"], email: "asa@example.se" },
    lines,
    totals: { netByRate, netOre, vatOre, totalOre: netOre + vatOre, toPayOre: netOre + vatOre },
    currency: "SEK",
    termsDays: 30,
    ...extra,
  };
}

const twoRates = invoiceWith([
  line("Kammare-sida, årsplan", 1, 99_600, 25),
  line("Tryckt minnesbok", 2, 45_000, 6),
]);
// 996,00 + 249,00 VAT at 25 %; 900,00 + 54,00 VAT at 6 %; total 2 199,00.

const pageCount = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPageCount();

describe("makeInvoicePdf", () => {
  it("shows every field the law asks for, in Swedish", async () => {
    const text = pdfText(await makeInvoicePdf({ ...twoRates, orderNumber: "KM-17" }, "sv-SE"));
    for (const expected of [
      "Faktura",
      "Fakturanummer",
      "2026-0042",
      "Fakturadatum",
      "2026-11-23",
      "Förfallodatum",
      "2026-12-23",
      "30 dagar netto",
      "Kammare Minnessidor AB",
      "Storgatan 1",
      "111 22 Stockholm",
      "Org.nr 556677-8899",
      "Momsreg.nr SE556677889901",
      "Godkänd för F-skatt",
      "Styrelsens säte: Växjö",
      "Åsa Öberg",
      "Ängsvägen 3",
      "123 45 Skövde",
      "Kammare-sida, årsplan",
      "Tryckt minnesbok",
      "Antal",
      "Summa exkl. moms",
      "Summa moms",
      "Att betala",
      "Inbetalningsavi",
      "Bankgiro",
      "5050-1055",
      "OCR-nummer",
      "420268",
      "Er beställning",
      "KM-17",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain("2 199,00 kr");
  });

  it("shows every field the law asks for, in English, with English money", async () => {
    const text = pdfText(await makeInvoicePdf(twoRates, "en-US"));
    for (const expected of [
      "Invoice",
      "Invoice number",
      "2026-0042",
      "Invoice date",
      "November 23, 2026",
      "Due date",
      "December 23, 2026",
      "Net 30 days",
      "Kammare Minnessidor AB",
      "Storgatan 1",
      "Reg. no. 556677-8899",
      "VAT no. SE556677889901",
      "Approved for F-tax (Godkänd för F-skatt)",
      "Registered office: Växjö",
      "Åsa Öberg",
      "Ängsvägen 3",
      "Qty",
      "Total excl. VAT",
      "Total VAT",
      "Amount to pay",
      "Payment slip",
      "Bankgiro",
      "5050-1055",
      "OCR reference",
      "420268",
      "SEK 2,199.00",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Fakturanummer");
  });

  it("gives the net and the VAT for each rate of a two-rate invoice", async () => {
    const sv = pdfTextRuns(await makeInvoicePdf(twoRates, "sv-SE")).map((run) => run.replace(/\u00a0/g, " "));
    const after = (label: string) => sv[sv.indexOf(label) + 1];
    expect(after("Underlag moms 25 %")).toBe("996,00 kr");
    expect(after("Moms 25 %")).toBe("249,00 kr");
    expect(after("Underlag moms 6 %")).toBe("900,00 kr");
    expect(after("Moms 6 %")).toBe("54,00 kr");
    expect(after("Summa exkl. moms")).toBe("1 896,00 kr");
    expect(after("Summa moms")).toBe("303,00 kr");
    expect(after("Summa inkl. moms")).toBe("2 199,00 kr");

    const en = pdfTextRuns(await makeInvoicePdf(twoRates, "en-US")).map((run) => run.replace(/\u00a0/g, " "));
    expect(en[en.indexOf("VAT 25%") + 1]).toBe("SEK 249.00");
    expect(en[en.indexOf("Net at VAT 6%") + 1]).toBe("SEK 900.00");
  });

  it("prints F-skatt only for a seller approved for it, and the optional rows only when given", async () => {
    const plain = pdfText(
      await makeInvoicePdf({ ...twoRates, creditor: { ...twoRates.creditor, fSkatt: false } }, "sv-SE"),
    );
    expect(plain).not.toContain("F-skatt");
    expect(plain).not.toContain("Påminnelseavgift");
    const reminded = invoiceWith(twoRates.lines, {
      reminderFeeOre: 6000,
      lateInterest: "referensränta + 8 procentenheter",
    });
    reminded.totals = {
      ...reminded.totals,
      roundingOre: -50,
      toPayOre: reminded.totals.totalOre - 50 + 6000,
    };
    const runs = pdfTextRuns(await makeInvoicePdf(reminded, "sv-SE")).map((run) =>
      run.replace(/\u00a0/g, " "),
    );
    expect(runs[runs.indexOf("Påminnelseavgift") + 1]).toBe("60,00 kr");
    expect(runs[runs.indexOf("Öresavrundning") + 1]).toBe("-0,50 kr");
    expect(runs[runs.indexOf("Att betala") + 1]).toBe("2 258,50 kr");
    expect(runs.join("\n")).toContain("dröjsmålsränta: referensränta + 8 procentenheter");
  });

  it("continues a 40-line invoice on a second page, with the totals and one payment slip on the last", async () => {
    const lines = Array.from({ length: 40 }, (_, index) =>
      line(`Rad ${index + 1}: minnesplatta i mässing, gravyr och montering på plats`, 1, 10_000, 25),
    );
    const pdf = await makeInvoicePdf(invoiceWith(lines), "sv-SE");
    expect(await pageCount(pdf)).toBeGreaterThanOrEqual(2);
    const runs = pdfTextRuns(pdf);
    const pageStarts = runs.flatMap((run, index) => (/^Sida \d+ av \d+$/.test(run) ? [index] : []));
    const pages = pageStarts.length;
    expect(runs).toContain(`Sida ${pages} av ${pages}`);
    // Every line is there, each once.
    for (let index = 1; index <= 40; index += 1) {
      expect(runs.filter((run) => run.startsWith(`Rad ${index}:`))).toHaveLength(1);
    }
    // One slip in the whole document, after the last line.
    expect(runs.filter((run) => run === "Inbetalningsavi")).toHaveLength(1);
    expect(runs.filter((run) => run === "Att betala")).toHaveLength(2); // the totals' row and the slip's box
    expect(runs.indexOf("Inbetalningsavi")).toBeGreaterThan(
      runs.findIndex((run) => run.startsWith("Rad 40:")),
    );
    // Each page's runs come from its own content stream; the slip is in the last page's.
    const document = await PDFDocument.load(pdf);
    const perPage = await Promise.all(
      document.getPages().map(async (_, index) => {
        const single = await PDFDocument.create();
        const [copy] = await single.copyPages(document, [index]);
        if (copy) single.addPage(copy);
        return pdfText(await single.save());
      }),
    );
    expect(perPage.at(-1)).toContain("Inbetalningsavi");
    expect(perPage.at(-1)).toContain("Summa inkl. moms");
    for (const earlier of perPage.slice(0, -1)) {
      expect(earlier).not.toContain("Inbetalningsavi");
      expect(earlier).toContain("Fortsättning på nästa sida");
    }
    // A later page still says whose invoice it is and repeats the table's heading.
    expect(perPage[1]).toContain("Faktura 2026-0042");
    expect(perPage[1]).toContain("Beskrivning");
  });

  it("wraps a long description instead of running into the numbers", async () => {
    const long =
      "Kammare-sida med årsplan, inklusive tryckt QR-skylt i brons, montering vid gravplatsen och ett års lagring av bilder och berättelser";
    const runs = pdfTextRuns(await makeInvoicePdf(invoiceWith([line(long, 1, 99_600, 25)]), "sv-SE"));
    const start = runs.findIndex((run) => long.startsWith(run) && run.length > 10);
    expect(start).toBeGreaterThanOrEqual(0);
    const pieces: string[] = [];
    for (let index = start; pieces.join(" ").length < long.length; index += 1) {
      const run = runs[index] ?? "";
      if (!/\d,\d\d|^\d+$|%$/.test(run.replace(/\u00a0/g, " "))) pieces.push(run);
      if (index > start + 20) break;
    }
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join(" ")).toBe(long);
  });

  it("keeps å, ä and ö (and Å, Ä, Ö) as they are", async () => {
    const text = pdfText(await makeInvoicePdf(twoRates, "sv-SE"));
    expect(text).toContain("Åsa Öberg");
    expect(text).toContain("Ängsvägen 3");
    expect(text).toContain("Växjö");
    expect(text).toContain("Förfallodatum");
    expect(text).not.toContain("?");
  });

  it("embeds the creditor's logo when there is one", async () => {
    // The logo is the first page's one image (its transparency rides along as the image's mask).
    const images = async (pdf: Uint8Array) => {
      const [first] = (await PDFDocument.load(pdf)).getPages();
      const xObjects = first?.node.Resources()?.lookup(PDFName.of("XObject"), PDFDict);
      return xObjects?.keys().length ?? 0;
    };
    const without = await makeInvoicePdf(twoRates, "sv-SE");
    expect(await images(without)).toBe(0);
    const withLogo = await makeInvoicePdf(
      { ...twoRates, creditor: { ...twoRates.creditor, logoPng: tinyPng } },
      "sv-SE",
    );
    expect(await images(withLogo)).toBe(1);
    expect(Buffer.from(withLogo).toString("latin1")).toContain("/Subtype /Image");
    // With a logo the name is no longer drawn as the header; it still appears as the seller.
    expect(pdfText(withLogo)).toContain("Kammare Minnessidor AB");
  });

  it("is an A4 document titled with the invoice's number", async () => {
    const document = await PDFDocument.load(await makeInvoicePdf(twoRates, "sv-SE"));
    const [first] = document.getPages();
    expect(first?.getSize().width).toBeCloseTo(595.28, 1);
    expect(first?.getSize().height).toBeCloseTo(841.89, 1);
    expect(document.getTitle()).toBe("Faktura 2026-0042");
  });
});
