// A cached page sent gzip-compressed on every hit without compressing it again: its parts (the HTML
// cut at the CSP nonce, server/http/page-cache.ts) are deflated once, each ending byte-aligned and on
// its own (a full flush), and every hit splices the fresh nonce in between them as a stored (not
// compressed) deflate block, then closes the stream with its CRC-32 and length. Compressing a 134 KB
// page took 1.3 ms a hit; this costs a CRC over the bytes (about 30 µs) and sends a tenth of them.
import { constants, crc32, deflateRawSync } from "node:zlib";

/** The gzip member header: deflate, no name, no time, unknown operating system. */
const gzipHeader = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** An empty stored block with the final bit set: the end of the deflate stream. */
const finalBlock = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** Each part deflated on its own, ending on a byte boundary and not final (a full flush). */
export function deflateParts(parts: readonly Buffer[]): Buffer[] {
  return parts.map((part) => deflateRawSync(part, { level: 6, finishFlush: constants.Z_FULL_FLUSH }));
}

/** The bytes as one stored deflate block (at most 65,535 of them; a nonce is 24). */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0x00;
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

/**
 * The gzip stream of the parts joined with `between` (the nonce): `deflated` are deflateParts(parts),
 * `parts` the same parts uncompressed (for the CRC and the length).
 */
export function splicedGzip(
  { parts, deflated }: { parts: readonly Buffer[]; deflated: readonly Buffer[] },
  between: Buffer,
): Buffer {
  if (between.length > 0xffff) throw new Error("splicedGzip: the spliced value is too long");
  const joint = storedBlock(between);
  const chunks: Buffer[] = [gzipHeader];
  let crc = 0;
  let length = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      chunks.push(joint);
      crc = crc32(between, crc);
      length += between.length;
    }
    chunks.push(deflated[index] as Buffer);
    crc = crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(finalBlock, trailer);
  return Buffer.concat(chunks);
}
