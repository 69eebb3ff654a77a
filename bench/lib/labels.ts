// 10,000 address labels as one PDF (the target: 10,000 addresses in under 10 seconds), timed against a
// baseline measured in the same run on the same machine: pdf-lib drawing the same addresses' lines on
// the same 3 x 8 sheets with plain drawText, no wrapping or fitting. The ratio says what the fitting
// costs; the seconds are checked against the target.
import { PDFDocument, StandardFonts } from "pdf-lib";
import { addressLines, maxAddresses, type PostalAddress } from "../../contract/addresses";
import { labelBox, labelsPerSheet, makeLabelsPdf } from "../../server/providers/pdf/labels";
import { pageHeight, pageWidth } from "../../server/providers/pdf/layout";

export const labelsTargetSeconds = 10;

export type LabelsBench = {
  addresses: number;
  /** makeLabelsPdf: parse-free, from addresses to the saved PDF's bytes. */
  seconds: number;
  /** pdf-lib alone drawing the same lines at one size. */
  baselineSeconds: number;
  /** seconds / baselineSeconds. */
  ratio: number;
  pages: number;
  megabytes: number;
  withinTarget: boolean;
};

/** Realistic addresses: some long, with å, ä, ö, a few abroad, a few with a second street line. */
function addresses(count: number): PostalAddress[] {
  return Array.from({ length: count }, (_, index) => ({
    name: index % 7 === 0 ? `Ingrid Kristina Östergren-Åkerlund Wallenberg ${index}` : `Åsa Öberg ${index}`,
    street: index % 5 === 0 ? `Stora Gråbrödragatan ${index} lägenhet 1203 trappa 4` : `Källgränd ${index}`,
    street2: index % 11 === 0 ? "c/o Ärlig" : undefined,
    postcode: index % 13 === 0 ? "0154" : "123 45",
    city: index % 13 === 0 ? "Oslo" : "Västerås",
    country: index % 13 === 0 ? "Norge" : undefined,
  }));
}

async function baseline(list: PostalAddress[]): Promise<{ seconds: number; bytes: number }> {
  const started = performance.now();
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  let page = document.addPage([pageWidth, pageHeight]);
  list.forEach((address, index) => {
    const slot = index % labelsPerSheet;
    if (index > 0 && slot === 0) page = document.addPage([pageWidth, pageHeight]);
    const box = labelBox(slot + 1);
    let y = box.y + box.height - 10;
    for (const line of addressLines(address)) {
      page.drawText(line, { x: box.x, y, size: 10, font });
      y -= 12;
    }
  });
  const bytes = (await document.save()).length;
  return { seconds: (performance.now() - started) / 1000, bytes };
}

/** Times both, baseline first (it warms pdf-lib up for both), and returns the figures. */
export async function runLabelsBench(count = maxAddresses): Promise<LabelsBench> {
  const list = addresses(count);
  const base = await baseline(list);
  const started = performance.now();
  const pdf = await makeLabelsPdf(list, { layout: "labels-3x8" });
  const seconds = (performance.now() - started) / 1000;
  return {
    addresses: count,
    seconds,
    baselineSeconds: base.seconds,
    ratio: seconds / base.seconds,
    pages: Math.ceil(count / labelsPerSheet),
    megabytes: pdf.length / 1024 / 1024,
    withinTarget: seconds < labelsTargetSeconds,
  };
}
