// The site's own typefaces as TrueType for the memorial book (and the keepsake's offline copy): Literata
// for the text, Inter for the small print. pdf-lib subsets a TrueType font through @pdf-lib/fontkit, but
// fails on the site's WOFF2 files, so these are the same fonts (OFL, licences beside them) unpacked once
// from app/fonts/. Bundled with the server as data (Vite's `?inline`), so no file is looked for at run time.
import interUrl from "./fonts/inter.ttf?inline";
import literataUrl from "./fonts/literata.ttf?inline";

export type BookFontFiles = { serif: Uint8Array; sans: Uint8Array };

function bytesOf(dataUrl: string): Uint8Array {
  const comma = dataUrl.indexOf(",");
  return new Uint8Array(Buffer.from(dataUrl.slice(comma + 1), "base64"));
}

let files: BookFontFiles | undefined;

/** The two fonts' bytes, decoded once per process. */
export function bookFontFiles(): BookFontFiles {
  files ??= { serif: bytesOf(literataUrl), sans: bytesOf(interUrl) };
  return files;
}
