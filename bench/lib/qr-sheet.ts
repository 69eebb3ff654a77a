// The QR print sheet of 1,000 codes (ADR 015), timed against a
// baseline measured in the same run on the same machine: the qrcode library alone encoding the same
// 1,000 addresses into module matrices, which any sheet must do. The ratio says what drawing them as
// vectors on A4 pages, with ids and crop marks, adds to the encoding itself.
import QRCode from "qrcode";
import { maxSheetCodes } from "../../contract/qr";
import { codesPerSheet, makeQrSheetPdf } from "../../server/providers/pdf/qr-sheet";

export type QrSheetBench = {
  codes: number;
  /** makeQrSheetPdf: from the pages' addresses to the saved PDF's bytes. */
  seconds: number;
  /** qrcode's QRCode.create for the same addresses. */
  baselineSeconds: number;
  /** seconds / baselineSeconds. */
  ratio: number;
  pages: number;
  megabytes: number;
};

/** Codes as printed plaques carry them: the public address of an 8-character page id. */
function codes(count: number): { id: string; url: string }[] {
  return Array.from({ length: count }, (_, index) => {
    const id = `K${index.toString(36).toUpperCase().padStart(7, "0")}`;
    return { id, url: `https://kammare.se/k/${id}` };
  });
}

/** Times both, baseline first (it warms the qrcode library up for both), and returns the figures. */
export async function runQrSheetBench(count = maxSheetCodes): Promise<QrSheetBench> {
  const list = codes(count);
  const baseStarted = performance.now();
  for (const code of list) QRCode.create(code.url, { errorCorrectionLevel: "Q" });
  const baselineSeconds = (performance.now() - baseStarted) / 1000;
  const started = performance.now();
  const pdf = await makeQrSheetPdf(list, { level: "Q" });
  const seconds = (performance.now() - started) / 1000;
  return {
    codes: count,
    seconds,
    baselineSeconds,
    ratio: seconds / baselineSeconds,
    pages: Math.ceil(count / codesPerSheet),
    megabytes: pdf.length / 1024 / 1024,
  };
}
