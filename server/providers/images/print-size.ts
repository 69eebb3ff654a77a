// A photo made small for print (the memorial book): at most `maxWidth` pixels wide (and as high), as a
// JPEG pdf-lib can embed. Read from the page's own WebP width, which is already upright and stripped.
import sharp from "sharp";

export async function printSizedJpeg(
  image: Uint8Array,
  maxSide: number,
): Promise<{ data: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(image, { failOn: "none" })
    .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 72, mozjpeg: false })
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}
