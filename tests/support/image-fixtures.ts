// Images every upload test uses (portraits and covers in images.test.ts, photos in photos*.test.ts):
// a real photo stored sideways with camera metadata, a large PNG, a WebP, and each kind of file the
// image pipeline refuses.
import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import sharp from "sharp";

const red = { r: 255, g: 0, b: 0 };
const blue = { r: 0, g: 0, b: 255 };

export type Fixtures = {
  /** 2000 × 1500 pixels stored sideways (EXIF orientation 6): left half red, right half blue. */
  rotatedJpeg: Buffer;
  /** 800 × 700 noise with half-transparent pixels: over 1 MB, more than the API's usual limit. */
  alphaPng: Buffer;
  webp: Buffer;
  gif: Buffer;
  text: Buffer;
  /** A PNG whose header claims 20000 × 20000 pixels. */
  pixelBomb: Buffer;
  /** A PNG signature in front of something else. */
  fakePng: Buffer;
  /** The first half of a real JPEG. */
  truncatedJpeg: Buffer;
  /** 1 × 30 pixels: longer than 20 times its width. */
  thinPng: Buffer;
};

export async function makeFixtures(): Promise<Fixtures> {
  const halves = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: red } })
    .composite([
      {
        input: { create: { width: 1000, height: 1500, channels: 3, background: blue } },
        left: 1000,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
  const rotatedJpeg = await sharp(halves)
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "KammareTestCam", Copyright: "Secret Owner Name" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const alphaPng = await sharp(randomBytes(800 * 700 * 4), { raw: { width: 800, height: 700, channels: 4 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const webp = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: "#336699" } })
    .webp()
    .toBuffer();
  const gif = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#00ff00" } })
    .gif()
    .toBuffer();
  const tiny = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
  const pixelBomb = Buffer.from(tiny);
  pixelBomb.writeUInt32BE(20_000, 16);
  pixelBomb.writeUInt32BE(20_000, 20);
  pixelBomb.writeUInt32BE(crc32(pixelBomb.subarray(12, 29)), 29);
  const fakePng = Buffer.concat([
    tiny.subarray(0, 8),
    Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
  ]);
  return {
    rotatedJpeg,
    alphaPng,
    webp,
    gif,
    text: Buffer.from("This is not a photo at all, just some words.\n".repeat(20)),
    pixelBomb,
    fakePng,
    truncatedJpeg: rotatedJpeg.subarray(0, Math.floor(rotatedJpeg.length / 2)),
    thinPng: await sharp({ create: { width: 1, height: 30, channels: 3, background: "#000000" } })
      .png()
      .toBuffer(),
  };
}
