// QR codes for printed plaques and the owner's share panel, drawn by the `qrcode` library. Error
// correction Q: a quarter of the code may be scratched, dirty or under a small logo and it still reads.
import QRCode from "qrcode";

export type QrFormat = "svg" | "png";
export type QrOptions = {
  format: QrFormat;
  /** Pixels (PNG) or the SVG's width. */ size: number;
  /** Modules of quiet zone. */ margin: number;
};
export type QrImage = { body: Uint8Array<ArrayBuffer>; contentType: string };

/** Draws `text` as a QR code. */
export type QrEncoder = (text: string, options: QrOptions) => Promise<QrImage>;

const colours = { dark: "#000000", light: "#ffffff" };

export const qrcodeEncoder: QrEncoder = async (text, { format, size, margin }) => {
  const common = { errorCorrectionLevel: "Q" as const, margin, width: size, color: colours };
  if (format === "svg") {
    const svg = await QRCode.toString(text, { ...common, type: "svg" });
    return { body: new TextEncoder().encode(svg), contentType: "image/svg+xml" };
  }
  const png = await QRCode.toBuffer(text, { ...common, type: "png" });
  return { body: new Uint8Array(png), contentType: "image/png" };
};
