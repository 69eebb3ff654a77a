// Whether a visitor's words hold a link (ADR 026): the rule behind "no links unless the owner allows
// them" for a memory's text, name and relation and a candle's name. A hand-written pattern knew a few
// top-level domains and plain ASCII, so `bit.ly/x`, `evil . com`, `evil[.]com`, a full-width `ｅｖｉｌ．ｃｏｍ`,
// a zero-width space or a Greek `ο` went through. Here the words are first brought to what a reader
// sees (the Unicode compatibility form, invisible characters out, look-alike letters as their ASCII
// skeleton, dots written as `[.]`, `(dot)`, ` . ` or `。` as dots), then linkify-it looks for links
// against every top-level domain (the `tlds` package), e-mail addresses and IP addresses; any URL
// scheme (`x://`) and the ones that need no slashes (`tel:`, `mailto:`, `javascript:`, ...) count too.
import { createRequire } from "node:module";
import { remove as asciiSkeleton } from "confusables";
import { LinkifyIt } from "linkify-it";
import type topLevelDomainList from "tlds";

// `tlds` is a JSON list; Node's ESM loader takes JSON only with an import attribute, require always.
const topLevelDomains = createRequire(import.meta.url)("tlds") as typeof topLevelDomainList;

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true }).tlds(topLevelDomains);

/** `scheme://`, whatever the scheme (`hxxp://` too). */
const slashedScheme = /(?<![\p{L}\p{N}])[a-z][a-z0-9+.-]{0,31}:\/\//u;
/** Schemes that need no slashes. Contact ones are refused with spaces after the colon ("Tel: 070…") too. */
const contactScheme =
  /(?<![\p{L}\p{N}])(?:tel|sms|mailto|callto|facetime|skype|whatsapp|viber|tg)\s*:\s*[\p{L}\p{N}+(]/u;
const bareScheme =
  /(?<![\p{L}\p{N}])(?:javascript|vbscript|data|file|magnet|bitcoin|intent|market|sip|sips|xmpp|irc|ircs|webcal|matrix):[^\s]/u;
const wwwPrefix = /(?<![\p{L}\p{N}])www\d{0,3}\./u;

/**
 * Abbreviations written with a dot that look like a one-letter host under a two-letter country domain
 * (`f.Kr.`, `e.Kr.`: before and after Christ in Swedish; the degrees `M.Sc.`, `B.Sc.`). Taken out
 * only where they stand alone: `f.kr/x` or `m.sc.se` are still links.
 */
const dottedAbbreviation = /(?<![\p{L}\p{N}.@-])(?:[fe]\.kr|[bm]\.sc)\.?(?![\p{L}\p{N}/:@.-])/gu;

/** Dots as an obfuscation writes them: `[.]`, `(.)`, `{dot}`, `(punkt)`, ` . `, `evil .com`, `。`. */
function withPlainDots(text: string): string {
  return text
    .replace(/\u3002/g, ".")
    .replace(/\s*[[({<]\s*(?:\.|dot|punkt)\s*[\])}>]\s*/gu, ".")
    .replace(/(?<=[\p{L}\p{N}])\s+\.\s*(?=[\p{L}\p{N}])/gu, ".")
    .replace(dottedAbbreviation, " ");
}

/**
 * The forms of the text a link is looked for in: as a reader sees it (compatibility form, lower case,
 * no invisible characters or stray marks, an overridden run the way round it shows), and the same as its ASCII skeleton (`gοogle` with a Greek
 * omicron is `google`). Both, because the skeleton turns a real non-Latin domain (`пример.рф`) into
 * letters that are none.
 */
export function linkReadings(text: string): [string, string] {
  const visible = text
    .normalize("NFKC")
    // A right-to-left override shows what follows backwards: `\u202Emoc.live` reads "evil.com".
    .replace(/\u202E([^\u202C\u2069\n]*)/gu, (_, run: string) => [...run].reverse().join(""))
    .replace(/\p{Cf}/gu, "");
  const plain = (value: string) => withPlainDots(value.toLowerCase().replace(/\p{M}/gu, ""));
  return [plain(visible), plain(asciiSkeleton(visible))];
}

function holdsLink(reading: string): boolean {
  return (
    linkify.test(reading) ||
    slashedScheme.test(reading) ||
    contactScheme.test(reading) ||
    bareScheme.test(reading) ||
    wwwPrefix.test(reading)
  );
}

export function containsLink(text: string): boolean {
  return linkReadings(text).some(holdsLink);
}
