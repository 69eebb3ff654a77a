// QR codes for printed plaques and the owner's share panel, drawn by the `qrcode` library. Error
// correction Q by default: a quarter of the code may be scratched, dirty or under a small logo and it
// still reads; H (30 %) for plaques that weather outdoors, at the price of a denser code.
import QRCode from "qrcode";
import type { QrLevel } from "../../../contract/qr";

export type QrFormat = "svg" | "png";
export type QrOptions = {
  format: QrFormat;
  /** Pixels (PNG) or the SVG's width. */ size: number;
  /** Modules of quiet zone. */ margin: number;
  level?: QrLevel;
};
export type QrImage = { body: Uint8Array<ArrayBuffer>; contentType: string };

/** Draws `text` as a QR code. */
export type QrEncoder = (text: string, options: QrOptions) => Promise<QrImage>;

const colours = { dark: "#000000", light: "#ffffff" };

export const qrcodeEncoder: QrEncoder = async (text, { format, size, margin, level = "Q" }) => {
  const common = { errorCorrectionLevel: level, margin, width: size, color: colours };
  if (format === "svg") {
    const svg = await QRCode.toString(text, { ...common, type: "svg" });
    return { body: new TextEncoder().encode(svg), contentType: "image/svg+xml" };
  }
  const png = await QRCode.toBuffer(text, { ...common, type: "png" });
  return { body: new Uint8Array(png), contentType: "image/png" };
};

/** The code's modules without a quiet zone: `size` x `size`, row by row, 1 for dark. */
export type QrMatrix = { size: number; dark: Uint8Array };

/** The module matrix of `text`, for drawing the code as vectors (the print sheet). */
export function qrMatrix(text: string, level: QrLevel = "Q"): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: level });
  return { size: modules.size, dark: modules.data.map((value) => (value ? 1 : 0)) };
}
